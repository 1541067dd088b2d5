"use node";
// A "use node" module: Convex runs these in Node, for actions only.
import { actionGeneric } from "convex/server";

export const version = actionGeneric({ args: {}, handler: async () => ({ node: process.version.startsWith("v"), buffer: Buffer.from("hi").toString("base64") }) });
