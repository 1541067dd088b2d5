// The built app's Content-Security-Policy (build/csp.ts).
import { describe, expect, it } from "vitest";
import { cspDirectives, cspHeader, cspMeta, cspPlugin, originsOf } from "../../build/csp";

const parse = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("CSP", () => {
  it("allows only the app's own scripts (and compiling its own WebAssembly, never eval)", () => {
    const p = parse(cspMeta({ convexUrl: "https://happy-cat-123.convex.cloud" }));
    expect(p["script-src"]).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(p["object-src"]).toEqual(["'none'"]);
    expect(p["default-src"]).toEqual(["'self'"]);
  });

  it("connects to the cloud deployment over https and wss, and to its .convex.site HTTP actions", () => {
    const p = parse(cspMeta({ convexUrl: "https://happy-cat-123.convex.cloud" }));
    expect(p["connect-src"]).toEqual([
      "'self'",
      "https://happy-cat-123.convex.cloud",
      "wss://happy-cat-123.convex.cloud",
      "https://happy-cat-123.convex.site",
      "wss://happy-cat-123.convex.site",
    ]);
  });

  it("connects to a local backend over http and ws, with its explicit site URL", () => {
    const p = parse(cspMeta({ convexUrl: "http://127.0.0.1:3210", convexSiteUrl: "http://127.0.0.1:3211" }));
    expect(p["connect-src"]).toEqual(["'self'", "http://127.0.0.1:3210", "ws://127.0.0.1:3210", "http://127.0.0.1:3211", "ws://127.0.0.1:3211"]);
  });

  it("shows user images from any http(s) URL and screenshots from data:/blob:, never javascript:", () => {
    const img = cspDirectives({ convexUrl: "http://127.0.0.1:3210" })["img-src"];
    expect(img).toEqual(["'self'", "data:", "blob:", "https:", "http:"]);
  });

  it("ignores URLs that are not http(s) and a missing deployment URL", () => {
    expect(originsOf("javascript:alert(1)")).toEqual([]);
    expect(originsOf("not a url")).toEqual([]);
    expect(parse(cspMeta({}))["connect-src"]).toEqual(["'self'"]);
  });

  it("keeps frame-ancestors out of the meta tag (browsers ignore it there) and in the header", () => {
    expect(cspMeta({ convexUrl: "http://127.0.0.1:3210" })).not.toContain("frame-ancestors");
    expect(parse(cspHeader({ convexUrl: "http://127.0.0.1:3210" }))["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("is injected first in <head> by the build-only Vite plugin", () => {
    const plugin = cspPlugin({ convexUrl: "http://127.0.0.1:3210" });
    expect(plugin.apply).toBe("build");
    const [tag] = plugin.transformIndexHtml();
    expect(tag).toMatchObject({ tag: "meta", injectTo: "head-prepend", attrs: { "http-equiv": "Content-Security-Policy" } });
    expect(tag.attrs.content).toBe(cspMeta({ convexUrl: "http://127.0.0.1:3210" }));
  });
});
