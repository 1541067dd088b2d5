// E-mail and SMS through the provider components (@convex-dev/resend, @convex-dev/twilio
// on a workpool) when the deployment has their keys, the dev outbox when it has none.
// fetch is mocked: nothing leaves the machine, and every call a component makes is seen.
import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import { resendClient, sendEmail } from "../../convex/lib/outbound";
import { twilioSignature } from "../../convex/lib/twilioSignature";
import { asToken, outbox, setupTest, signIn, type Backend } from "./setup";
import { replaceGlobal, restoreReplaced } from "../support/replace-globals";

const EMAIL = "newcomer@example.com";
const PHONE = "+447911123456";
const RESEND_KEY = "re_test_key";
const WEBHOOK_SECRET = `whsec_${Buffer.from("test-webhook-secret-0123456789").toString("base64")}`;
const TWILIO = { TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef", TWILIO_AUTH_TOKEN: "twilio-token", TWILIO_FROM: "+15005550006" };

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  replaceGlobal("fetch", fetchMock);
});

afterEach(() => {
  restoreReplaced();
  vi.useRealTimers();
  for (const name of ["RESEND_API_KEY", "RESEND_WEBHOOK_SECRET", ...Object.keys(TWILIO)]) delete process.env[name];
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Resend's batch API: the first `failures` calls fail with 500, then each e-mail gets an id. */
function resendApi(failures = 0) {
  let calls = 0;
  fetchMock.mockImplementation(async (url, init) => {
    expect(url).toBe("https://api.resend.com/emails/batch");
    calls++;
    if (calls <= failures) return json(500, { message: "internal error" });
    const emails = JSON.parse(String(init!.body)) as unknown[];
    return json(200, { data: emails.map((_, i) => ({ id: `re_${calls}_${i}` })) });
  });
}

/** Twilio's Messages API: the first `failures` calls fail with 503, then the message is queued. */
function twilioApi(failures = 0) {
  let calls = 0;
  fetchMock.mockImplementation(async (url, init) => {
    expect(url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${TWILIO.TWILIO_ACCOUNT_SID}/Messages.json`);
    calls++;
    if (calls <= failures) return json(503, { message: "Service unavailable" });
    const form = new URLSearchParams(String(init!.body));
    return json(201, twilioMessage({ sid: `SM${calls}`, to: form.get("To")!, from: form.get("From")!, body: form.get("Body")! }));
  });
}

function twilioMessage(m: { sid: string; to: string; from: string; body: string }) {
  return {
    account_sid: TWILIO.TWILIO_ACCOUNT_SID,
    api_version: "2010-04-01",
    body: m.body,
    date_created: "Mon, 23 Nov 2026 22:00:00 +0000",
    date_sent: null,
    date_updated: "Mon, 23 Nov 2026 22:00:00 +0000",
    direction: "outbound-api",
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    sid: m.sid,
    status: "queued",
    subresource_uris: { media: `/2010-04-01/Accounts/${TWILIO.TWILIO_ACCOUNT_SID}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `/2010-04-01/Accounts/${TWILIO.TWILIO_ACCOUNT_SID}/Messages/${m.sid}.json`,
  };
}

/** Runs every queued job and its retries to the end (fake time jumps to each timer). */
/** The Twilio component's record of a message it sent. */
async function smsBySid(t: Backend, sid: string) {
  return await t.run(async (ctx) => await ctx.runQuery(components.twilio.messages.getBySid, { account_sid: TWILIO.TWILIO_ACCOUNT_SID, sid }));
}

async function drain(t: Backend) {
  await t.finishAllScheduledFunctions(vi.runAllTimers, 1_000);
}

/** Runs due jobs a second of fake time at a step until the provider is called (a code must not expire meanwhile). */
async function untilProviderCalled(t: Backend) {
  for (let second = 0; fetchMock.mock.calls.length === 0 && second < 60; second++) {
    vi.advanceTimersByTime(1_000);
    await t.finishInProgressScheduledFunctions();
  }
}

async function signUpLinks(t: Backend) {
  return await t.run(async (ctx) => await ctx.db.query("emailLinks").collect());
}

describe("without provider keys", () => {
  test("links and codes go to the dev outbox and no provider is called", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: EMAIL, password: "orchard-lamp-42" });
    await signIn(t, "phone", { phone: PHONE });
    await drain(t);
    expect((await outbox(t)).map((m) => [m.channel, m.to]).sort()).toEqual([
      ["email", EMAIL],
      ["sms", PHONE],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("with RESEND_API_KEY (@convex-dev/resend)", () => {
  beforeEach(() => {
    process.env.RESEND_API_KEY = RESEND_KEY;
    process.env.RESEND_WEBHOOK_SECRET = WEBHOOK_SECRET;
  });

  test("the sign-up e-mail is queued in the component and sent in a Resend batch; nothing in the outbox", async () => {
    const t = setupTest();
    resendApi();
    await signIn(t, "password", { flow: "signUp", email: EMAIL, password: "orchard-lamp-42" });
    expect(fetchMock).not.toHaveBeenCalled(); // queued, not sent inside the user's request
    await drain(t);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0];
    expect(new Headers(init!.headers).get("Authorization")).toBe(`Bearer ${RESEND_KEY}`);
    const [sent] = JSON.parse(String(init!.body)) as { to: string[]; subject: string; text: string; from: string }[];
    expect(sent).toMatchObject({ to: [EMAIL], subject: "Verify your TagMyThing email", from: "TagMyThing <onboarding@resend.dev>" });
    expect(sent.text).toMatch(/http:\/\/localhost:5173\/auth\/callback\?code=\w+/);
    expect(await outbox(t)).toEqual([]);
  });

  test("while Resend fails, the user's sign-up still succeeds and the e-mail is retried until it goes, once", async () => {
    const t = setupTest();
    resendApi(2);
    await signIn(t, "password", { flow: "signUp", email: EMAIL, password: "orchard-lamp-42" });
    expect(await signUpLinks(t)).toHaveLength(1);
    await drain(t);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The same batch each time, under one idempotency key: Resend delivers it once.
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init!.headers).get("Idempotency-Key"));
    expect(new Set(keys).size).toBe(1);
    const bodies = fetchMock.mock.calls.map(([, init]) => String(init!.body));
    expect(new Set(bodies).size).toBe(1);
  });

  test("delivery status: queued, sent, then delivered from Resend's signed webhook; unsigned events change nothing", async () => {
    const t = setupTest();
    resendApi();
    const emailId = (await t.action(async (ctx) => await sendEmail(ctx, { to: EMAIL, subject: "Hello", body: "Hi" })))!;
    const status = async () => (await t.run(async (ctx) => await resendClient()!.status(ctx, emailId as never)))?.status;
    expect(await status()).toBe("waiting");
    await drain(t);
    expect(await status()).toBe("sent");

    const event = {
      type: "email.delivered",
      created_at: new Date().toISOString(),
      data: { email_id: "re_1_0", created_at: new Date().toISOString(), from: "TagMyThing <onboarding@resend.dev>", to: [EMAIL], subject: "Hello" },
    };
    const payload = JSON.stringify(event);
    const forged = await t.fetch("/resend-webhook", {
      method: "POST",
      headers: { "svix-id": "msg_1", "svix-timestamp": String(Math.floor(Date.now() / 1000)), "svix-signature": "v1,AAAA" },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect(await status()).toBe("sent");

    const signed = await t.fetch("/resend-webhook", { method: "POST", headers: svixHeaders("msg_2", payload), body: payload });
    expect(signed.status).toBe(201);
    expect(await status()).toBe("delivered");
  });
});

test("sent e-mails, links and all, are forgotten: a day after their fate is known, a week after queuing otherwise", async () => {
  process.env.RESEND_API_KEY = RESEND_KEY;
  process.env.RESEND_WEBHOOK_SECRET = WEBHOOK_SECRET;
  const t = setupTest();
  resendApi();
  const send = async (subject: string) => (await t.action(async (ctx) => await sendEmail(ctx, { to: EMAIL, subject, body: "a link" })))!;
  const delivered = await send("Delivered");
  const unconfirmed = await send("No webhook");
  await drain(t);
  const payload = JSON.stringify({
    type: "email.delivered",
    created_at: new Date().toISOString(),
    data: { email_id: "re_1_0", created_at: new Date().toISOString(), from: "x@example.com", to: [EMAIL], subject: "Delivered" },
  });
  expect((await t.fetch("/resend-webhook", { method: "POST", headers: svixHeaders("msg_3", payload), body: payload })).status).toBe(201);
  const kept = async () =>
    await t.run(async (ctx) => [
      (await resendClient()!.get(ctx, delivered as never)) !== null,
      (await resendClient()!.get(ctx, unconfirmed as never)) !== null,
    ]);
  const forget = async () => {
    await t.mutation(internal.outbound.forgetSentEmails, {});
    await drain(t);
  };
  await forget();
  expect(await kept()).toEqual([true, true]);
  vi.setSystemTime(Date.now() + 25 * 3_600_000);
  await forget();
  expect(await kept()).toEqual([false, true]);
  vi.setSystemTime(Date.now() + 7 * 24 * 3_600_000);
  await forget();
  expect(await kept()).toEqual([false, false]);
});

function svixHeaders(id: string, payload: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(WEBHOOK_SECRET.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${payload}`).digest("base64");
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}`, "Content-Type": "application/json" };
}

describe("with Twilio keys (@convex-dev/twilio on a workpool)", () => {
  beforeEach(() => {
    Object.assign(process.env, TWILIO);
  });

  function lastSmsSent() {
    const [, init] = fetchMock.mock.calls.at(-1)!;
    return new URLSearchParams(String(init!.body));
  }

  test("the code is queued, sent through the Twilio component, and signs the number in; nothing in the outbox", async () => {
    const t = setupTest();
    twilioApi();
    await signIn(t, "phone", { phone: PHONE });
    expect(fetchMock).not.toHaveBeenCalled();
    await untilProviderCalled(t);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = lastSmsSent();
    expect(sent.get("To")).toBe(PHONE);
    expect(sent.get("From")).toBe(TWILIO.TWILIO_FROM);
    expect(sent.get("StatusCallback")).toBe(`${process.env.CONVEX_SITE_URL}/twilio/message-status`);
    const code = /\b(\d{6})\b/.exec(sent.get("Body")!)![1];
    const session = await signIn(t, "phone", { phone: PHONE, code });
    expect(await asToken(t, session.tokens!.token).query(api.users.me, {})).toMatchObject({ phone: PHONE });
    expect(await outbox(t)).toEqual([]);
  });

  test("while Twilio fails, the code request still succeeds and the SMS is retried until Twilio takes it", async () => {
    const t = setupTest();
    twilioApi(2);
    await signIn(t, "phone", { phone: PHONE });
    await drain(t);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const message = await smsBySid(t, "SM3");
    expect(message).toMatchObject({ to: PHONE, status: "queued" });
  });

  test("Twilio's status callback updates the message only when signed with the auth token", async () => {
    const t = setupTest();
    twilioApi();
    await signIn(t, "phone", { phone: PHONE });
    await drain(t);
    const url = `${process.env.CONVEX_SITE_URL}/twilio/message-status`;
    const form = new URLSearchParams({ MessageSid: "SM1", MessageStatus: "delivered", AccountSid: TWILIO.TWILIO_ACCOUNT_SID });
    const post = (signature: string) =>
      t.fetch("/twilio/message-status", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
        body: form.toString(),
      });
    const status = async () => (await smsBySid(t, "SM1"))?.status;
    expect((await post(twilioSignature("not-the-token", url, form))).status).toBe(403);
    expect(await status()).toBe("queued");
    expect((await post(twilioSignature(TWILIO.TWILIO_AUTH_TOKEN, url, form))).status).toBe(204);
    expect(await status()).toBe("delivered");
  });

  test("the callback signature is Twilio's (its published examples)", () => {
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const call = { CallSid: "CA1234567890ABCDE", Caller: "+14158675309", Digits: "1234", From: "+14158675309", To: "+18005551212" };
    expect(twilioSignature("12345", url, new URLSearchParams(call))).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    const repeated = new URLSearchParams([["Sid", "CA123"], ["SidAccount", "AC123"], ["Digits", "5678"], ["Digits", "1234"], ["Digits", "1234"]]);
    expect(twilioSignature("12345", url, repeated)).toBe("IK+Dwps556ElfBT0I3Rgjkr1wJU=");
  });

  test("the status routes answer 404 on a deployment without the provider", async () => {
    for (const name of Object.keys(TWILIO)) delete process.env[name];
    const t = setupTest();
    expect((await t.fetch("/twilio/message-status", { method: "POST", body: "" })).status).toBe(404);
    expect((await t.fetch("/resend-webhook", { method: "POST", body: "{}" })).status).toBe(404);
  });
});
