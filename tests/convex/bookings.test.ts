// Bookings (issue 27 item 3): an item or a kit reserved for a future window; overlapping
// windows refused in the same transaction, so of two bookings of one slot sent at once
// exactly one wins; a reminder before the start; collecting it is a check-out.
import { afterEach, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { errorData, outbox, setupTest } from "./setup";
import { DAY, lendingHousehold } from "./custody-support";

afterEach(() => {
  vi.useRealTimers();
});

test("of bookings of one slot sent at once, exactly one wins; a window beside it is free", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const projector = await h.tag("Projector");
  const start = Date.now() + 2 * DAY;
  const book = (from: number, to: number, forWhom: string) => h.editor.mutation(api.bookings.create, { assetId: projector, startAt: from, endAt: to, forWhom });
  const results = await Promise.allSettled([book(start, start + DAY, "Class 4A"), book(start + DAY / 2, start + 2 * DAY, "Class 4B"), book(start, start + DAY, "Class 4C")]);
  expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
  for (const r of results) if (r.status === "rejected") expect(r.reason.data).toEqual({ code: "INVALID", message: "This item is already booked for part of that time" });
  const [winner] = await h.viewerAs.query(api.bookings.forAsset, { assetId: projector });
  // Back to back is not an overlap.
  await book(winner.endAt, winner.endAt + DAY, "Staff meeting");
  await book(winner.startAt - DAY, winner.startAt, "Open day");
  expect((await h.viewerAs.query(api.bookings.forAsset, { assetId: projector })).map((b) => b.forWhom)).toEqual(["Open day", winner.forWhom, "Staff meeting"]);
  expect(await errorData(() => h.viewerAs.mutation(api.bookings.create, { assetId: projector, startAt: start + 9 * DAY, endAt: start + 10 * DAY, forWhom: "Viewer" }))).toMatchObject({ code: "FORBIDDEN" });
  expect((await errorData(() => book(start + 5 * DAY, start + 4 * DAY, "Backwards"))).message).toBe("The booking must end after it starts, and start in the future");
});

test("a kit's booking holds its parts; a part booked on its own blocks the kit; cancelling frees them", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const kit = await h.tag("Camera kit");
  const lens = await h.tag("Lens");
  const spare = await h.tag("Spare lens");
  const serial = (await h.viewerAs.query(api.assets.get, { assetId: lens }))!.serial;
  const start = Date.now() + DAY;
  const sparePart = await h.editor.mutation(api.bookings.create, { assetId: spare, startAt: start, endAt: start + DAY, forWhom: "Ann" });
  await h.editor.mutation(api.kits.addParts, { kitId: kit, serials: [serial, (await h.viewerAs.query(api.assets.get, { assetId: spare }))!.serial] });
  expect((await errorData(() => h.editor.mutation(api.bookings.create, { assetId: kit, startAt: start, endAt: start + DAY, forWhom: "Bo" }))).message).toBe("This item is already booked for part of that time");
  await h.editor.mutation(api.bookings.cancel, { bookingId: sparePart });
  const kitBooking = await h.editor.mutation(api.bookings.create, { assetId: kit, startAt: start, endAt: start + DAY, forWhom: "Bo" });
  expect((await h.viewerAs.query(api.bookings.forAsset, { assetId: lens })).map((b) => b.forWhom)).toEqual(["Bo"]);
  const calendar = await h.viewerAs.query(api.bookings.calendar, { paginationOpts: { numItems: 10, cursor: null } });
  expect(calendar.page.map((b) => b.name)).toEqual(["Camera kit"]);
  await h.editor.mutation(api.bookings.cancel, { bookingId: kitBooking });
  expect(await h.viewerAs.query(api.bookings.forAsset, { assetId: lens })).toEqual([]);
});

test("a day before the start whoever booked is reminded; collecting turns the booking into a check-out; lending over another's booking is refused", async () => {
  vi.useFakeTimers();
  const t = setupTest();
  const h = await lendingHousehold(t);
  const van = await h.tag("Van");
  const start = Date.now() + 3 * DAY;
  const bookingId = await h.editor.mutation(api.bookings.create, { assetId: van, startAt: start, endAt: start + DAY, forWhom: "Edie" });
  const borrower = { kind: "outside" as const, name: "Pat" };
  expect((await errorData(() => h.editor.mutation(api.custody.checkOut, { assetIds: [van], borrower, dueAt: start + DAY / 2 }))).message).toBe("This item is already booked for part of that time");

  vi.advanceTimersByTime(2 * DAY + 60_000);
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const reminder = (await outbox(t)).find((m) => m.to === h.editorUser.email && m.subject === "A booking starts soon");
  expect(reminder?.body).toContain("Van");

  vi.advanceTimersByTime(DAY);
  await h.editor.mutation(api.custody.checkOut, { assetIds: [van], borrower: { kind: "member", userId: h.editorUser.userId }, dueAt: start + DAY, bookingId });
  expect(await h.viewerAs.query(api.bookings.forAsset, { assetId: van })).toEqual([]);
  expect((await h.viewerAs.query(api.custody.forAssets, { ids: [van] })).map((l) => l.borrowerName)).toEqual(["Edie Editor"]);
  expect(await errorData(() => h.editor.mutation(api.bookings.cancel, { bookingId }))).toEqual({ code: "INVALID", message: "This booking is no longer open" });
});
