import { build } from "vite";
import { gzipSync } from "node:zlib";
process.env.VITE_CONVEX_URL = "https://bundle-budget-123.convex.cloud";
process.env.NODE_ENV = "production";
const root = process.argv[2];
const out = await build({ root, mode: "production", logLevel: "error", build: { write: false } });
const chunks = (Array.isArray(out) ? out[0] : out).output.filter((o) => o.type === "chunk");
const entry = chunks.find((c) => c.isEntry);
const landing = chunks.find((c) => c.facadeModuleId?.endsWith("LandingPage.tsx"));
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
const seen = new Set(); const walk = (c) => { if (seen.has(c.fileName)) return; seen.add(c.fileName); c.imports.forEach((i) => walk(byFile.get(i))); };
walk(entry); walk(landing);
const groups = {};
for (const f of seen) for (const [id, m] of Object.entries(byFile.get(f).modules)) {
  const g = id.includes("node_modules/react-dom") || id.includes("node_modules/react/") || id.includes("scheduler") ? "react" : id.includes("react-router") ? "router" : id.includes("node_modules") ? "other-nm:" + id.split("node_modules/")[1].split("/")[0] : id.includes("/src/features/landing") ? "landing" : id.includes("/src/ui") ? "ui" : "app";
  (groups[g] ??= []).push(m.code ?? "");
}
for (const [g, codes] of Object.entries(groups)) console.log(g.padEnd(24), (gzipSync(codes.join("\n")).length / 1024).toFixed(1), "KB", codes.length);
const m = entry.code.match(/__vite__mapDeps=[^;]*;/); if (m) console.log("mapDeps", (gzipSync(m[0]).length/1024).toFixed(1));
