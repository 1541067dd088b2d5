// `npm ci` prints npm 11's "install scripts not yet covered by allowScripts" notice for any
// dependency whose install script nobody reviewed: every one in the lockfile is named in
// package.json's allowScripts (README: quiet by design).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8"));

describe("install scripts", () => {
  it("every dependency with an install script is reviewed in allowScripts", () => {
    const lock = read("package-lock.json") as { packages: Record<string, { hasInstallScript?: boolean }> };
    const allowed = (read("package.json") as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect([...new Set(withScripts)].filter((name) => !(name in allowed))).toEqual([]);
  });
});
