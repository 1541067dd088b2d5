// The job behind each real SMS (lib/outbound.ts queues it on the smsWorkpool, which
// retries it with backoff when Twilio refuses or cannot be reached).
import { v } from "convex/values";
import { components } from "./_generated/api";
import { env, internalAction } from "./_generated/server";
import { TWILIO_STATUS_PATH, twilioAccount } from "./lib/outbound";

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
