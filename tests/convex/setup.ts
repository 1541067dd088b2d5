// One helper file for the convex suites: a fresh backend per test, fixtures,
// and the plumbing to drive Convex Auth's own signIn action.
import { convexTest } from "convex-test";
import { expect, vi } from "vitest";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { api, internal } from "../../convex/_generated/api";
import { registerComponents } from "./components";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "../../convex/lib/constants";
import type { Id, TableNames } from "../../convex/_generated/dataModel";
import schema from "../../convex/schema";
import { withTriggers } from "../../convex/lib/writes";
import { ensureBusinessWorkspace, ensurePersonalWorkspace } from "../../convex/lib/workspaces/store";
import { inWorkspace, type WorkspaceClient } from "../support/workspace-client";
import type { Role } from "../../convex/lib/validators";

export const modules = import.meta.glob("../../convex/**/*.*s");

const keys = await generateKeyPair("RS256", { extractable: true });
process.env.JWT_PRIVATE_KEY = (await exportPKCS8(keys.privateKey)).trimEnd().replace(/\n/g, " ");
process.env.JWKS = JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(keys.publicKey)) }] });
process.env.SITE_URL = "http://localhost:5173";
process.env.CONVEX_SITE_URL = "http://127.0.0.1:3211";
export const OUTBOX_KEY = "test-outbox-key-0123456789abcdef";
process.env.LOCAL_OUTBOX = OUTBOX_KEY;
process.env.AUTH_LOG_LEVEL = "ERROR";
process.env.PAYMENTS_PROVIDER = "test";
delete process.env.RESEND_API_KEY;
delete process.env.RESEND_WEBHOOK_SECRET;
delete process.env.TWILIO_ACCOUNT_SID;
delete process.env.TWILIO_AUTH_TOKEN;
delete process.env.TWILIO_FROM;

// Password hashing (scrypt, Convex Auth's default) takes about a second per call.
vi.setConfig({ testTimeout: 30_000 });

export const SITE_URL = process.env.SITE_URL;

/** A fresh backend with every component convex/convex.config.ts mounts. */
export function setupTest() {
  const t = convexTest(schema, modules);
  registerComponents(t);
  return t;
}
export type Backend = ReturnType<typeof setupTest>;
type RawClient = ReturnType<Backend["withIdentity"]>;
/** A signed-in caller acting in a workspace (tests/convex/workspace-client.ts). */
export type Client = WorkspaceClient<RawClient>;

type UserOptions = {
  role?: Role;
  isBusinessUser?: boolean;
  isAdminInfluencer?: boolean;
  email?: string;
  fullName?: string;
};

let userCounter = 0;

/** How long a Convex Auth session lasts by default (its refresh keeps the same session). */
export const SESSION_MS = 30 * 24 * 3_600_000;

/** A live authSessions row for `userId`, as signing in creates: the server refuses tokens without one. */
export async function newSession(t: Backend, userId: Id<"users">): Promise<Id<"authSessions">> {
  return await t.run(
    async (ctx) => await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + SESSION_MS }),
  );
}

/** The same user signing in again (a new session), e.g. after fake time has outlived the first one. */
export async function signInAgain(t: Backend, user: { userId: Id<"users">; workspaceId?: Id<"workspaces"> }): Promise<Client> {
  return asSession(t, user.userId, await newSession(t, user.userId), user.workspaceId);
}

/** The user's personal workspace (sign-up makes it), or null. */
async function personalOf(t: Backend, userId: Id<"users">): Promise<Id<"workspaces"> | null> {
  return await t.run(async (ctx) =>
    (await ctx.db.query("workspaces").withIndex("by_createdBy_and_kind", (q) => q.eq("createdBy", userId).eq("kind", "personal")).first())?._id ?? null,
  );
}

/**
 * A profile created directly in the database, with a session to act as it, in its home
 * workspace: a business account's business workspace (made with the flag, as an admin's
 * grant does), anyone else's personal one.
 */
export async function makeUser(t: Backend, options: UserOptions = {}) {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}@example.com`;
  const { userId, sessionId, workspaceId, personalId } = await t.run(async (raw) =>
    // Through lib/writes.ts's triggers, as the app's own writes go, so counts include it.
    withTriggers(raw, async (ctx) => {
    const userId = await ctx.db.insert("users", {
      email,
      emailVerificationTime: Date.now(),
      role: options.role ?? "influencer",
      isBusinessUser: options.isBusinessUser ?? false,
      isAdminInfluencer: options.isAdminInfluencer ?? false,
      fullName: options.fullName ?? `User ${userCounter}`,
      referralCode: `TEST${String(userCounter).padStart(4, "0")}`,
    });
    const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: Date.now() + SESSION_MS });
    // Signing up makes the personal workspace (ensureProfile); so does this fixture.
    const personalId = await ensurePersonalWorkspace(ctx, userId);
    const user = (await ctx.db.get("users", userId))!;
    const workspaceId = options.isBusinessUser === true ? ((await ensureBusinessWorkspace(ctx, user)) ?? personalId) : personalId;
    return { userId, sessionId, workspaceId, personalId };
  }));
  return { userId, sessionId, workspaceId, personalId, email, as: asSession(t, userId, sessionId, workspaceId) };
}

/** Acts as whatever identity is given (forged or malformed ones included), in no workspace. */
export function asIdentity(t: Backend, identity: Parameters<Backend["withIdentity"]>[0]): Client {
  return inWorkspace(t.withIdentity(identity), async () => null);
}

/** A signed-out visitor, typed as a client (lists of callers mix both). */
export function asVisitor(t: Backend): Client {
  return inWorkspace(t as RawClient, async () => null);
}

/** Acts as the session, in `workspaceId` (default: the user's personal workspace). */
export function asSession(t: Backend, userId: Id<"users">, sessionId: Id<"authSessions">, workspaceId?: Id<"workspaces">): Client {
  const raw = t.withIdentity({ subject: `${userId}|${sessionId}` });
  return inWorkspace(raw, async () => workspaceId ?? (await personalOf(t, userId)));
}

/** Acts as whoever a JWT from Convex Auth's signIn names, in their personal workspace. */
export function asToken(t: Backend, token: string): Client {
  const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
  const raw = t.withIdentity({ subject: payload.sub, issuer: payload.iss });
  const userId = String(payload.sub).split("|")[0] as Id<"users">;
  return inWorkspace(raw, async () => await personalOf(t, userId));
}

export async function signIn(t: Backend, provider: string, params: Record<string, unknown>) {
  return await t.action(api.auth.signIn, { provider, params });
}

export async function outbox(t: Backend) {
  const messages = await t.query(api.outbox.list, { key: OUTBOX_KEY });
  if (messages === null) throw new Error("LOCAL_OUTBOX is not set");
  return messages;
}

/** The newest message sent to `to`, if any. */
export async function lastMessageTo(t: Backend, to: string) {
  return (await outbox(t)).find((m) => m.to === to) ?? null;
}

export function linkParams(link: string | null) {
  if (link === null) throw new Error("message has no link");
  const url = new URL(link);
  return { path: url.pathname, params: Object.fromEntries(url.searchParams), url };
}

/** Signs up and verifies through the real flow; returns the signed-in client. */
export async function signUpVerified(t: Backend, email: string, password = "secret123") {
  await signIn(t, "password", { flow: "signUp", email, password });
  const { params } = linkParams((await lastMessageTo(t, email))!.link);
  const result = await signIn(t, "password", { flow: "email-verification", email, code: params.code });
  return asToken(t, result.tokens!.token);
}

export async function userByEmail(t: Backend, email: string) {
  return await t.run(async (ctx) =>
    await ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).unique(),
  );
}

const TABLES = Object.keys(schema.tables) as TableNames[];

/** Every document in every table, to prove a refused call wrote nothing. */
export async function snapshot(t: Backend) {
  return await t.run(async (ctx) => {
    const all: Record<string, unknown[]> = {};
    for (const table of TABLES) all[table] = await ctx.db.query(table).collect();
    return all;
  });
}

/** Every [table, document] whose fields hold `text` anywhere (an id, a name, an address). */
export async function rowsNaming(t: Backend, text: string): Promise<[string, Record<string, unknown>][]> {
  const all = await snapshot(t);
  return Object.entries(all).flatMap(([table, docs]) =>
    docs.filter((doc) => JSON.stringify(doc).includes(text)).map((doc): [string, Record<string, unknown>] => [table, doc as Record<string, unknown>]),
  );
}

/** The `data` of a ConvexError thrown by `run`, or a failure if nothing was thrown. */
/** A refusal by a rate limit: its reason, then when to try again (computed, never "later"). */
export function limitedWith(reason: string): RegExp {
  const escaped = reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped} Please try again in \\d+ (minutes?|hours)\\.$`);
}

/** The guess budget of `identifier` used up, as wrong guesses would leave it. */
export async function exhaustGuesses(t: Backend, kind: "password" | "phoneCode", identifier: string) {
  for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_HOUR; i++) {
    expect(await t.mutation(internal.authFlows.takeGuess, { kind, identifier })).toEqual({ ok: true });
  }
}

export async function errorData(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === "object" && data !== null) return data as { code: string; message: string };
    if (typeof data === "string") return JSON.parse(data);
    throw error;
  }
  throw new Error("expected the call to be refused");
}
