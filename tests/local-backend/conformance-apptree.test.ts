// Conformance: apps that Convex deploys load here too. Components defined in
// the app's own tree (a folder with convex.config.ts, TypeScript modules), and
// "use node" modules bundled from the app's own node_modules, with convex.json's
// node.externalPackages left as installed (the Convex CLI's entryPoints and node build).
import { cpSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { failure, withConformanceApp } from "./helpers";

const fixture = (rel: string) => fileURLToPath(new URL(`./conformance/apptree/${rel}`, import.meta.url));

describe("an app with its own component and packages", () => {
  // The packages go into the fixture's own node_modules (git-ignored); the backend's checkout has none of them.
  beforeAll(() => {
    for (const name of ["app-only-pkg", "app-external-pkg"]) cpSync(fixture(`packages/${name}`), fixture(`node_modules/${name}`), { recursive: true });
  });
  afterAll(() => rmSync(fixture("node_modules"), { recursive: true, force: true }));
  const ctx = withConformanceApp("apptree");

  it("hosts a component defined in a folder of convex/, one set of tables per instance", async () => {
    expect(await ctx.http.mutation(api.app.bump, { instance: "counter", name: "a" })).toBe(1);
    expect(await ctx.http.mutation(api.app.bump, { instance: "counter", name: "a" })).toBe(2);
    expect(await ctx.http.mutation(api.app.bump, { instance: "second", name: "a" })).toBe(1);
    expect(await ctx.http.query(api.app.get, { instance: "counter", name: "a" })).toBe(2);
    expect(await ctx.http.query(api.app.get, { instance: "second", name: "a" })).toBe(1);
  });

  it("does not deploy the component's folder as the app's modules", async () => {
    expect(await failure(ctx.http.query(api["counter/counts"].get, { name: "a" }))).toContain("Could not find public function for 'counter/counts:get'");
  });

  it("bundles a \"use node\" module's packages from the app's node_modules and loads its external packages from there", async () => {
    const { greeting, bundledFrom, externalFrom } = await ctx.http.action(api.packaged.probe, {});
    expect(greeting).toBe("hello from the app's own package");
    expect(bundledFrom).not.toContain("node_modules");
    expect(fileURLToPath(externalFrom)).toBe(fixture("node_modules/app-external-pkg/index.js"));
  });
});
