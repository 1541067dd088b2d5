// Copies of an erased user's name and addresses in records that stay (shared workspaces'
// custody, transfers to them, the activity feed, invitations to their address, the dev
// inbox, sign-in links and codes under their address): each step finds one bounded batch through an index keyed by the user or their
// address, and rewrites it to name the "Former member" (or deletes what only served them),
// so the rows it changed no longer match and the next step moves on.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { displayName } from "../assets/read";
import { normaliseAddress } from "../auth/emailIdentity";
import { borrowerKey, MAX_CHECKOUT_ITEMS } from "../custody/rules";
import type { ActivityKind } from "../workspaces/tables";
import { FORMER_MEMBER } from "./rules";
import { removeRows } from "../removeRows";

type User = Doc<"users">;
/** One batch; how many rows it changed (0: nothing of this kind left). */
type Redaction = (ctx: MutationCtx, user: User) => Promise<number>;

const BATCH = 20;

/** The user's name and addresses as other records may have copied them. */
function wordsOf(user: User): string[] {
  const words = [displayName(user), user.fullName?.trim(), user.name?.trim(), user.email, user.email && normaliseAddress(user.email), user.phone];
  // Longest first, so a name is not half-replaced by a shorter one inside it.
  return [...new Set(words.filter((w): w is string => w !== undefined && w.length > 1))].sort((a, b) => b.length - a.length);
}

function scrub(text: string, words: string[]): string {
  return words.reduce((out, word) => out.split(word).join(FORMER_MEMBER), text);
}

/** The item's history entries written at `at` (the moment of a loan or an offer), scrubbed of `words`. */
async function scrubEvents(ctx: MutationCtx, assetId: Id<"assets">, at: number | undefined, words: string[]) {
  if (at === undefined) return;
  const events = await ctx.db.query("assetEvents").withIndex("by_assetId_and_at", (q) => q.eq("assetId", assetId).eq("at", at)).take(BATCH);
  for (const e of events) {
    const summary = scrub(e.summary, words);
    if (summary !== e.summary) await ctx.db.patch("assetEvents", e._id, { summary });
  }
}

/** Check-outs to the user as a member: the borrower's name on the check-out, its loans and their history. */
async function custody(ctx: MutationCtx, user: User): Promise<number> {
  const named = async (range: "before" | "after") =>
    await ctx.db
      .query("checkouts")
      .withIndex("by_borrowerUserId_and_borrowerName", (q) =>
        range === "before" ? q.eq("borrower.userId", user._id).lt("borrowerName", FORMER_MEMBER) : q.eq("borrower.userId", user._id).gt("borrowerName", FORMER_MEMBER),
      )
      .take(2);
  const checkouts = [...(await named("before")), ...(await named("after"))].slice(0, 2);
  for (const checkout of checkouts) {
    const words = [...new Set([checkout.borrowerName, checkout.acceptedName ?? "", ...wordsOf(user)])].filter((w) => w.length > 1).sort((a, b) => b.length - a.length);
    const loans = await ctx.db.query("loans").withIndex("by_checkoutId", (q) => q.eq("checkoutId", checkout._id)).take(MAX_CHECKOUT_ITEMS);
    for (const loan of loans) {
      await ctx.db.patch("loans", loan._id, { borrowerName: FORMER_MEMBER, borrowerKey: borrowerKey(FORMER_MEMBER) });
      for (const at of [loan.outAt, checkout.acceptedAt, loan.returnedAt]) await scrubEvents(ctx, loan.assetId, at, words);
    }
    await ctx.db.patch("checkouts", checkout._id, {
      borrowerName: FORMER_MEMBER,
      ...(checkout.acceptedName === undefined ? {} : { acceptedName: FORMER_MEMBER }),
    });
  }
  return checkouts.length;
}

/** Transfer offers to the user's address: the address on the offer and in the item's history; a pending one is withdrawn. */
async function transfers(ctx: MutationCtx, user: User): Promise<number> {
  if (user.email === undefined) return 0;
  const to = user.email.toLowerCase();
  const offers = await ctx.db.query("transfers").withIndex("by_toEmail_and_status", (q) => q.eq("toEmail", to)).take(BATCH);
  const words = wordsOf(user);
  for (const offer of offers) {
    for (const at of [offer.createdAt, offer.respondedAt]) await scrubEvents(ctx, offer.assetId, at, words);
    const pending = offer.status === "pending";
    await ctx.db.patch("transfers", offer._id, { toEmail: FORMER_MEMBER, ...(pending ? { status: "cancelled" as const, respondedAt: Date.now() } : {}) });
  }
  return offers.length;
}

/** The workspace feed's entries about the user (joined, role changed, left…) or addressed to them (invited, declined). */
async function activity(ctx: MutationCtx, user: User): Promise<number> {
  const about = async (range: "before" | "after") =>
    await ctx.db
      .query("workspaceActivity")
      .withIndex("by_userId_and_subject", (q) =>
        range === "before" ? q.eq("userId", user._id).lt("subject", FORMER_MEMBER) : q.eq("userId", user._id).gt("subject", FORMER_MEMBER),
      )
      .take(BATCH);
  const email = user.email === undefined ? undefined : normaliseAddress(user.email);
  const subjects: [ActivityKind, string][] = [["left", displayName(user)]];
  if (email !== undefined) subjects.push(["invited", email], ["invitationDeclined", email], ["invitationRevoked", `the invitation to ${email}`]);
  const rows = [...(await about("before")), ...(await about("after"))];
  for (const [kind, subject] of subjects) {
    rows.push(...(await ctx.db.query("workspaceActivity").withIndex("by_kind_and_subject", (q) => q.eq("kind", kind).eq("subject", subject)).take(BATCH)));
  }
  for (const row of rows) await ctx.db.patch("workspaceActivity", row._id, { subject: FORMER_MEMBER });
  return rows.length;
}

/** Invitations to join a workspace sent to the user's address: they were for this account. */
async function invitations(ctx: MutationCtx, user: User): Promise<number> {
  if (user.email === undefined) return 0;
  const email = normaliseAddress(user.email);
  const rows = await ctx.db.query("workspaceInvitations").withIndex("by_email_and_expiresAt", (q) => q.eq("email", email)).take(BATCH);
  return await removeRows(ctx, "workspaceInvitations", rows);
}

/** The dev inbox (deployments without e-mail and SMS providers): messages to the user's address or number. */
async function outbox(ctx: MutationCtx, user: User): Promise<number> {
  let removed = 0;
  for (const to of [user.email, user.phone]) {
    if (to === undefined) continue;
    const rows = await ctx.db.query("outbox").withIndex("by_to", (q) => q.eq("to", to)).take(BATCH);
    removed += await removeRows(ctx, "outbox", rows);
  }
  return removed;
}

/** Sign-in state kept under the address or number, not the account: links, texted codes, Convex Auth's attempt counts. */
async function signInState(ctx: MutationCtx, user: User): Promise<number> {
  let removed = 0;
  if (user.email !== undefined) {
    const email = normaliseAddress(user.email);
    const links = await ctx.db.query("emailLinks").withIndex("by_email_and_purpose", (q) => q.eq("email", email)).take(BATCH);
    removed += await removeRows(ctx, "emailLinks", links);
  }
  if (user.phone !== undefined) {
    const phone = user.phone;
    const codes = await ctx.db.query("phoneCodes").withIndex("by_phone", (q) => q.eq("phone", phone)).take(BATCH);
    removed += await removeRows(ctx, "phoneCodes", codes);
  }
  for (const identifier of [user.email, user.phone]) {
    if (identifier === undefined) continue;
    const attempts = await ctx.db.query("authRateLimits").withIndex("identifier", (q) => q.eq("identifier", identifier)).take(BATCH);
    removed += await removeRows(ctx, "authRateLimits", attempts);
  }
  return removed;
}

const REDACTIONS: Redaction[] = [custody, transfers, activity, invitations, outbox, signInState];

/** One batch of the first redaction with rows left; true while more may be left. */
export async function redactStep(ctx: MutationCtx, user: User): Promise<boolean> {
  for (const redaction of REDACTIONS) if ((await redaction(ctx, user)) > 0) return true;
  return false;
}
