// The screens share rules and constants with convex/, but must never reach the server's
// function builders: convex/_generated/server.js reads `process.env`, which a browser does
// not have. A production build tree-shakes such an import away and hides it; `npm run dev`
// serves every module as is, so /assets failed to load there ("process is not defined").
import { expect, test } from "vitest";
import { esbuild } from "../../local-backend/cli-bundle.mjs";

test("no module the app loads in the browser imports convex/_generated/server or the function builders", async () => {
  const result = await esbuild.build({
    entryPoints: ["src/main.tsx"],
    bundle: true,
    write: false,
    metafile: true,
    outdir: "unused",
    format: "esm",
    splitting: true,
    jsx: "automatic",
    packages: "external",
    loader: { ".css": "empty", ".ttf": "empty", ".svg": "empty", ".png": "empty" },
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs);
  // It walked the app: the lazily loaded pages and the convex/lib modules they share.
  expect(inputs).toContain("src/features/assets/AssetsPage.tsx");
  expect(inputs.filter((f) => f.startsWith("convex/lib/")).length).toBeGreaterThan(10);
  const serverOnly = inputs.filter((f) => /^convex\/(_generated\/server|lib\/access|lib\/writes)\./.test(f));
  expect(serverOnly).toEqual([]);
});
