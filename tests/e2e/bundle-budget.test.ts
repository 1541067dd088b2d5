// The landing route's initial JavaScript stays within budget (gzip of a production build:
// deterministic, so it is asserted; timings are only printed by bench/).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, LANDING_BUDGET_KB, measure, report, type BundleSizes } from "../../bench/bundle-size.mjs";

const outDir = mkdtempSync(path.join(tmpdir(), "tmt-budget-"));
let sizes: BundleSizes;
beforeAll(async () => {
  await buildApp(outDir);
  sizes = measure(outDir);
  console.log(report(sizes));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("bundle budget", () => {
  it(`landing (/) initial JS is at most ${LANDING_BUDGET_KB} KB gzipped`, () => {
    expect(sizes.routes.length).toBeGreaterThan(20);
    expect(sizes.landing.initial.gzip / 1024).toBeLessThanOrEqual(LANDING_BUDGET_KB);
  });
});
