// The provider side of outbound messages (lib/outbound.ts queues them): the job behind
// each real SMS, and forgetting sent e-mails.
import { v } from "convex/values";
import { components } from "./_generated/api";
import { env, internalAction } from "./_generated/server";
import { TWILIO_STATUS_PATH, twilioAccount } from "./lib/outbound";
import { internalMutation } from "./lib/writes";

const DAY = 24 * 60 * 60_000;

/** Queued on the smsWorkpool, which retries it with backoff when Twilio refuses or cannot be reached. */

export const deliverSms = internalAction({
  args: { to: v.string(), body: v.string() },
  returns: v.null(),
  handler: async (ctx, { to, body }) => {
    const account = twilioAccount();
    // Keys removed after the message was queued: nothing can send it.
    if (account === null) throw new Error("Twilio is no longer configured on this deployment");
    // The component sends it and keeps it, with the status Twilio then reports.
    await ctx.runAction(components.twilio.messages.create, {
      ...account,
      to,
      body,
      status_callback: `${env.CONVEX_SITE_URL}${TWILIO_STATUS_PATH}`,
    });
    return null;
  },
});

/**
 * Hourly (crons.ts): what the Resend component keeps of an e-mail includes its links
 * (password resets, invitations). It goes a day after Resend reports the e-mail's fate,
 * or a week after it was queued when no webhook ever did.
 */
export const forgetSentEmails = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await ctx.scheduler.runAfter(0, components.resend.lib.cleanupOldEmails, { olderThan: DAY });
    await ctx.scheduler.runAfter(0, components.resend.lib.cleanupAbandonedEmails, { olderThan: 7 * DAY });
    return null;
  },
});
