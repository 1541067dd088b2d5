// How many messages may leave, so nobody can use the app to flood an inbox or a
// phone, or run up the SMS bill: per target address or number, and a ceiling for
// the whole deployment per hour and channel.
import type { MutationCtx } from "../../_generated/server";
import { enforceRateLimit } from "../rateLimit";

type Channel = "email" | "sms";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SEND_LIMITS = {
  perTargetPerMinute: 3,
  perTargetPerHour: 10,
  // Deployment-wide ceilings; a real launch raises them with its provider's quota.
  globalPerHour: { email: 1_000, sms: 200 } satisfies Record<Channel, number>,
} as const;

export const SEND_MESSAGES = {
  targetHour: "Too many messages to this address or number. Please try again in an hour.",
  busy: "We are sending too many messages right now. Please try again in a few minutes.",
} as const;

/**
 * Counts one user-triggered message to `target` (codes, links, invitations); throws
 * RATE_LIMITED past a limit. Call it first in the mutation that records the message,
 * so a refusal stores and sends nothing.
 */
export async function takeSendSlot(ctx: MutationCtx, channel: Channel, target: string): Promise<void> {
  await enforceRateLimit(ctx, `send:${channel}:${target}`, { max: SEND_LIMITS.perTargetPerMinute, windowMs: MINUTE });
  await enforceRateLimit(ctx, `send-hour:${channel}:${target}`, {
    max: SEND_LIMITS.perTargetPerHour,
    windowMs: HOUR,
    message: SEND_MESSAGES.targetHour,
  });
  await enforceRateLimit(ctx, `send-global:${channel}`, {
    max: SEND_LIMITS.globalPerHour[channel],
    windowMs: HOUR,
    message: SEND_MESSAGES.busy,
  });
}
