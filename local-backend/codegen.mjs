// `npx convex codegen`, plus the `components` export that the Convex CLI can
// only write after asking a deployment to analyse convex.config.ts. Offline we
// analyse it ourselves: each `app.use(component, { name })` becomes
//   "name": import("<package>/_generated/component.js").ComponentApi<"name">
// in api.d.ts and `componentsGeneric()` in api.js, which is what the CLI
// writes for published components (convex/dist/cli.bundle.cjs, componentApiLines).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { esbuild } from "./cli-bundle.mjs";
import { componentConfigs, externalPackagesFromApp } from "./bundle.mjs";

function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

/** The npm package a component directory belongs to (its nearest package.json with a name). */
function packageOf(dir) {
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
    const file = path.join(d, "package.json");
    if (existsSync(file)) {
      const name = JSON.parse(readFileSync(file, "utf8")).name;
      if (name) return name;
    }
  }
  throw new Error(`No package.json above the component in ${dir}`);
}

/**
 * The components mounted by convex/convex.config.ts, as [name, package].
 * @param {string} convexDir
 * @returns {Promise<Array<[string, string]> | null>} null when there is no convex.config
 */
async function mountedComponents(convexDir) {
  const config = ["convex.config.ts", "convex.config.js"].map((f) => path.join(convexDir, f)).find(existsSync);
  if (!config) return null;
  const outDir = mkdtempSync(path.join(tmpdir(), "convex-config-"));
  try {
    const outfile = path.join(outDir, "convex.config.mjs");
    await esbuild.build({
      entryPoints: [config],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      plugins: [componentConfigs(convexDir), externalPackagesFromApp(["*"])],
    });
    const app = (await import(pathToFileURL(outfile).href)).default;
    return [...(app?._childComponents ?? [])].map(([name, child]) => [name, packageOf(child.componentDefinitionPath)]);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Adds the `components` export to convex/_generated/api.{js,d.ts}. */
function writeComponentsApi(convexDir, mounted) {
  const generated = path.join(convexDir, "_generated");
  const dts = path.join(generated, "api.d.ts");
  const js = path.join(generated, "api.js");
  const lines = mounted.map(([name, pkg]) => `  ${JSON.stringify(name)}: import("${pkg}/_generated/component.js").ComponentApi<${JSON.stringify(name)}>;`);
  writeFileSync(dts, `${readFileSync(dts, "utf8").trimEnd()}\n\nexport declare const components: {\n${lines.join("\n")}\n};\n`);
  const source = readFileSync(js, "utf8")
    .replace('import { anyApi } from "convex/server";', 'import { anyApi, componentsGeneric } from "convex/server";')
    .trimEnd();
  writeFileSync(js, `${source}\nexport const components = componentsGeneric();\n`);
}

/** Regenerates convex/_generated for the project whose functions live in convexDir. */
export async function codegen(convexDir) {
  await run("npx", ["convex", "codegen", "--system-udfs", "--typecheck", "disable"], path.dirname(convexDir));
  const mounted = await mountedComponents(convexDir);
  if (mounted) writeComponentsApi(convexDir, mounted);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const convexDir = path.resolve(process.argv[2] ?? "convex");
  await codegen(convexDir);
  console.log(`Generated ${path.relative(process.cwd(), path.join(convexDir, "_generated"))}`);
}
