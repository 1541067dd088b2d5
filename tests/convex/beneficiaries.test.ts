// One beneficiary list: will assets stored with beneficiaries typed into their details
// (the old shape) are moved into next-of-kin beneficiaries by the migration; the asset
// page and /nok read the same rows; will assets are private; confirmation counts stay true.
import { runToCompletion } from "@convex-dev/migrations";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { thresholdChoices } from "../../convex/lib/legacy/rules";
import { addConfirmedContact, contactInput, flush, tagWill, tokenSentTo, willOwner } from "./legacy-support";
import { errorData, lastMessageTo, makeUser, setupTest, type Backend } from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type TypedBeneficiary = { name: string; relationship?: string; email?: string; share?: number };

/** A will asset as the old tag form stored it: beneficiaries inside its details, public (in its owner's personal workspace). */
async function oldWillAsset(t: Backend, ownerId: Id<"users">, name: string, beneficiaries: TypedBeneficiary[]) {
  return await t.run(async (ctx) => {
    const now = Date.now();
    return await ctx.db.insert("assets", {
      workspaceId: (await ctx.db.query("workspaces").withIndex("by_createdBy_and_kind", (q) => q.eq("createdBy", ownerId).eq("kind", "personal")).first())!._id,
      serial: `TMT-OLD${name.length}-${name.slice(0, 4).toUpperCase().padEnd(4, "X")}`,
      kind: "will",
      name,
      visibility: "public",
      status: "active",
      details: { kind: "will", beneficiaries, instructions: "Old instructions" },
      files: [],
      taggedAt: now,
      updatedAt: now,
      searchText: name,
    });
  });
}

async function migrateAll(t: Backend) {
  await t.run(async (ctx) => {
    await runToCompletion(ctx, components.migrations, internal.migrations.moveBeneficiariesToNextOfKin);
    await runToCompletion(ctx, components.migrations, internal.migrations.makeWillAssetsPrivate);
  });
}

const read = <T,>(t: Backend, fn: (ctx: Parameters<Parameters<Backend["run"]>[0]>[0]) => Promise<T>) => t.run(fn);

describe("the migration to one list", () => {
  test("typed-in beneficiaries become next-of-kin beneficiaries with their shares; matching contacts are reused", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const house = await oldWillAsset(t, owner.userId, "House", [
      { name: "Ann Other", email: "ANN@kin.example", share: 60 },
      { name: "Sam Member", relationship: "Son", share: 40 },
    ]);
    const watch = await oldWillAsset(t, owner.userId, "Watch", [{ name: "sam member" }]);

    await migrateAll(t);

    const contacts = await owner.as.query(api.nextOfKin.list, {});
    expect(contacts.map((c) => [c.name, c.relationship, c.email, c.status])).toEqual([
      ["Ann", "Sibling", "ann@kin.example", "confirmed"],
      ["Sam Member", "Son", "", "pending"],
    ]);
    const sam = contacts[1]._id;
    expect(await owner.as.query(api.nextOfKin.assetBeneficiaries, { assetId: house })).toEqual([
      { contactId: ann.contactId, contactName: "Ann", share: 60, instructions: null },
      { contactId: sam, contactName: "Sam Member", share: 40, instructions: null },
    ]);
    expect(await owner.as.query(api.nextOfKin.assetBeneficiaries, { assetId: watch })).toEqual([
      { contactId: sam, contactName: "Sam Member", share: null, instructions: null },
    ]);
    // The /nok list and the asset page agree.
    const will = await owner.as.query(api.nextOfKin.willAssets, {});
    expect(will.find((a) => a._id === house)!.beneficiaries.map((b) => [b.contactName, b.share])).toEqual([["Ann", 60], ["Sam Member", 40]]);

    const stored = await read(t, async (ctx) => (await ctx.db.get("assets", house))!);
    expect(stored.details).toEqual({ kind: "will", instructions: "Old instructions" });
    expect(stored.visibility).toBe("private");
    const detail = await owner.as.query(api.assets.get, { assetId: house });
    expect(detail!.details).toEqual({ kind: "will", instructions: "Old instructions" });
    // No invitation leaves during a migration: nobody is emailed who never agreed to it.
    const mails = await read(t, async (ctx) => await ctx.db.query("outbox").take(100));
    expect(mails.filter((m) => m.to === "")).toHaveLength(0);
  });

  test("running it twice changes nothing more", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const house = await oldWillAsset(t, owner.userId, "House", [{ name: "Kim", email: "kim@kin.example", share: 100 }]);
    await migrateAll(t);
    const once = await read(t, async (ctx) => ({
      contacts: await ctx.db.query("nokContacts").take(50),
      rows: await ctx.db.query("beneficiaries").take(50),
      events: await ctx.db.query("assetEvents").take(50),
    }));
    await t.run(async (ctx) => {
      await runToCompletion(ctx, components.migrations, internal.migrations.moveBeneficiariesToNextOfKin, { cursor: null });
      await runToCompletion(ctx, components.migrations, internal.migrations.makeWillAssetsPrivate, { cursor: null });
    });
    const twice = await read(t, async (ctx) => ({
      contacts: await ctx.db.query("nokContacts").take(50),
      rows: await ctx.db.query("beneficiaries").take(50),
      events: await ctx.db.query("assetEvents").take(50),
    }));
    expect(twice).toEqual(once);
    expect(once.rows.map((r) => [r.assetId, r.share])).toEqual([[house, 100]]);
  });

  test("a public will asset is made private, with a line in its history; other kinds are left alone", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const house = await oldWillAsset(t, owner.userId, "House", []);
    const { assetId: bike } = await owner.as.mutation(api.assets.tag, {
      kind: "general", name: "Bike", visibility: "public", details: { kind: "general" }, files: [],
    });
    await migrateAll(t);
    const [h, b] = await read(t, async (ctx) => [await ctx.db.get("assets", house), await ctx.db.get("assets", bike)] as Doc<"assets">[]);
    expect(h.visibility).toBe("private");
    expect(b.visibility).toBe("public");
    const history = await owner.as.query(api.assets.history, { assetId: house });
    expect(history[0]).toMatchObject({ type: "visibility", changes: [{ field: "Visibility", from: "public", to: "private" }] });
    expect(await owner.as.query(api.publicAssets.list, { paginationOpts: { numItems: 10, cursor: null } }).then((r) => r.page.map((a) => a.name))).not.toContain("House");
  });

  test("editing a will asset before the migration keeps its beneficiaries", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const house = await oldWillAsset(t, owner.userId, "House", [{ name: "Kim", email: "kim@kin.example", share: 100 }]);
    await owner.as.mutation(api.assets.update, {
      assetId: house, kind: "will", name: "Family house", visibility: "private", details: { kind: "will", instructions: "Sell it" },
    });
    expect((await owner.as.query(api.nextOfKin.assetBeneficiaries, { assetId: house })).map((b) => [b.contactName, b.share])).toEqual([["Kim", 100]]);
    const stored = await read(t, async (ctx) => (await ctx.db.get("assets", house))!);
    expect(stored.details).toEqual({ kind: "will", instructions: "Sell it" });
  });
});

describe("assetBeneficiaries", () => {
  test("signed out, another user, and the owner", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const house = await tagWill(owner.as, "House");
    await owner.as.mutation(api.nextOfKin.setBeneficiaries, { assetId: house, beneficiaries: [{ contactId: ann.contactId, share: 100 }] });
    const stranger = await makeUser(t);
    expect(await t.query(api.nextOfKin.assetBeneficiaries, { assetId: house })).toEqual([]);
    expect(await stranger.as.query(api.nextOfKin.assetBeneficiaries, { assetId: house })).toEqual([]);
    expect(await owner.as.query(api.nextOfKin.assetBeneficiaries, { assetId: "not-an-id" })).toEqual([]);
    expect(await owner.as.query(api.nextOfKin.assetBeneficiaries, { assetId: house })).toEqual([
      { contactId: ann.contactId, contactName: "Ann", share: 100, instructions: null },
    ]);
  });

  test("a deleted asset's beneficiaries go with it", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const house = await tagWill(owner.as, "House");
    await owner.as.mutation(api.nextOfKin.setBeneficiaries, { assetId: house, beneficiaries: [{ contactId: ann.contactId, share: 100 }] });
    await owner.as.mutation(api.assets.remove, { assetId: house });
    vi.advanceTimersByTime(1);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await read(t, async (ctx) => await ctx.db.query("beneficiaries").take(10))).toEqual([]);
  });
});

describe("correcting a contact (nextOfKin.update)", () => {
  test("signed out and another user are refused; nothing changes", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const stranger = await makeUser(t);
    const change = { contactId: ann.contactId, ...contactInput("Ann"), email: "new@kin.example" };
    expect((await errorData(() => t.mutation(api.nextOfKin.update, change))).code).toBe("NOT_AUTHENTICATED");
    expect((await errorData(() => stranger.as.mutation(api.nextOfKin.update, change))).code).toBe("NOT_FOUND");
    expect((await owner.as.query(api.nextOfKin.list, {}))[0]).toMatchObject({ email: "ann@kin.example", status: "confirmed" });
  });

  test("a migrated contact without an email gets one, is invited and must confirm; the same email keeps a confirmation", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    await oldWillAsset(t, owner.userId, "House", [{ name: "Sam", relationship: "Son", share: 100 }]);
    await migrateAll(t);
    const [sam] = await owner.as.query(api.nextOfKin.list, {});
    expect(sam).toMatchObject({ email: "", status: "pending" });
    expect((await errorData(() => owner.as.mutation(api.nextOfKin.resendInvite, { contactId: sam._id }))).message).toBe("Add an email address first");
    await owner.as.mutation(api.nextOfKin.update, { contactId: sam._id, name: "Sam", relationship: "Son", email: "Sam@Kin.example", phone: "+447911123456" });
    await flush(t);
    expect(await lastMessageTo(t, "sam@kin.example")).not.toBeNull();
    await t.mutation(api.nextOfKin.confirm, { token: await tokenSentTo(t, "sam@kin.example") });
    await owner.as.mutation(api.nextOfKin.update, { contactId: sam._id, name: "Samuel", relationship: "Son", email: "sam@kin.example", phone: "+447911123456" });
    expect((await owner.as.query(api.nextOfKin.list, {}))[0]).toMatchObject({ name: "Samuel", status: "confirmed" });
  });

  test("a confirmed contact's new email must be confirmed again, and the plan's threshold follows", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    await owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 6, threshold: 1 });
    await owner.as.mutation(api.nextOfKin.update, { contactId: ann.contactId, ...contactInput("Ann"), email: "ann.new@kin.example" });
    const status = (await owner.as.query(api.legacy.status, {}))!;
    expect(status.confirmedContacts).toBe(0);
    expect((await owner.as.query(api.nextOfKin.list, {}))[0]).toMatchObject({ email: "ann.new@kin.example", status: "pending", confirmedAt: null });
    expect((await errorData(() => owner.as.mutation(api.nextOfKin.update, { contactId: ann.contactId, ...contactInput("Ann"), email: "owner@example.com" }))).message)
      .toBe("You cannot add yourself as a next of kin");
  });
});

describe("confirmation counts", () => {
  test("there is no choice at all before anyone confirms, never '1 of 0'", () => {
    expect(thresholdChoices(0)).toEqual([]);
    expect(thresholdChoices(1).map((c) => c.label)).toEqual(["1 of 1 confirmed contact"]);
    expect(thresholdChoices(3).map((c) => c.label)).toEqual(["1 of 3 confirmed contacts", "2 of 3 confirmed contacts", "3 of 3 confirmed contacts"]);
  });

  test("removing a confirmed contact lowers a threshold that no longer fits", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    await addConfirmedContact(t, owner.as, "Ann");
    const ben = await addConfirmedContact(t, owner.as, "Ben");
    await owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 6, threshold: 2 });
    await owner.as.mutation(api.nextOfKin.remove, { contactId: ben.contactId });
    const status = (await owner.as.query(api.legacy.status, {}))!;
    expect(status.confirmedContacts).toBe(1);
    expect(status.plan!.threshold).toBe(1);
    expect(status.events[0].summary).toBe("Confirmations needed lowered to 1: you have 1 confirmed contact(s)");
  });

  test("a contact still pending does not count", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    await owner.as.mutation(api.nextOfKin.add, contactInput("Ann"));
    const status = (await owner.as.query(api.legacy.status, {}))!;
    expect(status.confirmedContacts).toBe(0);
  });
});
