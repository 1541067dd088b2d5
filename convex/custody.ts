// Custody: items checked out to a member or an outside person with a due date and their
// condition, accepted by the borrower on their own phone through a signed link (their
// typed name is the signature, no account), checked in with the condition they came back
// in. Overdue reminders go to the borrower and the workspace on the scheduler.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { inWorkspace, inWorkspaceOrNull, publicMutation, publicQuery, workspaceMutation, workspaceQuery } from "./lib/access";
import { displayName, recordEvent, workspaceAsset } from "./lib/assets/read";
import { parseEmail } from "./lib/auth/input";
import { DEFAULT_PHONE_REGION, normalisePhone } from "./lib/phone";
import { appError } from "./lib/errors";
import { takeSendSlot } from "./lib/limits";
import { siteUrl } from "./lib/legacy/log";
import { DAY_MS } from "./lib/legacy/rules";
import { hasControlChars } from "./lib/oneLine";
import { sendEmail, sendSms } from "./lib/outbound";
import { createToken, verifiedHash } from "./lib/signedLinks";
import { TOKEN_LINKS, tokenPath } from "./lib/tokenLinks";
import { internalMutation } from "./lib/writes";
import { membership } from "./lib/workspaces/policy";
import { firstOwner } from "./lib/workspaces/store";
import { kitOf, kitPartIds } from "./lib/locations/store";
import { closeBooking, openLoan, overlapping, toLoanView } from "./lib/custody/store";
import {
  ACCEPT_LINK_DAYS,
  BOOKING_MESSAGES,
  borrowerKey,
  CUSTODY_FILTERS,
  CUSTODY_MESSAGES,
  CUSTODY_TEXTS,
  dueDateProblem,
  LOAN_HISTORY_MAX,
  LOANS_COLUMN_MAX,
  MAX_BORROWER_NAME,
  MAX_CHECKOUT_ITEMS,
  MAX_CONDITION,
} from "./lib/custody/rules";
import { borrowerViewValidator, loanViewValidator, type Borrower } from "./lib/custody/tables";
import { literals } from "convex-helpers/validators";

const borrowerArgValidator = v.union(
  v.object({ kind: v.literal("member"), userId: v.id("users") }),
  v.object({ kind: v.literal("outside"), name: v.string(), email: v.optional(v.string()), phone: v.optional(v.string()) }),
);

function checkName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name === "") throw appError("INVALID", CUSTODY_MESSAGES.nameRequired);
  if (name.length > MAX_BORROWER_NAME) throw appError("INVALID", CUSTODY_MESSAGES.nameTooLong);
  if (hasControlChars(name)) throw appError("INVALID", CUSTODY_MESSAGES.nameRequired);
  return name;
}

function checkCondition(raw: string | undefined): string | undefined {
  const text = raw?.trim() ?? "";
  if (text.length > MAX_CONDITION) throw appError("INVALID", CUSTODY_MESSAGES.conditionTooLong);
  return text === "" ? undefined : text;
}

/** The borrower as stored, their name, and where their link and reminders go. */
async function resolveBorrower(ctx: MutationCtx, workspaceId: Id<"workspaces">, arg: Borrower) {
  if (arg.kind === "member") {
    const access = await membership(ctx, workspaceId, arg.userId);
    if (access === null) throw appError("INVALID", CUSTODY_MESSAGES.notMember);
    const user = await ctx.db.get("users", arg.userId);
    return { borrower: arg, name: displayName(user), email: user?.email, phone: undefined };
  }
  const name = checkName(arg.name);
  const email = arg.email?.trim() ? parseEmail(arg.email) : undefined;
  const phone = arg.phone?.trim() ? normalisePhone(arg.phone, DEFAULT_PHONE_REGION) : undefined;
  if (phone === null) throw appError("INVALID", CUSTODY_MESSAGES.badPhone);
  return { borrower: { kind: "outside" as const, name, email, phone }, name, email, phone };
}

/** The items a check-out carries: each chosen one and, for a kit, its parts. */
async function itemsToLend(ctx: MutationCtx, workspaceId: Id<"workspaces">, assetIds: Id<"assets">[]) {
  const chosen = new Set(assetIds);
  const items = new Map<Id<"assets">, Doc<"assets">>();
  for (const assetId of chosen) {
    const asset = await workspaceAsset(ctx, assetId, workspaceId);
    const kit = await kitOf(ctx, assetId);
    if (kit !== null) {
      if (chosen.has(kit.kitId)) continue;
      throw appError("INVALID", CUSTODY_MESSAGES.partOfKit);
    }
    items.set(asset._id, asset);
    for (const partId of await kitPartIds(ctx, asset._id)) {
      const part = await ctx.db.get("assets", partId);
      if (part !== null) items.set(part._id, part);
    }
    if (items.size > MAX_CHECKOUT_ITEMS) throw appError("INVALID", CUSTODY_MESSAGES.tooMany);
  }
  for (const item of items.values()) {
    if (item.status !== "active") throw appError("INVALID", CUSTODY_MESSAGES.notActive);
    if ((await openLoan(ctx, item._id)) !== null) throw appError("INVALID", CUSTODY_MESSAGES.alreadyOut);
  }
  return [...items.values()];
}

/**
 * Checks items out (a kit with its parts) to a member or an outside person. Returns the
 * borrower's acceptance link, shown once to the lender (and sent by e-mail or SMS when
 * the borrower has an address or a number).
 */
export const checkOut = workspaceMutation({
  can: "edit",
  args: {
    assetIds: v.array(v.id("assets")),
    borrower: borrowerArgValidator,
    dueAt: v.number(),
    notes: v.optional(v.string()),
    // The booking being collected: it ends as collected, and its window does not count against this loan.
    bookingId: v.optional(v.id("bookings")),
  },
  returns: v.object({ checkoutId: v.id("checkouts"), link: v.string() }),
  handler: async (ctx, args) => {
    if (args.assetIds.length === 0) throw appError("INVALID", CUSTODY_MESSAGES.noItems);
    if (args.assetIds.length > MAX_CHECKOUT_ITEMS) throw appError("INVALID", CUSTODY_MESSAGES.tooMany);
    const now = Date.now();
    const dueProblem = dueDateProblem(args.dueAt, now);
    if (dueProblem !== null) throw appError("INVALID", dueProblem);
    const notes = checkCondition(args.notes);
    const who = await resolveBorrower(ctx, ctx.workspace._id, args.borrower);
    const items = await itemsToLend(ctx, ctx.workspace._id, args.assetIds);
    const booking = args.bookingId === undefined ? null : inWorkspace(await ctx.db.get("bookings", args.bookingId), ctx.workspace._id, BOOKING_MESSAGES.notFound);
    if (booking !== null && !args.assetIds.includes(booking.assetId)) throw appError("INVALID", BOOKING_MESSAGES.otherItem);
    // Lent until the due date, an item cannot also be booked by someone else in that time.
    for (const item of items) {
      const clashes = (await overlapping(ctx, item._id, now, args.dueAt)).filter((b) => booking === null || (b._id !== booking._id && b.kitBookingId !== booking._id));
      if (clashes.length > 0) throw appError("INVALID", BOOKING_MESSAGES.overlap);
    }
    if (booking !== null) await closeBooking(ctx, booking, "collected");
    if (who.email !== undefined) await takeSendSlot(ctx, "email", who.email);
    if (who.phone !== undefined) await takeSendSlot(ctx, "sms", who.phone);
    const { token, hash } = createToken("loan");
    const checkoutId = await ctx.db.insert("checkouts", {
      workspaceId: ctx.workspace._id,
      borrower: who.borrower,
      borrowerName: who.name,
      dueAt: args.dueAt,
      outAt: now,
      notes,
      checkedOutBy: ctx.user._id,
      tokenHash: hash,
      tokenExpiresAt: Math.min(now + ACCEPT_LINK_DAYS * DAY_MS, args.dueAt),
    });
    for (const item of items) {
      await ctx.db.insert("loans", {
        workspaceId: ctx.workspace._id,
        checkoutId,
        assetId: item._id,
        borrowerName: who.name,
        borrowerKey: borrowerKey(who.name),
        dueAt: args.dueAt,
        outAt: now,
        open: true,
        overdue: false,
      });
      await recordEvent(ctx, { assetId: item._id, actorId: ctx.user._id, type: "custody", summary: `Checked out to ${who.name}${notes ? ` (condition: ${notes})` : ""}` });
    }
    await ctx.scheduler.runAt(args.dueAt, internal.custody.remindOverdue, { checkoutId });
    const link = siteUrl(tokenPath(TOKEN_LINKS.loanAccept.path, { token }));
    const lender = displayName(ctx.user);
    if (who.email !== undefined) {
      await sendEmail(ctx, { to: who.email, subject: CUSTODY_TEXTS.acceptSubject, body: CUSTODY_TEXTS.acceptBody(lender, ctx.workspace.name, link), link });
    }
    if (who.phone !== undefined) await sendSms(ctx, { to: who.phone, body: CUSTODY_TEXTS.acceptSms(link) });
    return { checkoutId, link };
  },
});

/** Checks items in (a kit with its parts), recording the condition they came back in. */
export const checkIn = workspaceMutation({
  can: "edit",
  args: { assetIds: v.array(v.id("assets")), condition: v.optional(v.string()) },
  returns: v.object({ returned: v.number() }),
  handler: async (ctx, args) => {
    if (args.assetIds.length > MAX_CHECKOUT_ITEMS) throw appError("INVALID", CUSTODY_MESSAGES.tooMany);
    const condition = checkCondition(args.condition);
    const now = Date.now();
    let returned = 0;
    for (const assetId of new Set(args.assetIds)) {
      const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
      const loan = await openLoan(ctx, asset._id);
      if (loan === null) {
        // A part already returned with its kit earlier in this call.
        if (returned > 0 && (await kitOf(ctx, asset._id)) !== null) continue;
        throw appError("INVALID", CUSTODY_MESSAGES.notOut);
      }
      const ids = [asset._id, ...(await kitPartIds(ctx, asset._id))];
      for (const id of ids) {
        const itemLoan = id === asset._id ? loan : await openLoan(ctx, id);
        if (itemLoan === null || itemLoan.checkoutId !== loan.checkoutId) continue;
        await ctx.db.patch("loans", itemLoan._id, { open: false, returnedAt: now, returnedBy: ctx.user._id, condition });
        await recordEvent(ctx, { assetId: id, actorId: ctx.user._id, type: "custody", summary: `Checked in from ${loan.borrowerName}${condition ? ` (condition: ${condition})` : ""}` });
        returned++;
      }
    }
    return { returned };
  },
});

/** The custody column of a list page: each item's open loan (items that are in are left out). */
export const forAssets = workspaceQuery({
  absent: [],
  args: { ids: v.array(v.id("assets")) },
  returns: v.array(loanViewValidator),
  handler: async (ctx, { ids }) => {
    if (ids.length > LOANS_COLUMN_MAX) throw appError("INVALID", CUSTODY_MESSAGES.tooMany);
    const loans = await Promise.all([...new Set(ids)].map((id) => openLoan(ctx, id)));
    const mine = loans.filter((l): l is Doc<"loans"> => l !== null && l.workspaceId === ctx.workspace._id);
    return await Promise.all(mine.map((l) => toLoanView(ctx, l)));
  },
});

/** An item's custody for its page: who holds it now (with how to reach them) and its last loans. */
export const ofAsset = workspaceQuery({
  absent: null,
  args: { assetId: v.id("assets") },
  returns: v.union(
    v.null(),
    v.object({
      current: v.union(
        v.null(),
        v.object({
          loan: loanViewValidator,
          email: v.union(v.string(), v.null()),
          phone: v.union(v.string(), v.null()),
          notes: v.union(v.string(), v.null()),
          acceptedName: v.union(v.string(), v.null()),
        }),
      ),
      past: v.array(loanViewValidator),
    }),
  ),
  handler: async (ctx, { assetId }) => {
    const asset = inWorkspaceOrNull(await ctx.db.get("assets", assetId), ctx.workspace._id);
    if (asset === null) return null;
    const loan = await openLoan(ctx, assetId);
    const past = await ctx.db
      .query("loans")
      .withIndex("by_assetId_and_open_and_outAt", (q) => q.eq("assetId", assetId).eq("open", false))
      .order("desc")
      .take(LOAN_HISTORY_MAX);
    let current = null;
    if (loan !== null && loan.workspaceId === ctx.workspace._id) {
      const checkout = await ctx.db.get("checkouts", loan.checkoutId);
      const b = checkout?.borrower;
      const user = b?.kind === "member" ? await ctx.db.get("users", b.userId) : null;
      current = {
        loan: await toLoanView(ctx, loan),
        email: (b?.kind === "outside" ? b.email : user?.email) ?? null,
        phone: (b?.kind === "outside" ? b.phone : undefined) ?? null,
        notes: checkout?.notes ?? null,
        acceptedName: checkout?.acceptedName ?? null,
      };
    }
    const own = past.filter((l) => l.workspaceId === ctx.workspace._id);
    return { current, past: await Promise.all(own.map((l) => toLoanView(ctx, l))) };
  },
});

const custodyRowValidator = v.object({ ...loanViewValidator.fields, serial: v.string(), name: v.string() });

/** The custody list: items checked out (or only overdue ones, or only those held by one borrower), soonest due first. */
export const list = workspaceQuery({
  absent: { page: [], isDone: true, continueCursor: "" },
  args: { filter: literals(...CUSTODY_FILTERS), borrower: v.optional(v.string()), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(custodyRowValidator),
  handler: async (ctx, { filter, borrower, paginationOpts }) => {
    if (borrower !== undefined && borrower.length > MAX_BORROWER_NAME) throw appError("INVALID", CUSTODY_MESSAGES.nameTooLong);
    const workspaceId = ctx.workspace._id;
    const key = borrower === undefined || borrower.trim() === "" ? null : borrowerKey(borrower);
    const query =
      key !== null
        ? ctx.db.query("loans").withIndex("by_workspaceId_and_open_and_borrowerKey_and_dueAt", (q) => q.eq("workspaceId", workspaceId).eq("open", true).eq("borrowerKey", key))
        : filter === "overdue"
          ? ctx.db.query("loans").withIndex("by_workspaceId_and_open_and_overdue_and_dueAt", (q) => q.eq("workspaceId", workspaceId).eq("open", true).eq("overdue", true))
          : ctx.db.query("loans").withIndex("by_workspaceId_and_open_and_dueAt", (q) => q.eq("workspaceId", workspaceId).eq("open", true));
    const result = await query.paginate({ cursor: paginationOpts.cursor, numItems: Math.min(paginationOpts.numItems, LOANS_COLUMN_MAX) });
    const page = await Promise.all(
      result.page.map(async (loan) => {
        const asset = await ctx.db.get("assets", loan.assetId);
        return { ...(await toLoanView(ctx, loan)), serial: asset?.serial ?? "", name: asset?.name ?? "" };
      }),
    );
    return { ...result, page };
  },
});

/** The check-out behind a borrower's link, while the link is good and something is still out. */
async function checkoutOfToken(ctx: { db: MutationCtx["db"] | import("./_generated/server").QueryCtx["db"] }, token: string) {
  const hash = verifiedHash("loan", token);
  if (hash === null) return null;
  const checkout = await ctx.db.query("checkouts").withIndex("by_tokenHash", (q) => q.eq("tokenHash", hash)).unique();
  if (checkout === null || checkout.tokenExpiresAt <= Date.now()) return null;
  const loans = await ctx.db.query("loans").withIndex("by_checkoutId", (q) => q.eq("checkoutId", checkout._id)).take(MAX_CHECKOUT_ITEMS);
  const open = loans.filter((l) => l.open);
  return open.length === 0 ? null : { checkout, loans: open };
}

/** What the borrower's link shows: the items' names and the due date, nothing more (no owner, no lender, no serials). */
export const borrowerView = publicQuery({
  args: { token: v.string() },
  returns: borrowerViewValidator,
  handler: async (ctx, { token }) => {
    const found = await checkoutOfToken(ctx, token);
    if (found === null) return { status: "invalid" as const };
    const names = await Promise.all(found.loans.map(async (l) => (await ctx.db.get("assets", l.assetId))?.name ?? ""));
    return { status: "open" as const, items: names, dueAt: found.checkout.dueAt, accepted: found.checkout.acceptedAt !== undefined };
  },
});

/** The borrower accepts the items, signing with their typed name. The link does nothing else. */
export const accept = publicMutation({
  args: { token: v.string(), signature: v.string() },
  returns: v.null(),
  handler: async (ctx, { token, signature }) => {
    const found = await checkoutOfToken(ctx, token);
    if (found === null) throw appError("NOT_FOUND", CUSTODY_MESSAGES.invalidLink);
    if (found.checkout.acceptedAt !== undefined) throw appError("INVALID", CUSTODY_MESSAGES.alreadyAccepted);
    const trimmed = signature.trim().replace(/\s+/g, " ");
    if (trimmed === "" || hasControlChars(trimmed)) throw appError("INVALID", CUSTODY_MESSAGES.signatureRequired);
    if (trimmed.length > MAX_BORROWER_NAME) throw appError("INVALID", CUSTODY_MESSAGES.nameTooLong);
    await ctx.db.patch("checkouts", found.checkout._id, { acceptedAt: Date.now(), acceptedName: trimmed });
    for (const loan of found.loans) {
      await recordEvent(ctx, { assetId: loan.assetId, actorId: found.checkout.checkedOutBy, type: "custody", summary: `Accepted by the borrower, signed “${trimmed}”` });
    }
    return null;
  },
});

/** At the due date: items still out are overdue; the borrower and the workspace are reminded once. */
export const remindOverdue = internalMutation({
  args: { checkoutId: v.id("checkouts") },
  returns: v.null(),
  handler: async (ctx, { checkoutId }) => {
    const checkout = await ctx.db.get("checkouts", checkoutId);
    if (checkout === null || checkout.remindedAt !== undefined || checkout.dueAt > Date.now()) return null;
    const loans = await ctx.db.query("loans").withIndex("by_checkoutId", (q) => q.eq("checkoutId", checkoutId)).take(MAX_CHECKOUT_ITEMS);
    const open = loans.filter((l) => l.open);
    if (open.length === 0) return null;
    for (const loan of open) await ctx.db.patch("loans", loan._id, { overdue: true });
    await ctx.db.patch("checkouts", checkoutId, { remindedAt: Date.now() });
    const names = (await Promise.all(open.map(async (l) => (await ctx.db.get("assets", l.assetId))?.name))).filter((n) => n !== undefined);
    const items = names.join(", ");
    const b = checkout.borrower;
    const member = b.kind === "member" ? await ctx.db.get("users", b.userId) : null;
    const email = b.kind === "outside" ? b.email : member?.email;
    if (email) await sendEmail(ctx, { to: email, subject: CUSTODY_TEXTS.overdueSubject, body: CUSTODY_TEXTS.overdueBorrower(items) });
    if (b.kind === "outside" && b.phone) await sendSms(ctx, { to: b.phone, body: CUSTODY_TEXTS.overdueSms(items) });
    const workspace = await ctx.db.get("workspaces", checkout.workspaceId);
    const lender = await ctx.db.get("users", checkout.checkedOutBy);
    const owner = await firstOwner(ctx, checkout.workspaceId);
    const staff = new Set([lender?.email, owner?.email].filter((e): e is string => !!e && e !== email));
    for (const to of staff) {
      await sendEmail(ctx, { to, subject: CUSTODY_TEXTS.overdueSubject, body: CUSTODY_TEXTS.overdueWorkspace(checkout.borrowerName, items, workspace?.name ?? "") });
    }
    return null;
  },
});
