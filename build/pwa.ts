// The installable app (vite-plugin-pwa): the web app manifest, and a Workbox service worker
// generated at build time that precaches the app shell (index.html, the JS and CSS chunks,
// icons), so the app opens with no connection and says so in its connection banner.
//
// - Navigations fall back to the cached index.html (the app is one page), except paths a
//   host may route to Convex's HTTP actions on this origin (/api/, /http/, /.well-known/).
// - Nothing else is cached at run time: Convex (queries, the sync WebSocket, HTTP actions,
//   storage files, which may be private) lives on the deployment's own origin, which this
//   worker never intercepts; only the QR decoder's WebAssembly, a static file of the build,
//   is kept once fetched (the scanner's fallback where the browser has no BarcodeDetector).
// - Production builds only: `vite dev` registers no worker (devOptions off), so HMR and a
//   fresh page on every reload stay as they were. A new build takes over at once
//   (skipWaiting + clientsClaim), so a reload after a deploy gets the new app.
import { VitePWA } from "vite-plugin-pwa";

export const THEME_COLOR = "#4f46e5";

const NAME = "TagMyThing";

/** What iOS and Android read from the page itself: the bar's colour, the home-screen icon and name. */
function homeScreenTags() {
  const meta = (name: string, content: string) => ({ tag: "meta", attrs: { name, content }, injectTo: "head" as const });
  return {
    name: "tagmything-home-screen",
    transformIndexHtml: () => [
      meta("theme-color", THEME_COLOR),
      { tag: "link", attrs: { rel: "apple-touch-icon", href: "/icons/apple-touch-icon-180.png" }, injectTo: "head" as const },
      meta("apple-mobile-web-app-title", NAME),
      meta("apple-mobile-web-app-capable", "yes"),
      meta("mobile-web-app-capable", "yes"),
    ],
  };
}

export function pwaPlugin() {
  return [homeScreenTags(), VitePWA({
    registerType: "autoUpdate",
    // Registered by src/app/serviceWorker.ts, a chunk of its own loaded after the first render.
    injectRegister: false,
    devOptions: { enabled: false },
    includeAssets: ["favicon.svg", "icons/apple-touch-icon-180.png"],
    manifest: {
      id: "/",
      name: NAME,
      short_name: NAME,
      description: "Tag, register and verify what you own.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "any",
      theme_color: THEME_COLOR,
      background_color: "#ffffff",
      categories: ["productivity", "business", "utilities"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
      shortcuts: [
        { name: "Scan", url: "/scan", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
        { name: "My Assets", url: "/assets", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      // The label PDF (pdf-lib and fontkit, 0.5 MB gzipped, and fonts it fetches) stays out of
      // every visitor's install; it is fetched when someone downloads labels.
      globIgnores: ["**/pdf-*.js"],
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [/^\/api\//, /^\/http\//, /^\/\.well-known\//],
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith(".wasm"),
          handler: "CacheFirst",
          options: { cacheName: "decoder", expiration: { maxEntries: 2 } },
        },
      ],
    },
  })];
}
