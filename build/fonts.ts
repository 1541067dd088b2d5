// The PDFs' fonts (convex/lib/fonts/faces.ts) at /fonts/<file>: emitted into the build from
// their npm packages, and served by `vite dev`. Not JavaScript and never precached (build/pwa.ts
// precaches by extension): a browser fetches one only when a PDF's text needs it, and the
// export action fetches them from SITE_URL for the ownership certificates.
import { createReadStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { FACES, fontPath, type Face } from "../convex/lib/fonts/faces";

const require = createRequire(import.meta.url);
const faces = Object.keys(FACES) as Face[];
const sourceOf = (face: Face) => require.resolve(FACES[face].source);

export function fontsPlugin(): Plugin {
  return {
    name: "tagmything-fonts",
    configureServer(server) {
      const byPath = new Map(faces.map((face) => [fontPath(face), face]));
      server.middlewares.use((req, res, next) => {
        const face = byPath.get((req.url ?? "").split("?")[0]!);
        if (face === undefined) return next();
        res.setHeader("Content-Type", "font/ttf");
        createReadStream(sourceOf(face)).pipe(res);
      });
    },
    generateBundle() {
      for (const face of faces) this.emitFile({ type: "asset", fileName: fontPath(face).slice(1), source: readFileSync(sourceOf(face)) });
    },
  };
}
