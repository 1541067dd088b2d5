// A bug report carries the page URL, console lines and a description to every triager.
// The attacker here is anyone who triages (a moderator): they must find no capability
// token in a report, whichever link the reporter had open, even when a reporter's
// browser (an old client, a script) sends them unredacted.
import { runToCompletion } from "@convex-dev/migrations";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import { TOKEN_LINKS, tokenPath } from "../../convex/lib/tokenLinks";
import { upload } from "./assets-support";
import { payload, submit, PNG_BASE64 } from "./bug-reports-support";
import { addConfirmedContact, flush, tagWill, willOwner } from "./legacy-support";
import { business } from "./imports-support";
import { linkParams, makeUser, outbox, setupTest, signIn, signUpVerified, SITE_URL, type Backend, type Client } from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The newest emailed link whose path matches. */
async function emailedLink(t: Backend, path: RegExp): Promise<string> {
  const link = (await outbox(t)).find((m) => m.link !== undefined && m.link !== null && path.test(new URL(m.link).pathname))?.link;
  if (!link) throw new Error(`no link matching ${path}`);
  return link;
}

/** Reports a bug from `url` (raw, as a client that does not redact would send it) and returns what a moderator reads. */
async function reportedFrom(reporter: Client, moderator: Client, url: string) {
  const { json } = await submit(
    reporter,
    payload({
      pageUrl: url,
      consoleLogs: [{ level: "error", message: `Failed to load ${url}: 404`, timestamp: 1 }],
      errorMessage: `The page at ${url} is blank`,
    }),
  );
  const detail = await moderator.query(api.bugReports.get, { id: json.id as never });
  return JSON.stringify(detail);
}

/** The last path segment of a link: the token of /nok/confirm/<t>, /legacy/confirm/<t>, /legacy/<t>, /api/storage/<t>. */
const lastSegment = (link: string) => new URL(link).pathname.split("/").pop()!;

/** A released estate: each link a contact received or opened on the way, with its token. */
async function releasedEstate(t: Backend): Promise<[string, string, string][]> {
  const owner = await willOwner(t);
  const ann = await addConfirmedContact(t, owner.as, "Ann");
  const nokConfirm = await emailedLink(t, /^\/nok\/confirm\//);
  const photo = await upload(t, "image/png");
  const house = await tagWill(owner.as, "House deeds", [{ storageId: photo, kind: "photo", name: "deeds.png" }]);
  await owner.as.mutation(api.nextOfKin.setBeneficiaries, { assetId: house, beneficiaries: [{ contactId: ann.contactId, share: 100 }] });
  await owner.as.mutation(api.legacy.saveSettings, { enabled: true, periodMonths: 3, threshold: 1 });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const lapseConfirm = await emailedLink(t, /^\/legacy\/confirm\//);
  expect((await t.mutation(api.legacy.confirmLapse, { token: lastSegment(lapseConfirm) })).outcome).toBe("released");
  await flush(t);
  const grant = await emailedLink(t, /^\/legacy\/(?!confirm\/)/);
  const view = await t.query(api.legacyLinks.view, { token: lastSegment(grant) });
  const photoUrl = view!.assets[0].photos[0].url!;
  return [
    ["next-of-kin confirmation", nokConfirm, lastSegment(nokConfirm)],
    ["lapse confirmation", lapseConfirm, lastSegment(lapseConfirm)],
    ["beneficiary grant", grant, lastSegment(grant)],
    ["beneficiary grant, one asset", `${grant}/${house}`, lastSegment(grant)],
    // On Convex the file's id after /api/storage/ is the capability (convex-test puts a hash there).
    ["released photo", photoUrl, new URL(photoUrl).pathname.slice("/api/storage/".length)],
  ];
}

describe("capability tokens in bug reports", () => {
  test("a triager reads no next-of-kin, lapse, grant or released-file token from reports sent on those pages", async () => {
    const t = setupTest();
    const links = await releasedEstate(t);
    const reporter = (await makeUser(t)).as;
    const moderator = (await makeUser(t, { role: "moderator" })).as;
    for (const [name, link, secret] of links) {
      expect(secret.length, name).toBeGreaterThan(20);
      const seen = await reportedFrom(reporter, moderator, link);
      expect(seen, name).not.toContain(secret);
      expect(seen, name).toContain("[REDACTED]");
    }
  });

  test("a triager reads no password-reset or e-mail verification code from reports sent on those pages", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: "new@example.com", password: "secret123" });
    const verification = await emailedLink(t, /^\/auth\/callback$/);
    const reporter = await signUpVerified(t, "old@example.com");
    await signIn(t, "password", { flow: "reset", email: "old@example.com" });
    const reset = await emailedLink(t, /^\/reset-password$/);
    const moderator = (await makeUser(t, { role: "moderator" })).as;
    for (const [link, secret] of [[verification, linkParams(verification).params.code], [reset, linkParams(reset).params.token]]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(await reportedFrom(reporter, moderator, link)).not.toContain(secret);
    }
  });

  test("a triager reads no unclaimed sticker code from a report sent on its /verify page", async () => {
    const t = setupTest();
    const shop = await business(t);
    const batchId = await shop.as.mutation(api.stickers.createBatch, { count: 1 });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const [{ code }] = (await shop.as.query(api.stickers.batchCodes, { batchId }))!.codes;
    const moderator = (await makeUser(t, { role: "moderator" })).as;
    const seen = await reportedFrom(shop.as, moderator, `${SITE_URL}/verify/${code}`);
    expect(seen).not.toContain(code);
    expect(seen).not.toContain(code.toLowerCase());
  });

  test("every token link the app lists is redacted, in the path, the query and the hash", async () => {
    const t = setupTest();
    const moderator = (await makeUser(t, { role: "moderator" })).as;
    const secret = "Zq8vT3kLm0pW5xR2yB7nC4dF6gH1jK9s.aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gH3jK5mN7pQ9s";
    for (const [name, link] of Object.entries(TOKEN_LINKS)) {
      // One reporter per link: the links outnumber one person's hourly bug reports.
      const reporter = (await makeUser(t)).as;
      const path = tokenPath(link.path, { token: secret, assetId: "k57abc" });
      const url = "param" in link ? `${SITE_URL}${path}?${link.param}=${secret}&x=1#${link.param}=${secret}` : `${SITE_URL}${path}`;
      expect(await reportedFrom(reporter, moderator, url), name).not.toContain(secret.slice(0, 20));
    }
  });

  test("reports stored before the redaction lose their tokens to the migration, and keep the rest", async () => {
    const t = setupTest();
    const reporter = await makeUser(t);
    const token = "Zq8vT3kLm0pW5xR2yB7nC4dF6gH1jK9s.aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gH3jK5mN7pQ9s";
    const id = await t.run(async (ctx) => {
      const screenshotId = await ctx.storage.store(new Blob([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], { type: "image/png" }));
      return await ctx.db.insert("bugReports", {
        userId: reporter.userId,
        reporterRole: "influencer",
        description: `Blank page at /legacy/${token}`,
        consoleLogs: [{ level: "error", message: `GET /legacy/confirm/${token} failed`, timestamp: 1 }, { level: "log", message: "plain", timestamp: 2 }],
        screenshotId,
        pageUrl: `${SITE_URL}/nok/confirm/${token}`,
        userAgent: "old client",
        viewport: { width: 1, height: 1 },
        clientTimestamp: "",
        status: "open",
        statusHistory: [{ status: "open", at: 0, by: reporter.userId }],
        updatedAt: 0,
      });
    });
    await t.run(async (ctx) => {
      await runToCompletion(ctx, components.migrations, internal.migrations.redactBugReportTokens);
    });
    const report = (await t.run(async (ctx) => await ctx.db.get("bugReports", id)))!;
    expect(report).toMatchObject({
      description: "Blank page at /legacy/[REDACTED]",
      pageUrl: `${SITE_URL}/nok/confirm/[REDACTED]`,
      consoleLogs: [{ level: "error", message: "GET /legacy/confirm/[REDACTED] failed", timestamp: 1 }, { level: "log", message: "plain", timestamp: 2 }],
      userAgent: "old client",
    });
  });
});
