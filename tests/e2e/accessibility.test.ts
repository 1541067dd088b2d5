// axe-core over the app's routes for each role: no serious or critical violations
// (moderate and minor ones are printed). The route list comes from src/app/routes.tsx.
// To stay fast (one browser context per role, client-side navigation): the visitor gets
// every public route; each signed-in role gets the signed-in routes it may open (its
// role-specific pages and the member pages whose content differs by role). Public pages
// differ for signed-in users only in the header, which every signed-in route audits.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, DESKTOP, newContext, newPage, signIn } from "./support/app";
import { startStack, type Stack } from "./support/stack";
import { appRouteList, canVisit, type AppRoute, type RoleName } from "./a11y/routeList";
import { ConvexHttpClient } from "convex/browser";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const EMAILS: Record<Exclude<RoleName, "visitor">, string> = {
  member: "member@example.com",
  business: "business@example.com",
  moderator: "moderator@example.com",
  "admin-influencer": "admin-influencer@example.com",
  admin: "admin@example.com",
};
const FAILING_IMPACTS = new Set(["serious", "critical"]);

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let stack: Stack;
let params: Record<string, string>;
const routes = appRouteList();

beforeAll(async () => {
  stack = await startStack();
  // A seeded public serial, and one of the member's seeded assets.
  const anonymous = new ConvexHttpClient(stack.backend.url, { logger: false });
  const publicPage = await anonymous.query(api.publicAssets.list, { paginationOpts: { numItems: 1, cursor: null } });
  const context = await newContext(stack.browser, stack.appUrl);
  try {
    const page = await newPage(context);
    await signIn(page, EMAILS.member);
    const member = clientAs(stack.backend, await authToken(page));
    const mine = await member.query(api.assets.listMine, { paginationOpts: { numItems: 1, cursor: null } });
    params = { serialNumber: publicPage.page[0].serial, assetId: mine.page[0]._id, token: "a11y-not-a-real-token" };
  } finally {
    await context.close();
  }
});
afterAll(async () => {
  await stack?.stop();
});

function concrete(route: AppRoute): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`No value for route parameter :${name} (${route.path})`);
    return encodeURIComponent(params[name]);
  });
}

function plan(role: RoleName): string[] {
  const visible = routes.filter((r) => canVisit(role, r));
  const chosen = role === "visitor" ? visible : visible.filter((r) => r.guard.signedIn);
  return chosen.map(concrete);
}

/** Client-side navigation (React Router listens to popstate), then wait for spinners to settle. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page
    .waitForFunction(() => !document.querySelector(".animate-spin, .animate-pulse") && document.querySelector("main, h1"), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  await page.waitForTimeout(150);
}

async function audit(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

async function auditRole(role: RoleName): Promise<void> {
  // Reduced motion: a toast caught mid fade-in would read as low contrast.
  const context = await stack.browser.newContext({ baseURL: stack.appUrl, viewport: DESKTOP, reducedMotion: "reduce" });
  const failures: string[] = [];
  const notes: string[] = [];
  try {
    const page = await newPage(context);
    if (role === "visitor") await page.goto("/");
    else await signIn(page, EMAILS[role]);
    for (const path of plan(role)) {
      const started = Date.now();
      await visit(page, path);
      if (Date.now() - started > 4_000) notes.push(`${role} ${path}: slow to settle (${Date.now() - started} ms)`);
      const landed = new URL(page.url()).pathname;
      for (const v of await audit(page)) {
        const where = `${role} ${path}${landed !== path ? ` (-> ${landed})` : ""}`;
        const line = `${where}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`;
        if (FAILING_IMPACTS.has(v.impact ?? "")) failures.push(`${line}\n    ${v.nodes[0]?.failureSummary?.replace(/\n/g, "\n    ")}`);
        else notes.push(line);
      }
    }
  } finally {
    await context.close();
  }
  if (notes.length) console.log(`axe, moderate/minor for ${role}:\n  ${notes.join("\n  ")}`);
  expect(failures, failures.join("\n")).toEqual([]);
}

describe("accessibility (axe-core)", () => {
  it("discovers the routes", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/", "/news", "/verify/:serialNumber", "/assets/:assetId"]));
  });
  for (const role of ["visitor", "member", "business", "moderator", "admin-influencer", "admin"] as const) {
    it(`${role}: no serious or critical violations`, async () => {
      await auditRole(role);
    });
  }
});
