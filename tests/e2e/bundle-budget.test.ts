// The landing route's (and /news's and /verify's) initial JavaScript stays within budget (gzip of a production build:
// deterministic, so it is asserted; timings are only printed by bench/).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildForMeasure, LANDING_BUDGET_KB, MEASURE_CONVEX_URL, measure, PAGE_BUDGETS_KB, report, type BundleSizes } from "../../bench/bundle-size.mjs";

const outDir = mkdtempSync(path.join(tmpdir(), "tmt-budget-"));
let sizes: BundleSizes;
beforeAll(async () => {
  await buildForMeasure(outDir);
  sizes = measure(outDir);
  console.log(report(sizes));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("bundle budget", () => {
  it(`landing (/) initial JS is at most ${LANDING_BUDGET_KB} KB gzipped`, () => {
    // The real app, not the "not connected" notice a build without a Convex URL renders.
    expect(sizes.connectedTo).toBe(MEASURE_CONVEX_URL);
    expect(sizes.routes.length).toBeGreaterThan(20);
    expect(sizes.landing.initial.gzip / 1024).toBeLessThanOrEqual(LANDING_BUDGET_KB);
  });

  it.each(Object.entries(PAGE_BUDGETS_KB))("%s initial JS is within its budget (%d KB gzipped)", (page, budget) => {
    const route = sizes.routes.find((r) => r.page === page);
    expect(route, `${page} is not a lazily loaded route of its own`).toBeDefined();
    expect(route!.initial.gzip / 1024).toBeLessThanOrEqual(budget);
  });
});
