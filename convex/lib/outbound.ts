// Email and SMS leave only through here: Resend / Twilio when the deployment has
// their keys, otherwise the dev outbox (table + console line).
import { env } from "../_generated/server";
import { internal } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import { PRODUCT_NAME } from "./constants";

type OutboundCtx = Pick<ActionCtx, "runMutation">;

export type EmailMessage = { to: string; subject: string; body: string; link?: string };
export type SmsMessage = { to: string; body: string };

export async function sendEmail(ctx: OutboundCtx, message: EmailMessage): Promise<void> {
  const apiKey = env.RESEND_API_KEY;
  if (apiKey) {
    const response = await fetch("https://api.resend.com/emails", {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: env.AUTH_EMAIL_FROM ?? `${PRODUCT_NAME} <onboarding@resend.dev>`,
        to: [message.to],
        subject: message.subject,
        text: message.body,
      }),
    });
    if (!response.ok) {
      throw new Error(`Resend refused the email: ${response.status} ${await response.text()}`);
    }
    return;
  }
  await toOutbox(ctx, { channel: "email", ...message });
}

export async function sendSms(ctx: OutboundCtx, message: SmsMessage): Promise<void> {
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  const from = env.TWILIO_FROM;
  if (sid && token && from) {
    const response = await fetch(
      `https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`,
      {
        method: "POST",
        headers: {
          Authorization: `Basic ${btoa(`${sid}:${token}`)}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
      },
    );
    if (!response.ok) {
      throw new Error(`Twilio refused the SMS: ${response.status} ${await response.text()}`);
    }
    return;
  }
  await toOutbox(ctx, { channel: "sms", to: message.to, subject: "SMS", body: message.body });
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
