// The PDFs' fonts read from their npm packages, as the web app serves them (build/fonts.ts),
// with a record of which fallback faces a document asked for.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { FACES, type Face, type FallbackFace } from "../../convex/lib/fonts/faces";

const require = createRequire(import.meta.url);

export const fontFile = (face: Face) => new Uint8Array(readFileSync(require.resolve(FACES[face].source)));

/** A LoadFace reading the packages, and the faces it was asked for. */
export function recordingFaces() {
  const asked: FallbackFace[] = [];
  const load = async (face: FallbackFace) => {
    asked.push(face);
    return fontFile(face);
  };
  return { load, asked };
}

/** The labels' font source (labels, audit report). */
export const labelFonts = () => ({ regular: fontFile("dejavu"), bold: fontFile("dejavuBold"), ...recordingFaces() });
