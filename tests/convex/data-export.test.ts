// "Download my data": built in the background, the ZIP holds every table that names the
// user (EXPORT_PLAN), the owned workspaces' items as JSON and CSV with their files, no
// secrets; the link is the owner's alone and stops working when it expires.
import { unzipSync, strFromU8 } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { EXPORT_PLAN } from "../../convex/lib/privacy/exportPlan";
import { EXPORT_MESSAGES, EXPORT_TTL_MS, EXPORTS_PER_HOUR } from "../../convex/lib/privacy/rules";
import { fundedUser, tagGeneral, upload } from "./assets-support";
import { addConfirmedContact } from "./legacy-support";
import { errorData, lastMessageTo, makeUser, setupTest, type Backend } from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs what is due now (the build), not what waits for later (the link's expiry). */
async function built(t: Backend) {
  // A chain of steps, each scheduling the next.
  vi.advanceTimersByTime(1);
  await t.finishInProgressScheduledFunctions();
  for (let i = 0; i < 3; i++) {
    vi.advanceTimersByTime(0);
    await t.finishInProgressScheduledFunctions();
  }
}

async function zipOf(t: Backend, userId: Id<"users">) {
  const bytes = await t.run(async (ctx) => {
    const row = await ctx.db.query("dataExports").withIndex("by_userId_and_requestedAt", (q) => q.eq("userId", userId)).first();
    // One part: the export is far below EXPORT_PART_BYTES.
    expect(row?.parts).toHaveLength(1);
    const blob = row?.parts === undefined ? null : await ctx.storage.get(row.parts[0]);
    return blob === null ? null : await blob.arrayBuffer();
  });
  if (bytes === null) throw new Error("no export file");
  return unzipSync(new Uint8Array(bytes));
}

describe("download my data", () => {
  test("the ZIP holds every table naming the user, the owned workspace's items as JSON and CSV with their photos, and no secrets", async () => {
    const t = setupTest();
    const sam = await fundedUser(t, 40, { email: "sam@example.com", fullName: "Sam Export" });
    const photo = await upload(t, "image/jpeg", 2048);
    const { serial } = await tagGeneral(sam.as, { name: "Camera" }, [{ storageId: photo, kind: "photo", name: "front.jpg" }]);
    await addConfirmedContact(t, sam.as, "Ann");
    // A stranger's export request never shows up on Sam's screen.
    const other = await makeUser(t);

    await sam.as.mutation(api.dataExport.request, {});
    expect(await sam.as.query(api.dataExport.mine, {})).toMatchObject({ status: "building", urls: [] });
    expect((await errorData(() => sam.as.mutation(api.dataExport.request, {}))).message).toBe(EXPORT_MESSAGES.busy);
    await built(t);

    const mine = await sam.as.query(api.dataExport.mine, {});
    expect(mine).toMatchObject({ status: "ready", expiresAt: Date.now() + EXPORT_TTL_MS });
    expect(mine?.urls).toEqual([expect.stringMatching(/^https?:\/\//)]);
    expect(mine?.done).toBe(mine?.total);
    expect(await other.as.query(api.dataExport.mine, {})).toBeNull();
    const mail = await lastMessageTo(t, "sam@example.com");
    expect(mail?.link).toMatch(/\/settings#your-data$/);

    const zip = await zipOf(t, sam.userId);
    const text = (path: string) => strFromU8(zip[path]);
    for (const [table, ways] of Object.entries(EXPORT_PLAN)) {
      if (ways.some((w) => w.scope === "user")) expect(Object.keys(zip), table).toContain(`account/${table}.json`);
    }
    expect(JSON.parse(text("account/users.json"))[0]).toMatchObject({ email: "sam@example.com", fullName: "Sam Export" });
    expect(JSON.parse(text("account/transactions.json")).map((r: { amount: number }) => r.amount)).toContain(40);
    const contacts = JSON.parse(text("account/nokContacts.json"));
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(["Ann"]);
    expect(Object.keys(contacts[0]).some((k) => /hash/i.test(k))).toBe(false);
    expect(JSON.parse(text("account/authSessions.json"))).toHaveLength(1);

    const base = Object.keys(zip).find((p) => p.endsWith("/items.csv"))!.replace(/items\.csv$/, "");
    expect(base).toMatch(/^workspaces\/Personal-/);
    expect(text(`${base}items.csv`)).toContain(serial);
    expect(JSON.parse(text(`${base}assets.json`))[0]).toMatchObject({ serial, name: "Camera" });
    expect(JSON.parse(text(`${base}assetEvents.json`)).length).toBeGreaterThan(0);
    expect(JSON.parse(text(`${base}assetOwners.json`))).toHaveLength(1);
    expect(zip[`${base}files/${serial}/front.jpg`]).toHaveLength(2048);
  });

  test("each item's certificate links to /verify with signed facts: genuine and current, then out of date; an edited one is refused", async () => {
    const t = setupTest();
    const sam = await fundedUser(t, 40, { email: "sam@example.com" });
    const { serial, assetId } = await tagGeneral(sam.as, { name: "Camera" });
    await sam.as.mutation(api.dataExport.request, {});
    await built(t);
    const zip = await zipOf(t, sam.userId);
    const path = Object.keys(zip).find((p) => p.endsWith(`/certificates/${serial}.pdf`))!;
    const pdf = await PDFDocument.load(zip[path], { updateMetadata: false });
    const url = new URL(pdf.getSubject()!);
    expect(url.pathname).toBe(`/verify/${serial}`);
    const cert = url.searchParams.get("cert")!;
    const check = (c: string, s = serial) => t.query(api.verify.certificate, { serial: s, cert: c });

    expect(await check(cert)).toMatchObject({ genuine: true, status: "active", currentStatus: "active", current: true, issuedAt: Date.now() });
    // Edited facts (a status, a period's date), another serial, a cut signature: none is genuine.
    expect(await check(cert.replace(".active.", ".stolen."))).toEqual({ genuine: false });
    const [issued, status, periods, sig] = cert.split(".");
    expect(await check([issued, status, periods.replace(/^[0-9a-z]/, (c) => (c === "1" ? "2" : "1")), sig].join("."))).toEqual({ genuine: false });
    expect(await check(cert, "TMT-AAAA-AAAA")).toEqual({ genuine: false });
    expect(await check(cert.slice(0, -2))).toEqual({ genuine: false });
    // Nothing on /verify names the owner.
    expect(JSON.stringify(await check(cert))).not.toMatch(/sam|Sam|workspace/i);

    await sam.as.mutation(api.assets.setStatus, { assetId, status: "lost" });
    expect(await check(cert)).toMatchObject({ genuine: true, status: "active", currentStatus: "lost", current: false });
  });

  test("the link expires: the ZIP is deleted and the page says so", async () => {
    const t = setupTest();
    const sam = await makeUser(t, { email: "sam@example.com" });
    await sam.as.mutation(api.dataExport.request, {});
    await built(t);
    vi.advanceTimersByTime(EXPORT_TTL_MS + 1000);
    await built(t);
    expect(await sam.as.query(api.dataExport.mine, {})).toMatchObject({ status: "expired", urls: [] });
    expect(await t.run(async (ctx) => (await ctx.db.query("dataExports").first())?.parts ?? null)).toBeNull();
  });

  test("a cancelled copy does not hold back the next; one not cancelled does, and cancelling never buys more builds than the cooldown allows", async () => {
    const t = setupTest();
    const sam = await makeUser(t, { email: "sam@example.com" });
    const ask = () => sam.as.mutation(api.dataExport.request, {});
    const refusal = async () => (await errorData(ask)).message as string;
    // Asked by mistake and cancelled: the next request is taken at once.
    await ask();
    await sam.as.mutation(api.dataExport.cancel, {});
    await ask();
    expect(await sam.as.query(api.dataExport.mine, {})).toMatchObject({ status: "building" });
    // One that was built holds the next back for the cooldown.
    await built(t);
    expect(await refusal()).toBe(EXPORT_MESSAGES.tooSoon);

    // An attacker's loop, request and cancel: no more builds in an hour than the cooldown lets through.
    const mallory = await makeUser(t, { email: "mallory@example.com" });
    let refused = "";
    for (let i = 0; i < EXPORTS_PER_HOUR + 5 && refused === ""; i++) {
      refused = (await errorData(() => mallory.as.mutation(api.dataExport.request, {})).catch(() => null))?.message ?? "";
      if (refused === "") await mallory.as.mutation(api.dataExport.cancel, {});
    }
    expect(refused).toMatch(/^You have asked for many copies of your data\. Please try again in \d+ minutes?\.$/);
    const builds = await t.run(async (ctx) => (await ctx.db.query("dataExports").withIndex("by_userId_and_requestedAt", (q) => q.eq("userId", mallory.userId)).collect()).length);
    expect(builds).toBe(EXPORTS_PER_HOUR);
    await t.finishInProgressScheduledFunctions();
  });
});
