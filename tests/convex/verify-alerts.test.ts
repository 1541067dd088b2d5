// Every visit to a verify page alerts the owner (rate-limited, no identity); finders report found.
import { afterEach, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { VISIT_ALERTS_PER_ASSET_PER_HOUR } from "../../convex/lib/verify/rules";
import { errorData, lastMessageTo, makeUser, snapshot } from "./setup";
import { alertsOf, foundReportsOf, ownerWithAsset } from "./verify-support";

afterEach(() => {
  vi.useRealTimers();
});

const visitor = (n: number) => `visitor-${String(n).padStart(4, "0")}`;

test("a visitor's visit raises one alert for the owner, saying only 'visitor', and the owner sees it", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset();
  const alertId = await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) });
  expect(alertId).not.toBeNull();
  const [alert] = await alertsOf(t, assetId);
  expect(Object.keys(alert).sort()).toEqual(["_creationTime", "_id", "assetId", "at", "viewer", "workspaceId"]);
  expect(alert.viewer).toBe("visitor");

  const mine = await owner.as.query(api.dashboard.alerts, {});
  expect(mine!.unseen).toBe(1);
  expect(mine!.alerts).toEqual([
    { _id: alertId, asset: { name: "Road bike", serial }, at: alert.at, viewer: "visitor", place: null, seen: false },
  ]);
});

test("a signed-in member is shown as 'member', never by name; the owner's own visits raise nothing", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset();
  const member = await makeUser(t, { fullName: "Nosy Neighbour" });
  await member.as.mutation(api.verify.recordVisit, { serial });
  expect(await owner.as.mutation(api.verify.recordVisit, { serial })).toBeNull();
  const alerts = await alertsOf(t, assetId);
  expect(alerts.map((a) => a.viewer)).toEqual(["member"]);
  expect(JSON.stringify(await owner.as.query(api.dashboard.alerts, {}))).not.toMatch(/Nosy|user\d+@/);
});

test("private assets raise alerts too; unknown and malformed serials raise none", async () => {
  const { t, assetId, serial } = await ownerWithAsset("private");
  await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) });
  expect(await t.mutation(api.verify.recordVisit, { serial: "TMT-AAAA-2222" })).toBeNull();
  expect(await t.mutation(api.verify.recordVisit, { serial: "nonsense" })).toBeNull();
  expect(await alertsOf(t, assetId)).toHaveLength(1);
});

test("a reload loop cannot flood the owner: one alert per visitor per window, and a ceiling per asset", async () => {
  vi.useFakeTimers();
  const { t, assetId, serial } = await ownerWithAsset();
  for (let i = 0; i < 5; i++) await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) });
  expect(await alertsOf(t, assetId)).toHaveLength(1);
  for (let i = 2; i < VISIT_ALERTS_PER_ASSET_PER_HOUR + 10; i++) {
    await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(i) });
  }
  expect(await alertsOf(t, assetId)).toHaveLength(VISIT_ALERTS_PER_ASSET_PER_HOUR);
  vi.advanceTimersByTime(60 * 60 * 1000 + 1);
  await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) });
  expect(await alertsOf(t, assetId)).toHaveLength(VISIT_ALERTS_PER_ASSET_PER_HOUR + 1);
});

test("a coarse place is added only by the visitor's consent, rounded to one decimal, once", async () => {
  const { t, owner, serial } = await ownerWithAsset();
  const alertId = (await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) }))!;
  expect(await t.mutation(api.verify.shareVisitPlace, { alertId, place: { lat: 51.50735, lng: -0.12776 } })).toBe(true);
  expect(await t.mutation(api.verify.shareVisitPlace, { alertId, place: { lat: 48.85, lng: 2.35 } })).toBe(false);
  const [alert] = (await owner.as.query(api.dashboard.alerts, {}))!.alerts;
  expect(alert.place).toEqual({ lat: 51.5, lng: -0.1 });
  expect(await t.mutation(api.verify.shareVisitPlace, { alertId: "not-an-id", place: { lat: 1, lng: 1 } })).toBe(false);
});

test("an impossible place is refused; a late one is ignored", async () => {
  vi.useFakeTimers();
  const { t, serial } = await ownerWithAsset();
  const alertId = (await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) }))!;
  const bad = await errorData(() => t.mutation(api.verify.shareVisitPlace, { alertId, place: { lat: 91, lng: 0 } }));
  expect(bad).toEqual({ code: "INVALID", message: "Invalid location" });
  vi.advanceTimersByTime(11 * 60 * 1000);
  expect(await t.mutation(api.verify.shareVisitPlace, { alertId, place: { lat: 1, lng: 1 } })).toBe(false);
});

test("the owner marks alerts seen; nobody else reads or clears them", async () => {
  const { t, owner, serial } = await ownerWithAsset();
  const other = await makeUser(t);
  await t.mutation(api.verify.recordVisit, { serial, visitorId: visitor(1) });
  expect((await other.as.query(api.dashboard.alerts, {}))!.alerts).toEqual([]);
  await other.as.mutation(api.dashboard.markAlertsSeen, {});
  expect((await owner.as.query(api.dashboard.alerts, {}))!.unseen).toBe(1);
  await owner.as.mutation(api.dashboard.markAlertsSeen, {});
  const after = (await owner.as.query(api.dashboard.alerts, {}))!;
  expect(after.unseen).toBe(0);
  expect(after.alerts[0].seen).toBe(true);
});

test("a found report reaches the owner in the app and by email", async () => {
  vi.useFakeTimers();
  const { t, owner, serial } = await ownerWithAsset();
  await t.mutation(api.verify.reportFound, {
    serial,
    message: "  Found it by the canal, it is safe with me.  ",
    contact: "07700 900123",
    visitorId: visitor(1),
  });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const { found } = (await owner.as.query(api.dashboard.alerts, {}))!;
  expect(found).toEqual([
    {
      _id: expect.any(String),
      asset: { name: "Road bike", serial },
      message: "Found it by the canal, it is safe with me.",
      contact: "07700 900123",
      at: expect.any(Number),
    },
  ]);
  const mail = await lastMessageTo(t, "mia.owner@example.com");
  expect(mail).toMatchObject({ subject: "Someone found your Road bike", link: "http://localhost:5173/dashboard" });
  expect(mail!.body).toContain("Found it by the canal");
  expect(mail!.body).toContain("07700 900123");
});

test("bad found reports are refused with a clear error and write nothing", async () => {
  const { t, owner, serial } = await ownerWithAsset();
  const before = await snapshot(t);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ serial, message: "   " }, "INVALID", "Please write a message for the owner"],
    [{ serial, message: "x".repeat(2001) }, "INVALID", "Message must be at most 2000 characters"],
    [{ serial, message: "hi", contact: "c".repeat(201) }, "INVALID", "Contact details must be at most 200 characters"],
    [{ serial: "TMT-AAAA-2222", message: "hi" }, "NOT_FOUND", "No asset is registered with this serial number"],
    [{ serial: "junk", message: "hi" }, "INVALID", "This is not a valid serial number"],
  ];
  for (const [args, code, message] of cases) {
    expect(await errorData(() => t.mutation(api.verify.reportFound, args as never))).toEqual({ code, message });
  }
  expect(await errorData(() => owner.as.mutation(api.verify.reportFound, { serial, message: "mine" }))).toEqual({
    code: "INVALID",
    message: "This is your own asset",
  });
  expect(await snapshot(t)).toEqual(before);
  await t.mutation(api.verify.reportFound, { serial, message: "x".repeat(2000) });
  expect(await foundReportsOf(t)).toHaveLength(1);
});

test("found reports are rate-limited per serial and visitor", async () => {
  const { t, serial } = await ownerWithAsset();
  for (let i = 0; i < 3; i++) await t.mutation(api.verify.reportFound, { serial, message: `try ${i}`, visitorId: visitor(1) });
  const limited = await errorData(() => t.mutation(api.verify.reportFound, { serial, message: "again", visitorId: visitor(1) }));
  // The visitor's three an hour come back one every twenty minutes.
  expect(limited).toEqual({ code: "RATE_LIMITED", message: "Too many requests. Please try again in 20 minutes." });
  await t.mutation(api.verify.reportFound, { serial, message: "someone else", visitorId: visitor(2) });
  expect(await foundReportsOf(t)).toHaveLength(4);
});
