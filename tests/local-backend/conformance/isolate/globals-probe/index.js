// An npm package as functions import it (the test copies it into this
// fixture's node_modules): what it sees of the runtime's globals.
export function look() {
  const env = process.env;
  const web = [TextEncoder, TextDecoder, URL, URLSearchParams, Blob, ReadableStream, Request, Response, Headers, structuredClone, atob, btoa, crypto.subtle.digest, crypto.getRandomValues, console.log];
  return {
    buffer: typeof Buffer,
    setImmediate: typeof setImmediate,
    global: typeof global,
    process: Object.keys(process),
    versions: typeof process.versions,
    home: env.HOME ?? null,
    path: env.PATH ?? null,
    cloud: env.CONVEX_CLOUD_URL ?? null,
    site: env.CONVEX_SITE_URL ?? null,
    web: web.every((f) => typeof f === "function"),
    uint8Array: new TextEncoder().encode("x") instanceof Uint8Array,
  };
}

export const globalNames = () => Object.getOwnPropertyNames(globalThis).sort();

export const now = () => Date.now();

export const digest = (text) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
