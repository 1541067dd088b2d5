// The three auth messages users receive: verification link, reset link, SMS code.
import { env } from "../../_generated/server";
import { OTP_TTL_MS, PRODUCT_NAME } from "../constants";
import type { EmailMessage, SmsMessage } from "../outbound";
import { TOKEN_LINKS } from "../tokenLinks";

function siteUrl(): string {
  const url = env.SITE_URL;
  if (!url) throw new Error("SITE_URL is not set on this deployment");
  return url.replace(/\/$/, "");
}

function link(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, value);
  }
  return `${siteUrl()}${path}?${query.toString()}`;
}

/** The sign-up link: opening it proves the address and signs the new account in. */
export function verificationEmail(args: { email: string; code: string; from: string; ref?: string }): EmailMessage {
  const { path, param } = TOKEN_LINKS.emailVerification;
  const href = link(path, { [param]: args.code, email: args.email, from: args.from, ref: args.ref });
  return {
    to: args.email,
    subject: `Verify your ${PRODUCT_NAME} email`,
    body: `Welcome to ${PRODUCT_NAME}! Confirm your email address by opening this link:\n\n${href}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this email.`,
    link: href,
  };
}

export function resetEmail(args: { email: string; code: string }): EmailMessage {
  const { path, param } = TOKEN_LINKS.passwordReset;
  const href = link(path, { [param]: args.code, type: "recovery", email: args.email });
  return {
    to: args.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    body: `Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new password here:\n\n${href}\n\nThe link is valid for 1 hour. If it was not you, ignore this email; your password stays the same.`,
    link: href,
  };
}

export function phoneCodeSms(args: { phone: string; code: string }): SmsMessage {
  const minutes = OTP_TTL_MS / 60_000;
  return { to: args.phone, body: `${args.code} is your ${PRODUCT_NAME} verification code. It expires in ${minutes} minutes.` };
}
