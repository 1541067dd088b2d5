// Email and SMS leave only through here.
// - E-mail, when the deployment has RESEND_API_KEY: queued in the @convex-dev/resend
//   component, which batches, retries with backoff and sends each message once; its
//   delivery status comes back through Resend's webhook (POST /resend-webhook).
// - SMS, when it has TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: queued on
//   the smsWorkpool component, whose job sends it through @convex-dev/twilio and is
//   retried with backoff; the status comes back on POST /twilio/message-status.
// - Otherwise the dev outbox (table + console line).
// Queuing is a mutation, so a provider that is down never fails the user's request:
// the message waits in the component and goes when the provider answers.
import { Resend } from "@convex-dev/resend";
import { Workpool } from "@convex-dev/workpool";
import { components, internal } from "../_generated/api";
import { env, type ActionCtx, type MutationCtx } from "../_generated/server";
import { PRODUCT_NAME } from "./constants";

type OutboundCtx = ActionCtx | MutationCtx;

export type EmailMessage = { to: string; subject: string; body: string; link?: string };
export type SmsMessage = { to: string; body: string };

/** The Resend component's client, or null when this deployment sends no real e-mail. */
export function resendClient(): Resend | null {
  const apiKey = env.RESEND_API_KEY;
  if (!apiKey) return null;
  // Test mode would only deliver to Resend's test inboxes; a key means a real deployment.
  return new Resend(components.resend, { apiKey, webhookSecret: env.RESEND_WEBHOOK_SECRET ?? "", testMode: false });
}

export const TWILIO_STATUS_PATH = "/twilio/message-status";

/**
 * The Twilio account, or null when this deployment sends no real SMS. (The component's
 * functions take it as arguments; its `Twilio` class would refuse to load outside a
 * Convex runtime, which is where the permission matrix reads our modules.)
 */
export function twilioAccount() {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = env;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) return null;
  return { account_sid: TWILIO_ACCOUNT_SID, auth_token: TWILIO_AUTH_TOKEN, from: TWILIO_FROM };
}

// A code is useful for OTP_TTL_MS (10 minutes): five tries over about a minute and a half.
const smsPool = new Workpool(components.smsWorkpool, {
  maxParallelism: 10,
  // The pool's default ("REPORT") logs a stats line per run to the function logs; warnings and errors are what matter.
  logLevel: "WARN",
  retryActionsByDefault: true,
  defaultRetryBehavior: { maxAttempts: 5, initialBackoffMs: 5_000, base: 2 },
});

/** Queues `message`; returns the Resend component's id for it (see its status), or null for the outbox. */
export async function sendEmail(ctx: OutboundCtx, message: EmailMessage): Promise<string | null> {
  const resend = resendClient();
  if (resend === null) {
    await toOutbox(ctx, { channel: "email", ...message });
    return null;
  }
  return await resend.sendEmail(ctx, {
    from: env.AUTH_EMAIL_FROM ?? `${PRODUCT_NAME} <onboarding@resend.dev>`,
    to: message.to,
    subject: message.subject,
    text: message.body,
  });
}

export async function sendSms(ctx: OutboundCtx, message: SmsMessage): Promise<void> {
  if (twilioAccount() === null) {
    return await toOutbox(ctx, { channel: "sms", to: message.to, subject: "SMS", body: message.body });
  }
  await smsPool.enqueueAction(ctx, internal.outbound.deliverSms, message);
}

async function toOutbox(
  ctx: OutboundCtx,
  message: { channel: "email" | "sms"; to: string; subject: string; body: string; link?: string },
) {
  await ctx.runMutation(internal.outbox.record, message);
  console.log(
    `[outbox] ${message.channel} to ${message.to}: ${message.subject}${message.link ? ` ${message.link}` : ""}`,
  );
}
