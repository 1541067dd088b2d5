// Smoke test: the project's own convex/ loads in the local backend, seeds the
// demo accounts and signs in through Convex Auth with a token we verify; a token
// whose session has been ended is refused, live, over the real protocol.
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import type { AppBackend as Backend } from "../../scripts/app-startup.mjs";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "../../convex/lib/constants";
import { client, httpAs, nextValue, removeDir, signInAs, start, tempDir, type Tokens } from "./helpers";

const PROJECT_CONVEX = fileURLToPath(new URL("../../convex", import.meta.url));
const hasSeed = existsSync(`${PROJECT_CONVEX}/seed.ts`);
const dir = tempDir("lb-project-");
let backend: Backend | null = null;

/** The project's backend, started once for the file. */
async function project(): Promise<Backend> {
  backend ??= await start({ dataDir: dir, convexDir: PROJECT_CONVEX });
  return backend;
}

afterAll(async () => {
  await backend?.stop();
  removeDir(dir);
});

describe.skipIf(!hasSeed)("the project's convex/", () => {
  it("loads, seeds and signs in a demo account over the real protocol", async () => {
    const b = await project();
    expect(b.seeded?.ok).toBe(true);

    const http = new ConvexHttpClient(b.url);
    const result = (await http.action("auth:signIn" as never, {
      provider: "password",
      params: { flow: "signIn", email: "admin@example.com", password: "password123" },
    } as never)) as { tokens?: { token: string } | null };
    const token = result.tokens?.token;
    expect(token).toBeTypeOf("string");

    const c = client(b.url);
    c.setAuth(async () => token!);
    const me = await nextValue<{ email: string; role: string } | null>(c, "users:me" as never, {}, (v) => v !== null);
    expect(me).toMatchObject({ email: "admin@example.com", role: "admin" });
    await c.close();
  });

  it("'sign out other devices' refuses the other device's token at once; its live queries drop to signed out", async () => {
    const b = await project();
    const email = "member@example.com";
    const tokensA = await signInAs(b, email);
    const tokensB = await signInAs(b, email);

    const deviceB = client(b.url);
    deviceB.setAuth(async () => tokensB.token);
    await nextValue<{ email: string } | null>(deviceB, "users:me" as never, {}, (v) => v?.email === email);
    const listErrors: Error[] = [];
    let listed = 0;
    const stop = deviceB.onUpdate("sessions:list" as never, {} as never, () => (listed += 1), (e) => listErrors.push(e));
    await expect.poll(() => listed).toBeGreaterThan(0);

    await httpAs(b, tokensA.token).mutation("sessions:signOut" as never, { scope: "others" } as never);

    // The subscriptions re-run on the session's deletion: the public query sees an
    // anonymous caller, the user query fails, and `current` says this device is out.
    await nextValue(deviceB, "users:me" as never, {}, (v) => v === null);
    await expect.poll(() => listErrors.length).toBeGreaterThan(0);
    expect(listErrors[0]).toMatchObject({ data: { code: "NOT_AUTHENTICATED" } });
    await nextValue(deviceB, "sessions:current" as never, {}, (v) => v === false);
    stop();
    await deviceB.close();

    // One-off calls with the old token are refused as well, and so is the bug-report route.
    const httpB = httpAs(b, tokensB.token);
    await expect(httpB.query("twoFactor:status" as never, {} as never)).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    await expect(httpB.mutation("users:updateActivity" as never, {} as never)).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    const report = await fetch(`${b.siteUrl}/submit-bug-report`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tokensB.token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(report.status).toBe(401);
    // Nor does its refresh token bring it back.
    const refreshed = (await new ConvexHttpClient(b.url).action("auth:signIn" as never, {
      refreshToken: tokensB.refreshToken,
    } as never)) as { tokens: Tokens | null };
    expect(refreshed.tokens).toBeNull();

    // Device A is unaffected.
    const httpA = httpAs(b, tokensA.token);
    expect(await httpA.query("sessions:list" as never, {} as never)).toHaveLength(1);
    expect(await httpA.query("sessions:current" as never, {} as never)).toBe(true);
  });

  it("wrong passwords spend the rate-limiter component's budget: parallel guesses cannot pass it, then even the right one waits", async () => {
    const b = await project();
    const email = "moderator@example.com";
    const guess = (password: string) =>
      new ConvexHttpClient(b.url, { logger: false })
        .action("auth:signIn" as never, { provider: "password", params: { flow: "signIn", email, password } } as never)
        .then(
          () => "session",
          (error: { data?: { code: string; message: string } }) => error.data ?? { code: "?", message: String(error) },
        );
    // All of the budget but one guess spent, as wrong guesses spend it (each a password hash, the
    // slow part); then 14 at once race for that last guess.
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_HOUR - 1; i++) {
      expect(await b.run("authFlows:takeGuess", { kind: "password", identifier: email })).toMatchObject({ ok: true, value: { ok: true } });
    }
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => guess(`wrong-guess-${i}`)));
    const codes = answers.map((a) => (typeof a === "string" ? a : a.code));
    expect(codes.filter((c) => c === "INVALID").length).toBeLessThanOrEqual(1);
    expect(codes.filter((c) => c === "RATE_LIMITED").length).toBeGreaterThanOrEqual(13);
    expect(await guess("password123")).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many failed attempts\. Please try again in \d+ minutes?\.$/),
    });
  });
});

describe.skipIf(!hasSeed)("the project's convex/ with RESEND_API_KEY set", () => {
  it("queues a sign-up e-mail in the Resend component, whose batch and workpool run here and try Resend; the request succeeds", async () => {
    const keyDir = tempDir("lb-resend-");
    // The deployment's env as `npx convex env set` would leave it, with a Resend key.
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const env = {
      JWT_PRIVATE_KEY: (await exportPKCS8(privateKey)).trimEnd().replace(/\n/g, " "),
      JWKS: JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] }),
      RESEND_API_KEY: "re_local_backend_test",
    };
    writeFileSync(`${keyDir}/env.json`, JSON.stringify(env), { mode: 0o600 });
    // Function logs reach the console, as `npm run dev` shows them.
    const logs: string[] = [];
    const spies = (["log", "info", "warn", "error"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(" "))),
    );
    const b = await start({ dataDir: keyDir, convexDir: PROJECT_CONVEX, seed: false });
    try {
      const answer = await new ConvexHttpClient(b.url).action("auth:signIn" as never, {
        provider: "password",
        params: { flow: "signUp", email: "newcomer@example.com", password: "orchard-lamp-42" },
      } as never);
      expect(answer).toEqual({ tokens: null });
      expect((await b.run("outbox:list", { key: b.env.LOCAL_OUTBOX })).value).toEqual([]);
      // This machine reaches no e-mail provider: the component's attempt fails, to be retried.
      await expect.poll(() => logs.join("\n"), { timeout: 20_000, interval: 250 }).toMatch(/Making a batch of 1 emails/);
      await expect.poll(() => logs.join("\n"), { timeout: 20_000, interval: 250 }).toMatch(/fetch failed/);
    } finally {
      await b.stop();
      removeDir(keyDir);
      for (const spy of spies) spy.mockRestore();
    }
  });
});
