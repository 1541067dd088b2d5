// Legacy release end to end with fake timers: warnings, check-in, lapse,
// confirmations, and release of exactly the assigned assets to their beneficiaries.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { DAY_MS, MONTH_MS } from "../../convex/lib/legacy/rules";
import { upload } from "./assets-support";
import { addConfirmedContact, contactInput, flush, tagWill, tokenSentTo, willOwner } from "./legacy-support";
import type { Id } from "../../convex/_generated/dataModel";
import { earn } from "../../convex/lib/ledger";
import {
  errorData,
  lastMessageTo,
  outbox,
  setupTest,
  signIn,
  signInAgain,
  signUpVerified,
  snapshot,
  userByEmail,
  type Backend,
  type Client,
} from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function runDue(t: Backend, ms: number) {
  vi.advanceTimersByTime(ms);
  await t.finishInProgressScheduledFunctions();
  // Emails scheduled by the checks that just ran.
  await flush(t);
}

async function plannedEstate(t: Backend, owner: { as: Client; userId: Id<"users"> } | null = null) {
  owner ??= await willOwner(t);
  const ann = await addConfirmedContact(t, owner.as, "Ann");
  const ben = await addConfirmedContact(t, owner.as, "Ben");
  // Cal never confirms: a beneficiary, but never asked to confirm the release.
  const calInput = contactInput("Cal");
  const calId = await owner.as.mutation(api.nextOfKin.add, calInput);
  await flush(t);
  const photo = await upload(t, "image/png");
  const house = await tagWill(owner.as, "House deeds", [{ storageId: photo, kind: "photo", name: "deeds.png" }]);
  const watch = await tagWill(owner.as, "Gold watch");
  const piano = await tagWill(owner.as, "Piano");
  await owner.as.mutation(api.nextOfKin.setBeneficiaries, {
    assetId: house,
    beneficiaries: [{ contactId: ann.contactId, share: 60 }, { contactId: calId, share: 40 }],
  });
  await owner.as.mutation(api.nextOfKin.setBeneficiaries, {
    assetId: watch,
    beneficiaries: [{ contactId: ben.contactId, instructions: "Wind it every Sunday" }],
  });
  return { owner, ann, ben, cal: { contactId: calId, email: calInput.email }, house, watch, piano };
}

describe("legacy release", () => {
  test("warns at 30, 7 and 1 days, resets on check-in, then releases exactly the assigned assets", async () => {
    const t = setupTest();
    const e = await plannedEstate(t);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 2 });
    const start = Date.now();
    const deadline = start + 3 * MONTH_MS;
    expect((await e.owner.as.query(api.legacy.status, {}))!.plan!.deadline).toBe(deadline);

    // 30 days before: email and in-app warning.
    await runDue(t, deadline - 30 * DAY_MS - start);
    expect((await lastMessageTo(t, "owner@example.com"))!.subject).toBe("Your will assets will be released in 30 days");
    // Two months on, the first session has expired: the owner signs in again.
    let owner = await signInAgain(t, e.owner);
    let events = (await owner.query(api.legacy.status, {}))!.events;
    expect(events[0].type).toBe("warning");

    // 'I'm still here' restarts the clock: no 7-day warning at the old time.
    await owner.mutation(api.legacy.checkIn, {});
    const restarted = Date.now();
    await runDue(t, 23 * DAY_MS);
    expect((await lastMessageTo(t, "owner@example.com"))!.subject).toContain("30 days");
    const status = (await owner.query(api.legacy.status, {}))!;
    expect(status.plan!.deadline).toBe(restarted + 3 * MONTH_MS);
    expect(status.plan!.state).toBe("active");

    // Let the whole new period run out: 30, 7, 1-day warnings, then the lapse.
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    owner = await signInAgain(t, e.owner);
    const subjects = (await outbox(t)).filter((m) => m.to === "owner@example.com").map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(["Your will assets will be released in 7 days", "Your will assets will be released in 1 day", "Your legacy release has started"]),
    );
    const lapsed = (await owner.query(api.legacy.status, {}))!;
    expect(lapsed.plan!.state).toBe("lapsed");
    expect(lapsed.plan!.confirmationsNeeded).toBe(2);
    // Only confirmed contacts are asked.
    expect((await lastMessageTo(t, e.ann.email))!.subject).toContain("Please confirm");
    expect((await lastMessageTo(t, e.ben.email))!.subject).toContain("Please confirm");
    expect((await lastMessageTo(t, e.cal.email))!.subject).not.toContain("Please confirm");

    const annConfirm = await tokenSentTo(t, e.ann.email);
    expect((await t.mutation(api.legacy.confirmLapse, { token: annConfirm })).outcome).toBe("waiting");
    // A second press by the same contact does not count twice.
    expect((await t.mutation(api.legacy.confirmLapse, { token: annConfirm })).outcome).toBe("waiting");
    expect((await t.mutation(api.legacy.confirmLapse, { token: await tokenSentTo(t, e.ben.email) })).outcome).toBe("released");
    await flush(t);

    const annView = await t.query(api.legacyLinks.view, { token: await tokenSentTo(t, e.ann.email) });
    expect(annView!.assets.map((a) => a.name)).toEqual(["House deeds"]);
    expect(annView!.assets[0].share).toBe(60);
    expect(annView!.assets[0].photos[0].url).toMatch(/^https?:/);
    const calView = await t.query(api.legacyLinks.view, { token: await tokenSentTo(t, e.cal.email) });
    expect(calView!.assets.map((a) => a.name)).toEqual(["House deeds"]);
    const benView = await t.query(api.legacyLinks.view, { token: await tokenSentTo(t, e.ben.email) });
    expect(benView!.assets.map((a) => [a.name, a.personalInstructions])).toEqual([["Gold watch", "Wind it every Sunday"]]);
    // Nobody receives the unassigned piano; the view never names other beneficiaries.
    expect(JSON.stringify([annView, benView, calView])).not.toContain("Piano");
    expect(JSON.stringify(annView)).not.toContain("Cal");

    await t.mutation(api.legacyLinks.recordOpen, { token: await tokenSentTo(t, e.ben.email) });
    events = (await owner.query(api.legacy.status, {}))!.events;
    expect(events.map((ev) => ev.type)).toEqual(expect.arrayContaining(["lapsed", "confirmation_requested", "confirmed", "released", "link_sent", "link_opened"]));
  });

  test("a forged, tampered, re-purposed, other-asset or expired link reveals nothing", async () => {
    const t = setupTest();
    const e = await plannedEstate(t);
    // Dee is invited (never confirms) before the owner goes silent: any later act of theirs would cancel the release.
    const invite = contactInput("Dee");
    await e.owner.as.mutation(api.nextOfKin.add, invite);
    await flush(t);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    await t.mutation(api.legacy.confirmLapse, { token: await tokenSentTo(t, e.ann.email) });
    await flush(t);
    const token = await tokenSentTo(t, e.ann.email);
    expect(await t.query(api.legacyLinks.view, { token })).not.toBeNull();

    const [body, sig] = token.split(".");
    const flipped = `${body.slice(0, -2)}${body.endsWith("AA") ? "BB" : "AA"}.${sig}`;
    for (const bad of ["", "nonsense", `${body}.${"A".repeat(sig.length)}`, flipped, `${token}x`]) {
      expect(await t.query(api.legacyLinks.view, { token: bad })).toBeNull();
    }
    // A contact-confirmation token is signed for another purpose.
    expect(await t.query(api.legacyLinks.view, { token: await tokenSentTo(t, invite.email) })).toBeNull();
    // Ann's link does not open Ben's watch, nor the unassigned piano.
    expect(await t.query(api.legacyLinks.view, { token, assetId: e.watch })).toBeNull();
    expect(await t.query(api.legacyLinks.view, { token, assetId: e.piano })).toBeNull();
    expect((await t.query(api.legacyLinks.view, { token, assetId: e.house }))!.assets).toHaveLength(1);

    const before = await snapshot(t);
    expect((await errorData(() => t.mutation(api.legacyLinks.recordOpen, { token: "forged.link" }))).message).toBe(
      "This link is invalid or has expired.",
    );
    expect((await errorData(() => t.mutation(api.legacy.confirmLapse, { token }))).code).toBe("INVALID");
    expect(await snapshot(t)).toEqual(before);

    vi.advanceTimersByTime(181 * DAY_MS);
    expect(await t.query(api.legacyLinks.view, { token })).toBeNull();
  });

  test("checking in after release revokes the links", async () => {
    const t = setupTest();
    const e = await plannedEstate(t);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    await t.mutation(api.legacy.confirmLapse, { token: await tokenSentTo(t, e.ben.email) });
    await flush(t);
    const token = await tokenSentTo(t, e.ben.email);
    expect(await t.query(api.legacyLinks.view, { token })).not.toBeNull();
    // The owner comes back months later and signs in.
    const owner = await signInAgain(t, e.owner);
    await owner.mutation(api.legacy.checkIn, {});
    expect(await t.query(api.legacyLinks.view, { token })).toBeNull();
    expect((await owner.query(api.legacy.status, {}))!.plan!.state).toBe("active");
  });

  /** An estate released to Ben (his link live), and the owner's first session. */
  async function released(t: Backend, owner: { as: Client; userId: Id<"users"> } | null = null) {
    const e = await plannedEstate(t, owner);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await t.mutation(api.legacy.confirmLapse, { token: await tokenSentTo(t, e.ben.email) })).outcome).toBe("released");
    await flush(t);
    const token = await tokenSentTo(t, e.ben.email);
    expect(await t.query(api.legacyLinks.view, { token })).not.toBeNull();
    return { ...e, token };
  }

  test("a beneficiary's link dies the moment the released owner signs in again, without 'I'm still here'", async () => {
    const t = setupTest();
    const e = await released(t);
    const annLink = await tokenSentTo(t, e.ann.email);
    vi.advanceTimersByTime(12 * DAY_MS);
    // Signing in: a new session, and the app's activity ping that follows every sign-in.
    const owner = await signInAgain(t, e.owner);
    await owner.mutation(api.users.updateActivity, {});
    const back = Date.now();
    expect(await t.query(api.legacyLinks.view, { token: e.token })).toBeNull();
    expect(await t.query(api.legacyLinks.view, { token: annLink })).toBeNull();
    expect((await errorData(() => t.mutation(api.legacyLinks.recordOpen, { token: e.token }))).message).toBe("This link is invalid or has expired.");
    // The contacts holding links are told; the owner's log says what happened.
    await flush(t);
    for (const email of [e.ann.email, e.ben.email, e.cal.email]) {
      const mail = (await lastMessageTo(t, email))!;
      expect(mail.subject).toBe("A legacy release was cancelled");
      expect(mail.body).toContain("Olive Owner is active on TagMyThing again");
    }
    const status = (await owner.query(api.legacy.status, {}))!;
    expect(status.plan!.state).toBe("active");
    expect(status.events.slice(0, 2).map((ev) => ev.summary)).toEqual([
      "3 contact(s) told the release is cancelled: their links no longer work",
      "You were active again: release cancelled and every link revoked",
    ]);
    // The clock restarts from the return, not from the old silence: no second lapse a moment later.
    expect(status.plan!.deadline).toBe(back + 3 * MONTH_MS);
    await runDue(t, DAY_MS);
    expect((await owner.query(api.legacy.status, {}))!.plan!.state).toBe("active");
  });

  test("signing in alone, before the app sends anything, revokes the released links", async () => {
    const t = setupTest();
    const as = await signUpVerified(t, "olive@example.com", "orchard-lamp-42");
    const userId = (await userByEmail(t, "olive@example.com"))!._id;
    await t.run(async (ctx) => await earn(ctx, { userId, amount: 100, source: "signup_bonus", description: "Test funds" }));
    const e = await released(t, { as, userId });
    vi.advanceTimersByTime(12 * DAY_MS);
    await signIn(t, "password", { flow: "signIn", email: "olive@example.com", password: "orchard-lamp-42" });
    expect(await t.query(api.legacyLinks.view, { token: e.token })).toBeNull();
    expect((await (await signInAgain(t, { userId })).query(api.legacy.status, {}))!.events[1].summary).toBe(
      "You were active again: release cancelled and every link revoked",
    );
  });

  test("any mutation by the returning owner revokes the released links", async () => {
    const t = setupTest();
    const e = await released(t);
    vi.advanceTimersByTime(3 * DAY_MS);
    const owner = await signInAgain(t, e.owner);
    await owner.mutation(api.users.updateProfile, { fullName: "Olive Owner", avatarUrl: "" });
    expect(await t.query(api.legacyLinks.view, { token: e.token })).toBeNull();
  });

  test("a returning owner's sign of life during the lapse kills the confirmation links before anyone confirms", async () => {
    const t = setupTest();
    const e = await plannedEstate(t);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const confirmLink = await tokenSentTo(t, e.ben.email);
    const owner = await signInAgain(t, e.owner);
    await owner.mutation(api.users.updateActivity, {});
    expect(await t.query(api.legacyLinks.confirmInfo, { token: confirmLink })).toBeNull();
    expect((await errorData(() => t.mutation(api.legacy.confirmLapse, { token: confirmLink }))).code).toBe("INVALID");
    expect(await t.run(async (ctx) => await ctx.db.query("legacyGrants").collect())).toEqual([]);
  });

  test("a lapse with no confirmed contacts left asks nobody and releases nothing", async () => {
    const t = setupTest();
    const e = await plannedEstate(t);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
    for (const c of [e.ann, e.ben]) await e.owner.as.mutation(api.nextOfKin.remove, { contactId: c.contactId });
    const sent = (await outbox(t)).length;
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const status = (await (await signInAgain(t, e.owner)).query(api.legacy.status, {}))!;
    expect(status.plan!.state).toBe("lapsed");
    expect(status.events[0].summary).toBe("No confirmed contacts to ask: nothing can be released");
    const mail = (await outbox(t)).slice(0, (await outbox(t)).length - sent);
    expect(mail.every((m) => m.to === "owner@example.com")).toBe(true);
    expect(await t.run(async (ctx) => await ctx.db.query("legacyGrants").collect())).toEqual([]);
  });

  test("sign-in activity (users.lastActiveAt) moves the deadline without a check-in", async () => {
    const t = setupTest();
    const e = await plannedEstate(t);
    await e.owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
    vi.advanceTimersByTime(80 * DAY_MS);
    const owner = await signInAgain(t, e.owner);
    await owner.mutation(api.users.updateActivity, {});
    const active = Date.now();
    await runDue(t, 11 * DAY_MS);
    const plan = (await owner.query(api.legacy.status, {}))!.plan!;
    expect(plan.deadline).toBe(active + 3 * MONTH_MS);
    expect(plan.state).toBe("active");
  });

  test("settings are refused outside 3 to 18 months or beyond the confirmed contacts, writing nothing", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const noContacts = await errorData(() => owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 6, threshold: 1 }));
    expect(noContacts.message).toBe("At least one contact must confirm before you can turn on legacy release");
    await addConfirmedContact(t, owner.as, "Ann");
    const before = await snapshot(t);
    for (const [periodMonths, threshold] of [[2, 1], [19, 1], [6.5, 1], [6, 2], [6, 0]]) {
      const error = await errorData(() => owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths, threshold }));
      expect(error.code).toBe("INVALID");
    }
    expect(await snapshot(t)).toEqual(before);
    await owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 18, threshold: 1 });
  });
});
