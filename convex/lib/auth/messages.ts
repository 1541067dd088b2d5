// The three auth messages users receive: verification link, reset link, SMS code.
import { env } from "../../_generated/server";
import { Email } from "@convex-dev/auth/providers/Email";
import type { PhoneConfig } from "@convex-dev/auth/server";
import type { ActionCtx } from "../../_generated/server";
import {
  DEFAULT_VERIFICATION_SOURCE,
  EMAIL_CODE_TTL_MS,
  LINK_CODE_LENGTH,
  OTP_LENGTH,
  OTP_TTL_MS,
  PRODUCT_NAME,
  RESET_CODE_TTL_MS,
} from "../constants";
import { randomString } from "./input";
import { sendEmail, sendSms } from "../outbound";

export const VERIFY_PROVIDER_ID = "password-verify";
export const RESET_PROVIDER_ID = "password-reset";
export const PHONE_PROVIDER_ID = "phone";

const LINK_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

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

// Convex Auth passes the action ctx as a second argument (not in Auth.js' type).
function outboundCtx(ctx: unknown): ActionCtx {
  if (ctx === undefined) throw new Error("Convex Auth did not pass an action ctx");
  return ctx as ActionCtx;
}

/** Path the Password provider hands Convex Auth as `redirectTo`, so from/ref reach the email. */
export function verificationRedirect(email: string, from: string, ref: string | undefined) {
  const query = new URLSearchParams({ email, from });
  if (ref !== undefined) query.set("ref", ref);
  return `/auth/callback?${query.toString()}`;
}

export const verifyEmailProvider = Email({
  id: VERIFY_PROVIDER_ID,
  maxAge: EMAIL_CODE_TTL_MS / 1000,
  generateVerificationToken: async () => randomString(LINK_CODE_LENGTH, LINK_ALPHABET),
  sendVerificationRequest: async ({ identifier, token, url }, ctx?: unknown) => {
    const carried = new URL(url).searchParams;
    const href = link("/auth/callback", {
      code: token,
      email: identifier,
      from: carried.get("from") ?? DEFAULT_VERIFICATION_SOURCE,
      ref: carried.get("ref") ?? undefined,
    });
    await sendEmail(outboundCtx(ctx), {
      to: identifier,
      subject: `Verify your ${PRODUCT_NAME} email`,
      body: `Welcome to ${PRODUCT_NAME}! Confirm your email address by opening this link:\n\n${href}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this email.`,
      link: href,
    });
  },
});

export const resetEmailProvider = Email({
  id: RESET_PROVIDER_ID,
  maxAge: RESET_CODE_TTL_MS / 1000,
  generateVerificationToken: async () => randomString(LINK_CODE_LENGTH, LINK_ALPHABET),
  sendVerificationRequest: async ({ identifier, token }, ctx?: unknown) => {
    const href = link("/reset-password", { token, type: "recovery", email: identifier });
    await sendEmail(outboundCtx(ctx), {
      to: identifier,
      subject: `Reset your ${PRODUCT_NAME} password`,
      body: `Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new password here:\n\n${href}\n\nThe link is valid for 1 hour. If it was not you, ignore this email; your password stays the same.`,
      link: href,
    });
  },
});

export const phoneProvider: PhoneConfig = {
  id: PHONE_PROVIDER_ID,
  type: "phone",
  maxAge: OTP_TTL_MS / 1000,
  generateVerificationToken: async () => randomString(OTP_LENGTH, "0123456789"),
  authorize: async (params, account) => {
    // The code alone is not enough: it must be redeemed for the number it was sent to.
    if (params.phone !== account.providerAccountId) {
      throw new Error("Code was issued for another phone number");
    }
  },
  sendVerificationRequest: async ({ identifier, token }, ctx) => {
    await sendSms(outboundCtx(ctx), {
      to: identifier,
      body: `${token} is your ${PRODUCT_NAME} verification code. It expires in 10 minutes.`,
    });
  },
  options: {},
};
