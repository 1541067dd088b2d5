// Delivery status coming back from the providers, on the site URL:
// POST /resend-webhook (Resend's e-mail events, svix-signed with RESEND_WEBHOOK_SECRET,
// checked by the component) and POST /twilio/message-status (Twilio's status callback,
// which the Twilio component asks for on every message it sends). Each answers 404 on a
// deployment that does not use that provider.
import { components } from "../_generated/api";
import { env, httpAction } from "../_generated/server";
import { secretsEqual } from "./auth/secrets";
import { resendClient, TWILIO_STATUS_PATH, twilioAccount } from "./outbound";
import { twilioSignature } from "./twilioSignature";

const notHere = () => new Response(null, { status: 404 });

export const resendWebhook = httpAction(async (ctx, request) => {
  const resend = resendClient();
  if (resend === null || !env.RESEND_WEBHOOK_SECRET) return notHere();
  try {
    return await resend.handleResendEventWebhook(ctx, request);
  } catch (error) {
    // A bad signature, or an event for an e-mail the component does not know.
    console.warn(`[resend-webhook] refused: ${error instanceof Error ? error.message : String(error)}`);
    return new Response(null, { status: 400 });
  }
});

export const twilioStatus = httpAction(async (ctx, request) => {
  const twilio = twilioAccount();
  if (twilio === null) return notHere();
  const form = new URLSearchParams(await request.text());
  // The URL the component gave Twilio as the status callback.
  const url = `${env.CONVEX_SITE_URL}${TWILIO_STATUS_PATH}`;
  const given = request.headers.get("X-Twilio-Signature") ?? "";
  if (!secretsEqual(given, twilioSignature(twilio.auth_token, url, form))) return new Response(null, { status: 403 });
  const sid = form.get("MessageSid");
  const status = form.get("MessageStatus");
  if (!sid || !status || sid.length > 64 || status.length > 32) return new Response(null, { status: 400 });
  try {
    await ctx.runMutation(components.twilio.messages.updateStatus, { account_sid: twilio.account_sid, sid, status });
  } catch {
    // A status for a message the component has not stored (yet): nothing to update.
    return notHere();
  }
  return new Response(null, { status: 204 });
});
