// The public verify API over real HTTP on the local backend's site URL: the project's own
// convex/ with its seeded demo data, the rate-limiter component hosted by the backend, and the
// X-Forwarded-For the backend adds as Convex's proxy does.
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../../local-backend/index.mjs";
import { VERIFY_API_PER_MINUTE } from "../../convex/lib/verify/apiRules";
import { VERIFY_API_EXAMPLE_FACTS } from "../../convex/lib/verify/openapi";
import { shapeChecker } from "../support/openapi-shapes";
import { httpAs, removeDir, signInAs, start, tempDir, workspacesOf } from "./helpers";

const PROJECT_CONVEX = fileURLToPath(new URL("../../convex", import.meta.url));
const PATH = "/api/v1/verify/{serial}";
const dir = tempDir("lb-verify-api-");
let b: Backend;
let doc: Parameters<typeof shapeChecker>[0];

type Row = { serial: string; name: string; visibility: string };

async function memberAssets(): Promise<Row[]> {
  const { token } = await signInAs(b, "member@example.com");
  const member = httpAs(b, token);
  const [home] = await workspacesOf(member);
  const page = (await member.query("assets:listMine" as never, { workspaceId: home, paginationOpts: { numItems: 20, cursor: null } } as never)) as {
    page: Row[];
  };
  return page.page;
}

beforeAll(async () => {
  b = await start({ dataDir: dir, convexDir: PROJECT_CONVEX });
  doc = await (await fetch(`${b.siteUrl}/api/v1/openapi.json`)).json();
});

afterAll(async () => {
  await b?.stop();
  removeDir(dir);
});

describe("GET /api/v1/verify/{serial} on the local backend", () => {
  it("serves an OpenAPI 3.1 document that is valid and names this site URL", async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { servers: { url: string }[] }).servers).toEqual([{ url: b.siteUrl }]);
  });

  it("answers a public serial as documented, and a private one exactly as an unknown one", async () => {
    const check = shapeChecker(doc);
    const assets = await memberAssets();
    const bike = assets.find((a) => a.name === "Trek Domane road bike")!;
    const laptop = assets.find((a) => a.name === "MacBook Pro 14")!;
    expect(laptop.visibility).toBe("private");

    const found = await fetch(`${b.siteUrl}/api/v1/verify/${bike.serial}`, { headers: { Origin: "https://market.example" } });
    expect(found.status).toBe(200);
    expect(found.headers.get("access-control-allow-origin")).toBe("*");
    expect(await check(PATH, "get", found)).toEqual([]);
    // The demo bike is the documentation's example: the same identity facts.
    expect(await found.json()).toMatchObject({ serial: bike.serial, name: bike.name, kind: "general", status: "active", facts: VERIFY_API_EXAMPLE_FACTS });

    const hidden = await fetch(`${b.siteUrl}/api/v1/verify/${laptop.serial}`);
    const unknown = await fetch(`${b.siteUrl}/api/v1/verify/TMT-2222-3333`);
    expect([hidden.status, unknown.status]).toEqual([404, 404]);
    expect(await hidden.text()).toBe(await unknown.text());
  });

  it("limits each client address, whatever X-Forwarded-For the client sends", async () => {
    const check = shapeChecker(doc);
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i <= VERIFY_API_PER_MINUTE; i++) {
      last = await fetch(`${b.siteUrl}/api/v1/verify/TMT-2222-3333`, { headers: { "X-Forwarded-For": `192.0.2.${i}` } });
      statuses.push(last.status);
    }
    // The earlier tests spent a few of this address's tokens: the 429 comes at the latest here.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await check(PATH, "get", last!)).toEqual([]);
  });
});
