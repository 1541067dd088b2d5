// POST /submit-bug-report: who may send, what is accepted, what is stored.
import { afterEach, describe, expect, test, vi } from "vitest";
import { MAX_SCREENSHOT_BYTES, REPORTS_PER_HOUR } from "../../convex/lib/bugReports/rules";
import { JPEG_DATA_URL, payload, submit } from "./bug-reports-support";
import { SITE_URL, makeUser, setupTest, snapshot, asIdentity } from "./setup";

afterEach(() => vi.useRealTimers());

async function reports(t: ReturnType<typeof setupTest>) {
  return await t.run(async (ctx) => await ctx.db.query("bugReports").collect());
}

describe("submitting a bug report", () => {
  test("a signed-in member's report is stored with the screenshot in file storage", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    const { status, json, headers } = await submit(member.as, payload());
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, id: expect.any(String) });
    expect(headers.get("Access-Control-Allow-Origin")).toBe(SITE_URL);
    const [report] = await reports(t);
    expect(report._id).toBe(json.id);
    expect(report).toMatchObject({
      userId: member.userId,
      reporterRole: "influencer",
      description: "The save button does nothing",
      status: "open",
      viewport: { width: 1280, height: 800 },
      statusHistory: [{ status: "open", by: member.userId }],
    });
    const stored = await t.run(async (ctx) => {
      const blob = await ctx.storage.get(report.screenshotId);
      return blob && { type: blob.type, head: [...new Uint8Array(await blob.arrayBuffer()).slice(0, 4)] };
    });
    expect(stored).toEqual({ type: "image/png", head: [0x89, 0x50, 0x4e, 0x47] });
  });

  test("user id and role come from the token, never from the body", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    await submit(member.as, payload());
    const [report] = await reports(t);
    expect(report.userId).toBe(member.userId);
    expect(report.reporterRole).toBe("influencer");
  });

  test("a JPEG data URL is accepted too", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    expect((await submit(member.as, payload({ screenshotBase64: JPEG_DATA_URL }))).status).toBe(200);
  });

  test("secrets in the page URL and console entries are redacted on the server as well", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    await submit(
      member.as,
      payload({
        pageUrl: "http://localhost:5173/reset-password?token=abc123&type=recovery",
        consoleLogs: [{ level: "warn", message: "GET /cb?code=998877 failed", timestamp: 2 }],
      }),
    );
    const [report] = await reports(t);
    expect(report.pageUrl).toBe("http://localhost:5173/reset-password?token=[REDACTED]&type=recovery");
    expect(report.consoleLogs[0].message).toBe("GET /cb?code=[REDACTED] failed");
  });

  test("without a token the answer is 401 'No valid session' and nothing is written", async () => {
    const t = setupTest();
    const before = await snapshot(t);
    const { status, json } = await submit(t, payload());
    expect(status).toBe(401);
    expect(json).toEqual({ error: "No valid session" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a token naming no existing user is refused", async () => {
    const t = setupTest();
    const ghost = asIdentity(t, { subject: "not-a-user-id|session" });
    expect((await submit(ghost, payload())).status).toBe(401);
    const gone = await makeUser(t);
    await t.run(async (ctx) => await ctx.db.delete("users", gone.userId));
    expect((await submit(gone.as, payload())).status).toBe(401);
    expect(await reports(t)).toEqual([]);
  });

  test.each([
    ["not JSON", "{oops", 400, "The bug report could not be read"],
    ["a JSON array", "[]", 400, "The bug report could not be read"],
    ["an empty description", payload({ errorMessage: "   " }), 400, "Please describe the issue"],
    ["a 5001-character description", payload({ errorMessage: "x".repeat(5001) }), 400, "Description must be at most 5000 characters"],
    ["no screenshot", payload({ screenshotBase64: "" }), 400, "Screenshot is required"],
    ["a screenshot that is not base64", payload({ screenshotBase64: "data:image/png;base64,***" }), 400, "The bug report could not be read"],
    ["a text file as screenshot", payload({ screenshotBase64: `data:image/png;base64,${btoa("hello, not an image")}` }), 415, "Screenshot must be a JPEG or PNG image"],
    ["21 console entries", payload({ consoleLogs: Array.from({ length: 21 }, () => "error") }), 400, "At most 20 console entries can be sent"],
    ["a 2001-character console entry", payload({ consoleLogs: [{ level: "error", message: "e".repeat(2001) }] }), 400, "Console entries must be at most 2000 characters"],
    ["console entries that are not a list", payload({ consoleLogs: "error" }), 400, "The bug report could not be read"],
  ])("%s is refused", async (_name, body, expectedStatus, error) => {
    const t = setupTest();
    const member = await makeUser(t);
    const { status, json } = await submit(member.as, body);
    expect(status).toBe(expectedStatus);
    expect(json).toEqual({ error });
    expect(await reports(t)).toEqual([]);
  });

  test("a screenshot over 2 MB decoded is refused with 413", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    const big = new Uint8Array(MAX_SCREENSHOT_BYTES + 3);
    big.set([0xff, 0xd8, 0xff]);
    let binary = "";
    for (let i = 0; i < big.length; i += 0x8000) binary += String.fromCharCode(...big.subarray(i, i + 0x8000));
    const { status, json } = await submit(member.as, payload({ screenshotBase64: `data:image/jpeg;base64,${btoa(binary)}` }));
    expect(status).toBe(413);
    expect(json).toEqual({ error: "Screenshot must be at most 2 MB" });
    // Exactly 2 MB still passes.
    const ok = btoa(binary.slice(0, MAX_SCREENSHOT_BYTES));
    expect((await submit(member.as, payload({ screenshotBase64: ok }))).status).toBe(200);
  });

  test("a body declared larger than the limit is refused before it is read", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    const { status } = await submit(member.as, payload(), { "Content-Length": String(10 * 1024 * 1024) });
    expect(status).toBe(413);
  });

  test(`each user may send ${REPORTS_PER_HOUR} reports an hour`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    const member = await makeUser(t);
    const other = await makeUser(t);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await submit(member.as, payload())).status).toBe(200);
    const refused = await submit(member.as, payload());
    expect(refused.status).toBe(429);
    // Ten an hour come back one every six minutes.
    expect(refused.json.error).toBe("You can send at most 10 bug reports an hour. Please try again in 6 minutes.");
    expect((await submit(other.as, payload())).status).toBe(200);
    const storedFiles = await t.run(async (ctx) => (await ctx.db.system.query("_storage").collect()).length);
    expect(storedFiles).toBe(REPORTS_PER_HOUR + 1);
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1);
    expect((await submit(member.as, payload())).status).toBe(200);
  });
});

describe("CORS", () => {
  test("the preflight admits the app's origin with the Authorization header", async () => {
    const t = setupTest();
    const response = await t.fetch("/submit-bug-report", { method: "OPTIONS", headers: { Origin: SITE_URL! } });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(SITE_URL);
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });

  test("another origin gets no Access-Control-Allow-Origin", async () => {
    const t = setupTest();
    const response = await t.fetch("/submit-bug-report", { method: "OPTIONS", headers: { Origin: "https://evil.example" } });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const member = await makeUser(t);
    const { headers } = await submit(member.as, payload(), { Origin: "https://evil.example" });
    expect(headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
