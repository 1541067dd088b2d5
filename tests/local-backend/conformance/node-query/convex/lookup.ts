"use node";
// Invalid on Convex: a query in a "use node" file (Node's runtime hosts actions only).
import { queryGeneric } from "convex/server";

export const find = queryGeneric({ args: {}, handler: async () => null });
