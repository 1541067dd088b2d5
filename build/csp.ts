// The Content-Security-Policy of the built app, written into dist/index.html as a
// <meta http-equiv> tag by cspPlugin (vite.config.ts).
//
// - script-src 'self': Vite's build emits only external module scripts; no inline JS, no eval.
//   'wasm-unsafe-eval' lets the scanner compile its QR decoder (WebAssembly from this origin,
//   src/ui/zxingDecoder.ts); it allows no JavaScript eval.
// - connect-src: the Convex deployment (https + wss for the sync socket; http + ws for a local
//   backend) and its HTTP-actions site (bug reports, storage URLs), plus 'self'.
// - img-src: user images are any http(s) URL; screenshots and QR codes are data:/blob:.
// - style-src 'unsafe-inline': Radix (react-remove-scroll) and sonner inject <style> elements at
//   runtime, and dom-to-image-more writes inline styles into its sandbox iframe.
// - frame-ancestors / report-uri / sandbox are ignored in a <meta> policy (browsers warn), so they
//   are only in cspHeader(): a host that can set headers should send that (clickjacking guard).
// - `vite dev` gets no policy: HMR injects inline scripts and talks to its own websocket.

export type CspInput = {
  /** VITE_CONVEX_URL: the deployment URL the client talks to. */
  convexUrl?: string;
  /** VITE_CONVEX_SITE_URL: the HTTP actions' origin; derived from a *.convex.cloud URL otherwise. */
  convexSiteUrl?: string;
};

/** The origin of `url` and its websocket twin (http→ws, https→wss), or nothing for a non-http URL. */
export function originsOf(url: string | undefined): string[] {
  if (!url) return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return [];
  const socket = parsed.protocol === "https:" ? "wss:" : "ws:";
  return [parsed.origin, `${socket}//${parsed.host}`];
}

export function siteUrlOf({ convexUrl, convexSiteUrl }: CspInput): string | undefined {
  if (convexSiteUrl) return convexSiteUrl;
  if (!convexUrl) return undefined;
  return convexUrl.replace(/\/+$/, "").replace(/\.convex\.cloud$/, ".convex.site");
}

export function cspDirectives(input: CspInput): Record<string, string[]> {
  const connect = [...new Set(["'self'", ...originsOf(input.convexUrl), ...originsOf(siteUrlOf(input))])];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "connect-src": connect,
    "img-src": ["'self'", "data:", "blob:", "https:", "http:"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "font-src": ["'self'", "data:"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
}

const serialize = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");

/** The policy for the <meta http-equiv="Content-Security-Policy"> tag. */
export function cspMeta(input: CspInput): string {
  return serialize(cspDirectives(input));
}

/** The same policy as an HTTP header, with the directives a meta tag cannot carry. */
export function cspHeader(input: CspInput): string {
  return serialize({ ...cspDirectives(input), "frame-ancestors": ["'none'"] });
}

type HtmlTag = { tag: string; attrs: Record<string, string>; injectTo: "head-prepend" };
type Plugin = { name: string; apply: "build"; transformIndexHtml: () => HtmlTag[] };

/** Vite plugin: the built index.html carries the policy as its first <head> element. */
export function cspPlugin(input: CspInput): Plugin {
  return {
    name: "tagmything-csp",
    apply: "build",
    transformIndexHtml: () => {
      if (!input.convexUrl) console.warn("[csp] VITE_CONVEX_URL is not set: connect-src allows only 'self'.");
      return [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: cspMeta(input) }, injectTo: "head-prepend" }];
    },
  };
}
