// GET /api/v1/verify/{serial}: the public verify API. Answers match the OpenAPI document served
// beside it, private assets answer exactly as unknown serials, CORS is open, and each client
// address has its own budget.
import { describe, expect, test } from "vitest";
import { MAX_SERIAL_SEGMENT, VERIFY_API_MESSAGES, VERIFY_API_PER_MINUTE } from "../../convex/lib/verify/apiRules";
import { shapeChecker } from "../support/openapi-shapes";
import { api, ownerWithAsset } from "./verify-support";
import { setupTest, type Backend } from "./setup";
import { generalInput, tagGeneral } from "./assets-support";

const PATH = "/api/v1/verify/{serial}";
const UNKNOWN = "TMT-2222-3333";

function get(t: Backend, serial: string, address = "203.0.113.7") {
  return t.fetch(`/api/v1/verify/${serial}`, { headers: { "X-Forwarded-For": address } });
}

async function checker(t: Backend) {
  const response = await t.fetch("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  return shapeChecker(await response.json());
}

const headersOf = (response: Response) => Object.fromEntries([...response.headers].sort());

describe("verify API", () => {
  test("a public asset answers with its public facts, masked owner and ISO date, as documented", async () => {
    const { t, serial } = await ownerWithAsset("public", true);
    const check = await checker(t);
    const response = await get(t, serial.toLowerCase());
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await check(PATH, "get", response)).toEqual([]);
    const body = await response.json();
    // The same facts the verify page shows, the owner masked the same way.
    const page = await t.query(api.verify.bySerial, { serial });
    if (page.result !== "public") throw new Error("expected the public view");
    expect(body.owner).toBe(page.owner);
    expect(body).toEqual({
      serial,
      name: "Road bike",
      kind: "general",
      status: "active",
      owner: expect.not.stringContaining("Mia"),
      taggedAt: new Date(page.taggedAt).toISOString(),
      facts: [{ label: "Brand", value: "Trek" }, { label: "Model", value: "Domane" }],
      photoUrl: expect.stringMatching(/^https?:\/\//),
    });
    expect(body.facts).toEqual(page.facts);
  });

  test("identity facts and the stolen state as the verify page gives them: the maker's serial masked or whole as its owner chose, a theft's day and nothing else", async () => {
    const { t, owner } = await ownerWithAsset();
    const check = await checker(t);
    const details = { ...generalInput.details, colour: "Blue", makerSerial: "WTU2481357" };
    const { assetId, serial } = await tagGeneral(owner.as, { name: "Gravel bike", details });
    const answer = async () => {
      const response = await get(t, serial);
      expect(response.status).toBe(200);
      expect(await check(PATH, "get", response)).toEqual([]);
      const page = await t.query(api.verify.bySerial, { serial });
      if (page.result !== "public") throw new Error("expected the public view");
      return { body: await response.json(), page };
    };
    const masked = await answer();
    expect(masked.body.facts).toEqual([
      { label: "Brand", value: "Trek" },
      { label: "Model", value: "Domane" },
      { label: "Colour", value: "Blue" },
      { label: "Maker's serial number", value: "••••••1357" },
    ]);
    expect(masked.body.facts).toEqual(masked.page.facts);
    expect(JSON.stringify(masked.body)).not.toContain("WTU248");

    const loaded = (await owner.as.query(api.assets.get, { assetId }))!;
    await owner.as.mutation(api.assets.update, { assetId, version: loaded.version, ...generalInput, name: "Gravel bike", details: { ...details, makerSerialShown: "whole" } as typeof generalInput.details });
    const whole = await answer();
    expect(whole.body.facts).toContainEqual({ label: "Maker's serial number", value: "WTU2481357" });
    expect(whole.body.facts).toEqual(whole.page.facts);
    expect(whole.body).not.toHaveProperty("reportedStolenAt");

    await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen", stolen: { stolenAt: Date.now() - 86_400_000, place: "Mill Road, Cambridge", policeReport: "CB-2026-0042" } });
    const stolen = await answer();
    expect(stolen.body).toMatchObject({ status: "stolen", reportedStolenAt: new Date(stolen.page.reportedStolenAt!).toISOString() });
    const text = JSON.stringify(stolen.body);
    for (const secret of ["Mill Road", "CB-2026-0042", "Mia", "mia.owner"]) expect(text).not.toContain(secret);

    // Made private, the stolen bike answers exactly as a serial never issued.
    await owner.as.mutation(api.assetBulk.setVisibility, { ids: [assetId], visibility: "private" });
    const hidden = await get(t, serial);
    const unknown = await get(t, UNKNOWN);
    expect([hidden.status, await hidden.json(), headersOf(hidden)]).toEqual([unknown.status, await unknown.json(), headersOf(unknown)]);
  });

  test("no photo, no photoUrl key", async () => {
    const { t, serial } = await ownerWithAsset("public", false);
    const response = await get(t, serial);
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).not.toContain("photoUrl");
  });

  test("a private asset answers exactly as an unknown serial: status, body and headers", async () => {
    const { t, serial } = await ownerWithAsset("private", true);
    const check = await checker(t);
    const hidden = await get(t, serial);
    const unknown = await get(t, UNKNOWN);
    expect(hidden.status).toBe(404);
    expect(await check(PATH, "get", hidden)).toEqual([]);
    expect(await hidden.json()).toEqual({ error: VERIFY_API_MESSAGES.notFound });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: VERIFY_API_MESSAGES.notFound });
    expect(headersOf(hidden)).toEqual(headersOf(unknown));
  });

  test("a malformed or overlong serial is a documented 400", async () => {
    const t = setupTest();
    const check = await checker(t);
    for (const bad of ["not-a-serial", "TMT-0000-OOOO", "%E0%A4%A", "A".repeat(MAX_SERIAL_SEGMENT + 1), `TMT-2222-3333${"%20".repeat(30)}`]) {
      const response = await get(t, bad);
      expect(response.status, bad).toBe(400);
      expect(await check(PATH, "get", response)).toEqual([]);
      expect(await response.json()).toEqual({ error: VERIFY_API_MESSAGES.invalid });
    }
  });

  test("CORS: any origin may GET, and the preflight allows it", async () => {
    const { t, serial } = await ownerWithAsset("public");
    const simple = await t.fetch(`/api/v1/verify/${serial}`, { headers: { Origin: "https://market.example" } });
    expect(simple.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const preflight = await t.fetch(`/api/v1/verify/${serial}`, {
      method: "OPTIONS",
      headers: { Origin: "https://market.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-client" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("GET");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("x-client");
    // POST is no route of the API.
    expect((await t.fetch(`/api/v1/verify/${serial}`, { method: "POST" })).status).toBe(404);
  });

  test("past the budget a client gets a documented 429 with Retry-After; other clients are unaffected", async () => {
    const { t, serial } = await ownerWithAsset("public");
    const check = await checker(t);
    // A caller's own X-Forwarded-For entries come first; only the last (the proxy's) counts.
    for (let i = 0; i < VERIFY_API_PER_MINUTE; i++) {
      expect((await get(t, serial, `10.0.0.${i % 250}, 198.51.100.1`)).status).toBe(200);
    }
    const limited = await get(t, serial, "10.9.9.9, 198.51.100.1");
    expect(limited.status).toBe(429);
    expect(await check(PATH, "get", limited)).toEqual([]);
    expect(await limited.json()).toEqual({ error: VERIFY_API_MESSAGES.limited });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect((await get(t, serial, "198.51.100.2")).status).toBe(200);
  });

  test("the OpenAPI document names this deployment's site URL and every path it serves", async () => {
    const t = setupTest();
    const doc = await (await t.fetch("/api/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: process.env.CONVEX_SITE_URL }]);
    expect(Object.keys(doc.paths)).toEqual([PATH]);
  });
});
