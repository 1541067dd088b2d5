// An npm package imported by functions runs in the same runtime as they do:
// Convex's globals, the deployment's variables, frozen time in queries.
import { actionGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";
import { digest, globalNames, look, now } from "globals-probe";

export const fromPackage = queryGeneric({
  args: {},
  handler: async (ctx) => {
    const first = now();
    const start = performance.now();
    while (performance.now() - start < 15) await ctx.db.query("hashes").first();
    return { ...look(), frozen: now() === first && Date.now() === first };
  },
});

export const globals = queryGeneric({ args: {}, handler: async () => globalNames() });

/** Bytes made by Web Crypto go into a document and come back. */
export const storeDigest = mutationGeneric({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    const bytes = await digest(text);
    const id = await ctx.db.insert("hashes", { text, bytes });
    const stored = await ctx.db.get("hashes", id);
    return { isArrayBuffer: bytes instanceof ArrayBuffer, bytes: stored!.bytes as ArrayBuffer };
  },
});

/** Actions may fetch: here the deployment's own HTTP action. */
export const fetchSite = actionGeneric({
  args: {},
  handler: async () => {
    const response = await fetch(`${process.env.CONVEX_SITE_URL}/ping`);
    return { text: await response.text(), ...look() };
  },
});
