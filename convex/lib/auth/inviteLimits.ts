// Next-of-kin invitations are e-mails a user makes the app send to any address,
// with the user's name in them: bounded per sender, per recipient and (through
// takeSendSlot) for the whole deployment, so the app cannot be turned into a mailer.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { enforceRateLimit } from "../rateLimit";
import { takeSendSlot } from "./sendLimits";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const INVITE_LIMITS = { perSenderPerHour: 10, perRecipientPerDay: 3 } as const;

export const INVITE_MESSAGES = {
  sender: "You have sent too many invitations. Please try again in an hour.",
  recipient: "This contact has been invited several times today. Please try again tomorrow.",
} as const;

/** Counts one invitation e-mail; throws RATE_LIMITED past a limit, before anything is written. */
export async function takeInviteSlot(ctx: MutationCtx, senderId: Id<"users">, recipient: string): Promise<void> {
  await enforceRateLimit(ctx, `invite-sender:${senderId}`, {
    max: INVITE_LIMITS.perSenderPerHour,
    windowMs: HOUR,
    message: INVITE_MESSAGES.sender,
  });
  await enforceRateLimit(ctx, `invite-recipient:${recipient}`, {
    max: INVITE_LIMITS.perRecipientPerDay,
    windowMs: DAY,
    message: INVITE_MESSAGES.recipient,
  });
  await takeSendSlot(ctx, "email", recipient);
}
