import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Suites: Convex functions in the edge runtime (as convex-test recommends),
// React components in jsdom, the local backend + real browser in Node, and the
// deploy check (convex/ bundled as the Convex CLI does) in Node.
export default defineConfig({
  test: {
    // A worker per core: vitest's default keeps one core for its own process, which on CI's
    // 2 cores ran every file in one worker while the other core idled (the suites are CPU-bound
    // in their workers; the main process only transforms).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "convex",
          environment: "edge-runtime",
          include: ["tests/convex/**/*.test.ts"],
          server: { deps: { inline: ["convex-test"] } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: "ui",
          environment: "jsdom",
          include: ["tests/ui/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/ui/setup.ts"],
          testTimeout: 20_000,
          // The presence hook calls convex/react: inlined, it sees the suites' fake of it.
          server: { deps: { inline: ["@convex-dev/presence"] } },
        },
      },
      {
        test: {
          name: "backend",
          environment: "node",
          include: ["tests/local-backend/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time. Vitest runs such files after every other project's, on one core,
          // so `npm test` runs this project in a vitest of its own beside convex, ui and deploy.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "deploy",
          environment: "node",
          include: ["tests/deploy/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          // Builds and serves the app, seeds a template and starts Chromium once per run.
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // A browser test that fails is run once more before the run fails: timing on a shared
          // 2-core machine (CI) can starve one. The first failure is still printed, with its
          // page (support/app.ts newPage), so a real fault shows twice and a flaky one is seen.
          retry: 1,
        },
      },
    ],
  },
});
