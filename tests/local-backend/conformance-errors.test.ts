// Conformance: errors as Convex sends them (crates/isolate error.rs and
// helpers.rs, crates/application redaction.rs, crates/authentication, crates/isolate ops/console.rs).
import { importPKCS8, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { ConvexError } from "convex/values";
import { withConformanceApp } from "./helpers";

describe("errors", () => {
  const ctx = withConformanceApp("errors");

  /** POSTs to the HTTP API as a client would, returning the status and JSON body. */
  async function callApi(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${ctx.backend.url}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ path, args: [{}], format: "json" }),
    });
    return { status: res.status, body: await res.json() };
  }

  async function token({ kid, iat, iss = "https://issuer.test" }: { kid?: string; iat?: number; iss?: string } = {}) {
    const key = await importPKCS8(ctx.backend.env.JWT_PRIVATE_KEY, "RS256");
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub: "someone" })
      .setProtectedHeader({ alg: "RS256", ...(kid ? { kid } : {}) })
      .setIssuedAt(iat ?? now)
      .setIssuer(iss)
      .setAudience("conformance")
      .setExpirationTime(now + 3600)
      .sign(key);
  }

  it("keep a ConvexError subclass's name and data", async () => {
    const error = await ctx.http.query(api.errors.limited, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConvexError);
    expect((error as ConvexError<{ limit: number }>).data).toEqual({ limit: 3 });
    expect((error as Error).message).toContain("Uncaught LimitError:");
  });

  it("answer a failing HTTP action with Convex's JSON body, a ConvexError's data included", async () => {
    const res = await fetch(`${ctx.backend.siteUrl}/fail`, { method: "POST" });
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body.data).toEqual({ reason: "out of stock", left: 0 });
    expect(body.code).toMatch(/^\[Request ID: \w+\] Server Error: Uncaught ConvexError: /);
    expect(body.trace).toMatch(/^Uncaught ConvexError: /);
  });

  it("name a missing function as Convex does, in nested calls too", async () => {
    expect(await ctx.http.mutation(api.errors.callMissing, {})).toContain("Could not find public function for 'missing:nothing'.");
    expect((await callApi("missing:nothing")).body.errorMessage).toContain("Could not find public function for 'missing:nothing'.");
  });

  it("refuse tokens with Convex's codes and messages", async () => {
    expect(await callApi("errors:whoami", { Authorization: "Basic abc" })).toEqual({
      status: 401,
      body: { code: "InvalidAuthHeader", message: "Header must begin with `bearer `" },
    });
    const stranger = await callApi("errors:whoami", { Authorization: `Bearer ${await token({ iss: "https://elsewhere.test" })}` });
    expect(stranger).toEqual({
      status: 401,
      body: {
        code: "NoAuthProvider",
        message: "No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your configured providers: [CustomJWT(issuer=https://issuer.test, app_id=conformance)]",
      },
    });
  });

  it("need the key id when the JWKS has several keys, and refuse tokens issued in the future beyond the skew", async () => {
    const as = async (t: string) => callApi("errors:whoami", { Authorization: `Bearer ${t}` });
    expect(await as(await token({ kid: "own" }))).toMatchObject({ status: 200, body: { value: "someone" } });
    expect(await as(await token())).toEqual({
      status: 401,
      body: { code: "InvalidAuthHeader", message: "Could not decode token. JWT may be missing a 'kid' (key ID) header." },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(await as(await token({ kid: "own", iat: now + 3 }))).toMatchObject({ status: 200 });
    expect(await as(await token({ kid: "own", iat: now + 120 }))).toMatchObject({ status: 401, body: { code: "InvalidAuthHeader" } });
  });

  it("log console.time in whole milliseconds, with Convex's warnings", async () => {
    const { body } = await callApi("errors:timed");
    expect(body.logLines).toEqual([
      "[WARN] Timer 'work' already exists",
      expect.stringMatching(/^\[INFO\] work: \d+ms halfway$/),
      expect.stringMatching(/^\[INFO\] work: \d+ms$/),
      "[WARN] Timer 'never started' does not exist",
    ]);
  });

  it("carry the app's own source-mapped frames, never the backend's, from queries and Node actions", async () => {
    // One call at a time: a call started early would reject before anything awaits it.
    for (const [call, what] of [
      [() => ctx.http.query(api.errors.deep, {}), "query"],
      [() => ctx.http.action(api["node-errors"].deep, {}), "node action"],
    ] as const) {
      const message = await call().then(() => "succeeded", (e: Error) => e.message);
      const lines = message.split("\n");
      expect(lines).toContain(`Uncaught Error: ${what} failed deep down`);
      const frames = lines.filter((l) => l.startsWith("    at "));
      expect(frames[0]).toMatch(/^ {4}at failDeep \(\.\.\/convex\/nested\.ts:3:\d+\)$/);
      expect(frames[1]).toMatch(/^ {4}at handler \(\.\.\/convex\/(errors|node-errors)\.ts:\d+:\d+\)$/);
      expect(frames.every((f) => f.includes("(../convex/"))).toBe(true);
    }
  });
});
