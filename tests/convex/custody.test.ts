// Custody (issue 27 item 2): check-out to a member or an outside person with a due date,
// the borrower's acceptance link (names and due date only; forged, re-purposed, expired
// and used-up links refused), check-in with condition, the lists' filters, /verify's
// notice, and overdue reminders when the clock passes the due date.
import { afterEach, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { errorData, outbox, setupTest, type Backend } from "./setup";
import { DAY, lendingHousehold, tokenOf } from "./custody-support";

afterEach(() => {
  vi.useRealTimers();
});

const outside = { kind: "outside" as const, name: "Sam Neighbour", email: "sam@example.com", phone: "+447911123456" };

async function lent(t: Backend) {
  const h = await lendingHousehold(t);
  const drill = await h.tag("Cordless drill");
  const ladder = await h.tag("Ladder");
  const dueAt = Date.now() + 3 * DAY;
  const { link } = await h.editor.mutation(api.custody.checkOut, { assetIds: [drill, ladder], borrower: outside, dueAt, notes: "Drill battery at half" });
  return { ...h, drill, ladder, dueAt, link, token: tokenOf(link) };
}

test("the borrower's link shows the items' names and the due date, nothing else, and accepts a typed name once", async () => {
  const t = setupTest();
  const { token, dueAt, editor, drill } = await lent(t);
  const view = await t.query(api.custody.borrowerView, { token });
  expect(view).toEqual({ status: "open", items: ["Cordless drill", "Ladder"], dueAt, accepted: false });
  // No serial, owner, lender, workspace or borrower details in what the link reads.
  expect(JSON.stringify(view)).not.toMatch(/TMT-|Smiths|Edie|Sam|sam@|\+44/);
  // The e-mail and the SMS carry the same link.
  const messages = await outbox(t);
  expect(messages.filter((m) => m.to === outside.email || m.to === outside.phone).map((m) => m.channel).sort()).toEqual(["email", "sms"]);

  await t.mutation(api.custody.accept, { token, signature: "  Sam   Neighbour " });
  expect(await t.query(api.custody.borrowerView, { token })).toMatchObject({ accepted: true });
  expect(await errorData(() => t.mutation(api.custody.accept, { token, signature: "Someone else" }))).toEqual({ code: "INVALID", message: "You have accepted these items already" });
  const custody = await editor.query(api.custody.ofAsset, { assetId: drill });
  expect(custody!.current).toMatchObject({ acceptedName: "Sam Neighbour", email: "sam@example.com", phone: "+447911123456", notes: "Drill battery at half", loan: { accepted: true, borrowerName: "Sam Neighbour" } });
});

test("forged, re-purposed, expired and used-up links are refused and change nothing", async () => {
  const t = setupTest();
  vi.useFakeTimers({ toFake: ["Date"] });
  const { token, editor, drill, ladder, ownerAs } = await lent(t);
  const invalid = { code: "NOT_FOUND", message: "This link is no longer valid. Ask whoever lent you the items for a new one." };
  const [body, sig] = token.split(".");
  const flipped = `${body.slice(0, -2)}${body.at(-2) === "A" ? "B" : "A"}${body.at(-1)}.${sig}`;
  for (const forged of [flipped, `${body}.${sig.slice(0, -2)}AA`, body, "", `${token}.x`]) {
    expect(await t.query(api.custody.borrowerView, { token: forged })).toEqual({ status: "invalid" });
    expect(await errorData(() => t.mutation(api.custody.accept, { token: forged, signature: "Mallory" }))).toEqual(invalid);
  }
  // A token signed for another purpose (a workspace join link) is not a loan link.
  const join = await ownerAs.mutation(api.workspaceMembers.createJoinLink, { role: "viewer", days: 7 });
  expect(await t.query(api.custody.borrowerView, { token: join })).toEqual({ status: "invalid" });
  // The link lives a week at most.
  vi.setSystemTime(Date.now() + 8 * DAY);
  expect(await t.query(api.custody.borrowerView, { token })).toEqual({ status: "invalid" });
  expect(await errorData(() => t.mutation(api.custody.accept, { token, signature: "Sam" }))).toEqual(invalid);
  vi.setSystemTime(Date.now() - 8 * DAY);
  // Once everything is back, the link is spent.
  await editor.mutation(api.custody.checkIn, { assetIds: [drill, ladder], condition: "Fine" });
  expect(await t.query(api.custody.borrowerView, { token })).toEqual({ status: "invalid" });
  const custody = await editor.query(api.custody.ofAsset, { assetId: drill });
  expect(custody!.past[0]).toMatchObject({ accepted: false, open: false, condition: "Fine" });
});

test("check-in records the condition; the lists filter checked out, overdue and to whom; the column reads open loans", async () => {
  const t = setupTest();
  const h = await lent(t);
  const bike = await h.tag("Bike");
  await h.editor.mutation(api.custody.checkOut, { assetIds: [bike], borrower: { kind: "member", userId: h.viewer.userId }, dueAt: Date.now() + DAY });
  const page = { paginationOpts: { numItems: 10, cursor: null } };
  const out = await h.viewerAs.query(api.custody.list, { filter: "out", ...page });
  expect(out.page.map((l) => [l.name, l.borrowerName])).toEqual([["Bike", "Vic Viewer"], ["Cordless drill", "Sam Neighbour"], ["Ladder", "Sam Neighbour"]]);
  const toSam = await h.viewerAs.query(api.custody.list, { filter: "out", borrower: "sam NEIGHBOUR", ...page });
  expect(toSam.page.map((l) => l.name)).toEqual(["Cordless drill", "Ladder"]);
  expect((await h.viewerAs.query(api.custody.list, { filter: "overdue", ...page })).page).toEqual([]);
  expect((await h.viewerAs.query(api.custody.forAssets, { ids: [h.drill, bike] })).map((l) => l.borrowerName)).toEqual(["Sam Neighbour", "Vic Viewer"]);

  expect(await errorData(() => h.viewerAs.mutation(api.custody.checkIn, { assetIds: [h.drill] }))).toMatchObject({ code: "FORBIDDEN" });
  expect(await errorData(() => h.viewerAs.mutation(api.custody.checkOut, { assetIds: [h.drill], borrower: outside, dueAt: Date.now() + DAY }))).toMatchObject({ code: "FORBIDDEN" });
  expect(await errorData(() => h.editor.mutation(api.custody.checkOut, { assetIds: [h.drill], borrower: outside, dueAt: Date.now() + DAY }))).toEqual({ code: "INVALID", message: "This item is checked out already" });
  await h.editor.mutation(api.custody.checkIn, { assetIds: [h.drill], condition: "Chuck wobbles" });
  expect((await h.viewerAs.query(api.custody.forAssets, { ids: [h.drill] }))).toEqual([]);
  const history = await h.viewerAs.query(api.assets.history, { assetId: h.drill });
  expect(history[0].summary).toBe("Checked in from Sam Neighbour (condition: Chuck wobbles)");
  expect(await errorData(() => h.editor.mutation(api.custody.checkIn, { assetIds: [h.drill] }))).toEqual({ code: "INVALID", message: "This item is not checked out" });
  // Another workspace's member reads nothing of it.
  expect(await h.outsider.as.query(api.custody.ofAsset, { assetId: bike })).toBeNull();
  expect(await h.outsider.as.query(api.custody.forAssets, { ids: [bike] })).toEqual([]);
});

test("bad borrowers and due dates are refused and write nothing", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const drill = await h.tag("Drill");
  const at = Date.now() + DAY;
  const refuse = async (args: Partial<Parameters<typeof h.editor.mutation<typeof api.custody.checkOut>>[1]>, message: string) =>
    expect((await errorData(() => h.editor.mutation(api.custody.checkOut, { assetIds: [drill], borrower: outside, dueAt: at, ...args }))).message).toBe(message);
  await refuse({ dueAt: Date.now() - 1 }, "The due date must be in the future");
  await refuse({ dueAt: Date.now() + 400 * DAY }, "The due date must be within 365 days");
  await refuse({ borrower: { kind: "outside", name: "   " } }, "Borrower name is required");
  await refuse({ borrower: { kind: "outside", name: "Sam", phone: "12345" } }, "Enter the phone number in international format, e.g. +447911123456");
  await refuse({ borrower: { kind: "member", userId: h.outsider.userId } }, "Choose a member of this workspace");
  await refuse({ assetIds: [] }, "Choose at least one item to check out");
  expect(await h.viewerAs.query(api.custody.forAssets, { ids: [drill] })).toEqual([]);
});

test("a kit goes out and comes back with its parts; a part alone cannot go; /verify says on loan and part of a kit, naming nobody", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const kit = await h.tag("Camera kit");
  const lens = await h.tag("Zoom lens");
  await h.editor.mutation(api.kits.addParts, { kitId: kit, serials: [(await h.viewerAs.query(api.assets.get, { assetId: lens }))!.serial] });
  expect(await errorData(() => h.editor.mutation(api.custody.checkOut, { assetIds: [lens], borrower: outside, dueAt: Date.now() + DAY }))).toEqual({
    code: "INVALID",
    message: "This item is part of a kit: check out the kit",
  });
  await h.editor.mutation(api.custody.checkOut, { assetIds: [kit], borrower: outside, dueAt: Date.now() + DAY });
  expect((await h.viewerAs.query(api.custody.forAssets, { ids: [kit, lens] })).length).toBe(2);

  const serial = (await h.viewerAs.query(api.assets.get, { assetId: lens }))!.serial;
  const seen = await t.query(api.verify.bySerial, { serial });
  expect(seen).toMatchObject({ result: "public", onLoan: true, inKit: true });
  expect(JSON.stringify(seen)).not.toMatch(/Sam|sam@|\+44|Camera kit/);

  await h.editor.mutation(api.custody.checkIn, { assetIds: [kit] });
  expect(await h.viewerAs.query(api.custody.forAssets, { ids: [kit, lens] })).toEqual([]);
  const back = await t.query(api.verify.bySerial, { serial });
  expect(back).not.toHaveProperty("onLoan");
});

test("at the due date items still out turn overdue, and the borrower and the workspace are reminded once", async () => {
  vi.useFakeTimers();
  const t = setupTest();
  const h = await lent(t);
  const bike = await h.tag("Bike");
  // Returned in time: no reminder for this one.
  await h.editor.mutation(api.custody.checkOut, { assetIds: [bike], borrower: { kind: "outside", name: "Pat", email: "pat@example.com" }, dueAt: Date.now() + DAY });
  await h.editor.mutation(api.custody.checkIn, { assetIds: [bike] });
  const sentBefore = (await outbox(t)).length;

  vi.advanceTimersByTime(3 * DAY + 1_000);
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const page = { paginationOpts: { numItems: 10, cursor: null } };
  const overdue = await h.viewerAs.query(api.custody.list, { filter: "overdue", ...page });
  expect(overdue.page.map((l) => [l.name, l.overdue])).toEqual([["Cordless drill", true], ["Ladder", true]]);
  const sent = (await outbox(t)).slice(0, (await outbox(t)).length - sentBefore);
  const reminders = sent.filter((m) => m.subject === "Lent items are overdue" || m.channel === "sms");
  expect(reminders.map((m) => m.to).sort()).toEqual([h.owner.email, h.editorUser.email, "+447911123456", "sam@example.com"].sort());
  // Once: the clock moving on sends nothing more.
  vi.advanceTimersByTime(3 * DAY);
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  expect((await outbox(t)).length).toBe(sentBefore + sent.length);
  expect(sent.some((m) => m.to === "pat@example.com")).toBe(false);
});

test("an item checked out cannot be transferred away; deleting it closes its loan", async () => {
  const t = setupTest();
  const h = await lent(t);
  const transferId = await h.editor.mutation(api.transfers.offer, { assetId: h.drill, email: h.outsider.email });
  expect(await errorData(() => h.outsider.as.mutation(api.transfers.accept, { transferId }))).toEqual({ code: "INVALID", message: "This item is checked out: check it in first" });
  await h.editor.mutation(api.assets.remove, { assetId: h.ladder });
  const page = { paginationOpts: { numItems: 10, cursor: null } };
  expect((await h.viewerAs.query(api.custody.list, { filter: "out", ...page })).page.map((l) => l.name)).toEqual(["Cordless drill"]);
});
