import { defineConfig, loadEnv } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { cspPlugin } from "./build/csp.ts";
import { fontsPlugin } from "./build/fonts.ts";
import { pwaPlugin } from "./build/pwa.ts";

// The client reads VITE_CONVEX_URL; `npm run dev` points it at the local backend.
// The build writes a Content-Security-Policy naming that deployment (build/csp.ts).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), "VITE_");
  const csp = cspPlugin({ convexUrl: env.VITE_CONVEX_URL, convexSiteUrl: env.VITE_CONVEX_SITE_URL });
  return {
    plugins: [react(), tailwindcss(), csp, fontsPlugin(), pwaPlugin()],
    server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
    build: {
      chunkSizeWarningLimit: 600,
      // Every browser the app supports preloads modules itself: no polyfill in the first download.
      modulePreload: { polyfill: false },
      // Chunks are named by their hash alone: the entry lists every lazy chunk it may preload, and
      // the names were 1.4 KB gzipped of a visitor's first download (bench/bundle-size.mjs).
      rollupOptions: {
        // The entry exports nothing anyone imports; inlining common chunks (below) needs it said.
        preserveEntrySignatures: false,
        output: {
          chunkFileNames: "assets/[hash].js",
          // Everything the entry imports statically in one chunk: the shell was ten, each a request
          // competing for a phone's few connections before the first paint. Only the modules the
          // shell runs (their imports are initial too): following imports as well brought in
          // modules the shell imports only for lazy pages' sake (convex/values, +1.6 KB gzipped).
          codeSplitting: {
            // A module shared by some lazy pages became a chunk of its own for each set of pages
            // sharing it: /verify waited for 26 chunks of 0.1–2 KB, each a request on a phone's
            // few connections before its first paint (Lighthouse mobile 92–94). Common chunks
            // under 12 KB of source are copied into the pages that use them instead: 7 requests,
            // the bytes about the same (bench/bundle-size.mjs, bench/lighthouse.mjs).
            experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
            groups: [
              { name: "shell", tags: ["$initial"], includeDependenciesRecursively: false, priority: 2 },
              // The Convex client in one chunk, not seven: every page but a visitor's landing page
              // waits for all of it anyway (the Convex layer), and each was one more request.
              { name: "convex", test: /node_modules[\\/]convex[\\/]|src[\\/]lib[\\/]convex(Client|Logger)\.ts$/, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
