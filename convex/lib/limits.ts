// Every rate limit of the app, named once, on the @convex-dev/rate-limiter component
// (convex.config.ts mounts it; its counters live in the component's own tables).
//
// - Budgets are token buckets: `rate` per `period`, at most `rate` at once, refilled
//   continuously. Nobody gets twice a budget across a window boundary, and a refused
//   caller is told when the next one comes back.
// - Taking from a budget inside a mutation is part of that mutation: when the mutation
//   then throws, the take is undone with everything else. So a limit that must count
//   a failure (a wrong guess) is taken in a mutation that returns instead of throwing.
// - Deployment-wide budgets are sharded: one counter document for every message sent
//   would make every send conflict with every other.
import { DAY, HOUR, MINUTE, RateLimiter, type RateLimitConfig } from "@convex-dev/rate-limiter";
import { components } from "../_generated/api";
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import { REPORTS_PER_HOUR } from "./bugReports/rules";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "./constants";
import { appError } from "./errors";
import {
  FOUND_REPORTS_PER_ASSET_PER_HOUR,
  MAKER_SERIAL_CHECKS_PER_HOUR,
  MAKER_SERIAL_VISITOR_CHECKS_PER_HOUR,
  FOUND_REPORTS_PER_VISITOR_PER_HOUR,
  VISIT_ALERT_WINDOW_MS,
  VISIT_ALERTS_PER_ASSET_PER_HOUR,
} from "./verify/rules";
import { VERIFY_API_PER_MINUTE } from "./verify/apiRules";
import { WORKSPACE_INVITES_PER_HOUR, WORKSPACE_INVITES_PER_RECIPIENT_PER_DAY } from "./workspaces/rules";
import { STICKER_BATCHES_PER_HOUR, STICKER_GUESSES_PER_HOUR, STICKER_VISITOR_GUESSES_PER_HOUR } from "./stickers/rules";

const bucket = (rate: number, period: number) => ({ kind: "token bucket", rate, period }) as const;

export const SEND_LIMITS = {
  perTargetPerMinute: 3,
  perTargetPerHour: 10,
  // Deployment-wide ceilings; a real launch raises them with its provider's quota.
  globalPerHour: { email: 1_000, sms: 200 },
} as const;

// Messages one user makes the app send to addresses they type.
const INVITES = { perSenderPerHour: 10, perRecipientPerDay: 3 } as const;

const LIMITS = {
  // Guesses at a secret, keyed on the identifier being proven (never on anything else
  // the request carries). TOTP codes: per user.
  passwordGuess: bucket(MAX_FAILED_SIGN_INS_PER_HOUR, HOUR),
  phoneCodeGuess: bucket(MAX_FAILED_SIGN_INS_PER_HOUR, HOUR),
  totpGuess: bucket(5, 15 * MINUTE),
  // Messages a user makes the app send (codes, links, invitations): per target address
  // or number, and for the whole deployment per channel.
  sendPerMinute: bucket(SEND_LIMITS.perTargetPerMinute, MINUTE),
  sendPerHour: bucket(SEND_LIMITS.perTargetPerHour, HOUR),
  emailGlobal: { ...bucket(SEND_LIMITS.globalPerHour.email, HOUR), shards: 10 },
  smsGlobal: { ...bucket(SEND_LIMITS.globalPerHour.sms, HOUR), shards: 10 },
  // Next-of-kin invitations and transfer offers reach any address a user types: per
  // sender, and per recipient address whether or not it has an account.
  inviteSender: bucket(INVITES.perSenderPerHour, HOUR),
  inviteRecipient: bucket(INVITES.perRecipientPerDay, DAY),
  offerSender: bucket(INVITES.perSenderPerHour, HOUR),
  offerRecipient: bucket(INVITES.perRecipientPerDay, DAY),
  // Workspace invitations: per workspace (a business inviting its staff gets a burst), and
  // per recipient mailbox across every workspace.
  workspaceInvite: bucket(WORKSPACE_INVITES_PER_HOUR, HOUR),
  workspaceInviteRecipient: bucket(WORKSPACE_INVITES_PER_RECIPIENT_PER_DAY, DAY),
  // The verify page: finders' reports, and the owner's visit alerts (a reload loop
  // must not flood the owner, whatever the visitor claims to be).
  foundReportVisitor: bucket(FOUND_REPORTS_PER_VISITOR_PER_HOUR, HOUR),
  foundReportAsset: bucket(FOUND_REPORTS_PER_ASSET_PER_HOUR, HOUR),
  visitAlertVisitor: bucket(1, VISIT_ALERT_WINDOW_MS),
  visitAlertAsset: bucket(VISIT_ALERTS_PER_ASSET_PER_HOUR, HOUR),
  bugReport: bucket(REPORTS_PER_HOUR, HOUR),
  upload: bucket(100, HOUR),
  // The public verify API, per client address: a marketplace checking a batch of serials
  // gets a burst; a scraper walking the serial space does not.
  verifyApi: bucket(VERIFY_API_PER_MINUTE, MINUTE),
  // Claimable sticker codes: checking or claiming one spends a guess (per user or visitor,
  // and a shared ceiling for all visitors), so codes cannot be enumerated.
  stickerGuess: bucket(STICKER_GUESSES_PER_HOUR, HOUR),
  stickerGuessVisitors: { ...bucket(STICKER_VISITOR_GUESSES_PER_HOUR, HOUR), shards: 10 },
  stickerBatch: bucket(STICKER_BATCHES_PER_HOUR, HOUR),
  // /verify's maker's serial check, as sticker guesses: per user or visitor, and all visitors together.
  makerSerialCheck: bucket(MAKER_SERIAL_CHECKS_PER_HOUR, HOUR),
  makerSerialCheckVisitors: { ...bucket(MAKER_SERIAL_VISITOR_CHECKS_PER_HOUR, HOUR), shards: 10 },
} satisfies Record<string, RateLimitConfig>;

type LimitName = keyof typeof LIMITS;

const rateLimiter = new RateLimiter(components.rateLimiter, LIMITS);

// What a refused caller reads first; "Please try again in …" follows. The spec has no
// message for any of these.
export const LIMIT_REASONS: Record<LimitName, string> = {
  passwordGuess: "Too many failed attempts.",
  phoneCodeGuess: "Too many failed attempts.",
  totpGuess: "Too many failed attempts.",
  sendPerMinute: "Too many requests.",
  sendPerHour: "Too many messages to this address or number.",
  emailGlobal: "We are sending too many messages right now.",
  smsGlobal: "We are sending too many messages right now.",
  inviteSender: "You have sent too many invitations.",
  inviteRecipient: "This contact has been invited several times today.",
  offerSender: "You have sent too many transfer offers.",
  offerRecipient: "This address has been sent several transfer offers today.",
  workspaceInvite: "This workspace has sent many invitations.",
  workspaceInviteRecipient: "This address has been invited several times today.",
  foundReportVisitor: "Too many requests.",
  foundReportAsset: "Too many requests.",
  visitAlertVisitor: "Too many requests.",
  visitAlertAsset: "Too many requests.",
  bugReport: `You can send at most ${REPORTS_PER_HOUR} bug reports an hour.`,
  upload: "Too many uploads.",
  verifyApi: "Too many requests.",
  stickerGuess: "You have checked many tag codes.",
  stickerGuessVisitors: "Too many tag codes were checked.",
  stickerBatch: "You have made many sticker batches.",
  makerSerialCheck: "You have checked many serial numbers.",
  makerSerialCheckVisitors: "Too many serial numbers were checked.",
};

/** "Please try again in 7 minutes." (hours past an hour and a half). */
function tryAgainIn(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  if (minutes <= 90) return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return `Please try again in ${Math.ceil(retryAfterMs / HOUR)} hours.`;
}

export function limitedMessage(name: LimitName, retryAfterMs: number): string {
  return `${LIMIT_REASONS[name]} ${tryAgainIn(retryAfterMs)}`;
}

export function rateLimited(name: LimitName, retryAfterMs: number) {
  return appError("RATE_LIMITED", limitedMessage(name, retryAfterMs));
}

type TakeCtx = MutationCtx | ActionCtx;
type Slot = { ok: true } | { ok: false; retryAfterMs: number };

/** Takes one from `name`'s budget for `key`, or says when the next one comes back. */
export async function takeSlot(ctx: TakeCtx, name: LimitName, key?: string): Promise<Slot> {
  const status = await rateLimiter.limit(ctx, name, { key });
  return status.ok ? { ok: true } : { ok: false, retryAfterMs: status.retryAfter };
}

/** The same, throwing RATE_LIMITED; call it before any write, so a refusal writes nothing. */
export async function enforceLimit(ctx: TakeCtx, name: LimitName, key?: string): Promise<void> {
  const slot = await takeSlot(ctx, name, key);
  if (!slot.ok) throw rateLimited(name, slot.retryAfterMs);
}

/** Whether `name`'s budget for `key` is used up, without taking from it. */
export async function peekSlot(ctx: QueryCtx, name: LimitName, key?: string): Promise<Slot> {
  const status = await rateLimiter.check(ctx, name, { key });
  return status.ok ? { ok: true } : { ok: false, retryAfterMs: status.retryAfter };
}

/** Gives `key` its whole budget back (a right guess: the owner is not locked out by a typo). */
export async function refillSlots(ctx: TakeCtx, name: LimitName, key: string): Promise<void> {
  await rateLimiter.reset(ctx, name, { key });
}

// ---- guesses ----------------------------------------------------------------------

export type GuessKind = "password" | "phoneCode";
export const GUESS_LIMITS = { password: "passwordGuess", phoneCode: "phoneCodeGuess" } as const satisfies Record<
  GuessKind,
  LimitName
>;

// ---- messages out -------------------------------------------------------------------

type Channel = "email" | "sms";
const GLOBAL_SEND: Record<Channel, LimitName> = { email: "emailGlobal", sms: "smsGlobal" };

/**
 * Counts one user-triggered message to `target`; throws RATE_LIMITED past a limit.
 * Call it first in the mutation that records the message, so a refusal stores and
 * sends nothing (and gives back what it took from the other budgets).
 */
export async function takeSendSlot(ctx: TakeCtx, channel: Channel, target: string): Promise<void> {
  await enforceLimit(ctx, "sendPerMinute", `${channel}:${target}`);
  await enforceLimit(ctx, "sendPerHour", `${channel}:${target}`);
  await enforceLimit(ctx, GLOBAL_SEND[channel]);
}

/** One next-of-kin invitation e-mail from `senderId` to `recipient`. */
export async function takeInviteSlot(ctx: TakeCtx, senderId: string, recipient: string): Promise<void> {
  await enforceLimit(ctx, "inviteSender", senderId);
  await enforceLimit(ctx, "inviteRecipient", recipient);
  await takeSendSlot(ctx, "email", recipient);
}

/** One transfer offer e-mail from `senderId` to `recipient` (an address, with or without an account). */
export async function takeOfferSlot(ctx: TakeCtx, senderId: string, recipient: string): Promise<void> {
  await enforceLimit(ctx, "offerSender", senderId);
  await enforceLimit(ctx, "offerRecipient", recipient);
  await takeSendSlot(ctx, "email", recipient);
}

/** One workspace invitation e-mail from `workspaceId` to `recipient` (a mailbox key: aliases share it). */
export async function takeWorkspaceInviteSlot(ctx: TakeCtx, workspaceId: string, recipient: string): Promise<void> {
  await enforceLimit(ctx, "workspaceInvite", workspaceId);
  await enforceLimit(ctx, "workspaceInviteRecipient", recipient);
  await takeSendSlot(ctx, "email", recipient);
}

// ---- an erased account ----------------------------------------------------------------

/**
 * Every budget keyed by the user's id, address or number (the component keeps a row per key
 * after its window has passed): removed when the account is erased, so no key names it.
 * Visitors' and per-item keys name no account. `mailbox` is the address's mailboxKey.
 */
export async function forgetLimitsOf(ctx: TakeCtx, who: { userId: string; email?: string; mailbox?: string; phone?: string }): Promise<void> {
  const keys: [LimitName, string][] = [
    ["totpGuess", who.userId],
    ["upload", who.userId],
    ["bugReport", who.userId],
    ["stickerGuess", `user:${who.userId}`],
    ["stickerBatch", who.userId],
    ["makerSerialCheck", `user:${who.userId}`],
    ["inviteSender", who.userId],
    ["offerSender", who.userId],
  ];
  if (who.email !== undefined) {
    keys.push(["passwordGuess", who.email], ["sendPerMinute", `email:${who.email}`], ["sendPerHour", `email:${who.email}`]);
    keys.push(["inviteRecipient", who.email], ["offerRecipient", who.email]);
  }
  if (who.mailbox !== undefined) keys.push(["workspaceInviteRecipient", who.mailbox]);
  if (who.phone !== undefined) keys.push(["phoneCodeGuess", who.phone], ["sendPerMinute", `sms:${who.phone}`], ["sendPerHour", `sms:${who.phone}`]);
  for (const [name, key] of keys) await rateLimiter.reset(ctx, name, { key });
}
