"use node";
// A Node action failing in the app's code.
import { actionGeneric } from "convex/server";
import { failDeep } from "./nested";

export const deep = actionGeneric({ args: {}, handler: async () => failDeep("node action") });
