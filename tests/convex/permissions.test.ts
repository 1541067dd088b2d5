// The permission matrix: every public function, called by every kind of caller, and every
// function inside a workspace (it takes a workspaceId, or a presence room of one), called by
// each workspace role and by a non-member: one row per function, its `workspace` field the
// role dimension. A new public function without a row here (or a workspace function
// without its `workspace` field) fails the first tests.
import { describe, expect, test } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { addMember, createWorkspace } from "../../convex/lib/workspaces/store";
import type { WorkspaceRole } from "../../convex/lib/workspaces/tables";
import { clientFor } from "./caller-clients";
import { asSession, errorData, makeUser, setupTest, snapshot, type Backend } from "./setup";
import { CALLERS, type Row, type WorkspaceRow } from "./permission-types";
import { MATRIX, call, hasRoleRow, publicFunctions } from "./public-functions";

// Convex Auth's own entry points: callable by anyone by design, exercised in auth/phone tests.
const PUBLIC_BY_DESIGN = new Set(["auth:signIn", "auth:signOut", "auth:isAuthenticated"]);

test("every public function has a row in the matrix, of the right kind", () => {
  const found = new Map([...publicFunctions()].map(([path, fn]) => [path, fn.kind]));
  for (const path of PUBLIC_BY_DESIGN) expect(found.has(path), `${path} is exported`).toBe(true);
  const unlisted = [...found.keys()].filter((p) => !PUBLIC_BY_DESIGN.has(p) && !(p in MATRIX));
  expect(unlisted, "public functions without a permission row").toEqual([]);
  for (const [path, row] of Object.entries(MATRIX)) expect(found.get(path), path).toBe(row.kind);
});

/** Whether a function works inside a workspace: it names one, or a presence room (a workspace's page). */
function inAWorkspace(args: unknown): boolean {
  const fields = (args as { value?: Record<string, unknown> }).value ?? {};
  return ["workspaceId", "roomId", "roomToken"].some((name) => fields[name] !== undefined);
}
const takesWorkspaceId = (path: string) => (publicFunctions().get(path)?.args as { value?: Record<string, unknown> }).value?.workspaceId !== undefined;

test("every function inside a workspace has its role dimension, and no other function has one", () => {
  const takesWorkspace = [...publicFunctions()].filter(([, fn]) => inAWorkspace(fn.args)).map(([path]) => path);
  const withRoleRow = [...publicFunctions().keys()].filter(hasRoleRow);
  expect(withRoleRow.sort()).toEqual(takesWorkspace.sort());
});

describe.each(Object.entries(MATRIX))("%s", (path, row) => {
  test.each(CALLERS)("as %s", async (caller) => {
    const t = setupTest();
    const targetUser = await makeUser(t);
    const target = targetUser.userId;
    const client = await clientFor(t, caller);
    // A signed-in caller acts in their home workspace (the client adds it); a visitor names one.
    const base = row.args({ target });
    const args = caller === "anonymous" && takesWorkspaceId(path) ? { workspaceId: targetUser.workspaceId, ...base } : base;
    const before = await snapshot(t);
    if (row.allowed.includes(caller)) {
      if (row.handlerError !== undefined) {
        expect((await errorData(() => call(client, row.kind, path, args))).code).toBe(row.handlerError);
      } else {
        await call(client, row.kind, path, args);
      }
      return;
    }
    const expected = caller === "anonymous" ? "NOT_AUTHENTICATED" : "FORBIDDEN";
    expect((await errorData(() => call(client, row.kind, path, args))).code).toBe(expected);
    expect(await snapshot(t)).toEqual(before);
  });
});

// The role dimension. Roles from most to least trusted: written here on their own, so the
// test does not lean on the policy's table to say who may do what.
const ROLES: WorkspaceRole[] = ["owner", "admin", "editor", "viewer"];
const MEMBERS = [...ROLES, "nonMember"] as const;
type WorkspaceRowEntry = [string, Row & { workspace: WorkspaceRow }];
const WORKSPACE_ROWS = Object.entries(MATRIX).filter((entry): entry is WorkspaceRowEntry => entry[1].workspace !== undefined);

/**
 * A shared workspace of the kind the function works in, with one member per role, another
 * editor to act on, a pending invitation, and a stranger.
 */
async function staffedWorkspace(t: Backend, row: WorkspaceRow) {
  const kind = row.kinds?.[0] ?? "household";
  const people = Object.fromEntries(await Promise.all(MEMBERS.map(async (m) => [m, await makeUser(t)] as const)));
  const other = await makeUser(t, { fullName: "Mo Member" });
  const fixture = await t.run(async (ctx) => {
    const workspaceId = await createWorkspace(ctx, { name: "Shared", kind, createdBy: people.owner.userId });
    for (const role of ROLES.slice(1)) await addMember(ctx, workspaceId, people[role].userId, role);
    await addMember(ctx, workspaceId, other.userId, "editor");
    const now = Date.now();
    const invitationId = await ctx.db.insert("workspaceInvitations", {
      workspaceId,
      via: "email",
      email: "pending@example.com",
      role: "viewer",
      tokenHash: "unused",
      invitedBy: people.owner.userId,
      createdAt: now,
      expiresAt: now + 86_400_000,
    });
    return { workspaceId, target: people.owner.userId, member: other.userId, invitationId };
  });
  return { fixture, people };
}

describe.each(WORKSPACE_ROWS)("%s in a workspace", (path, row) => {
  test.each(MEMBERS)("as %s", async (member) => {
    const t = setupTest();
    const { workspace } = row;
    const { fixture, people } = await staffedWorkspace(t, workspace);
    const person = people[member];
    const client = asSession(t, person.userId, person.sessionId, fixture.workspaceId as Id<"workspaces">);
    const args = workspace.args?.(fixture) ?? { ...row.args({ target: fixture.target }), workspaceId: fixture.workspaceId };
    const before = await snapshot(t);
    const allowed = member !== "nonMember" && ROLES.indexOf(member) <= ROLES.indexOf(workspace.minRole);
    if (allowed) {
      const expected = workspace.args === undefined ? row.handlerError : workspace.handlerErrors?.[member];
      if (expected !== undefined) expect((await errorData(() => call(client, row.kind, path, args))).code).toBe(expected);
      else await call(client, row.kind, path, args);
      return;
    }
    // Refused: where the function declares an empty answer, the one a visitor gets; else the error. Nothing written.
    if (workspace.absent) expect(await call(client, row.kind, path, args)).toEqual(await call(t, row.kind, path, args));
    else expect((await errorData(() => call(client, row.kind, path, args))).code).toBe(member === "nonMember" ? "NOT_FOUND" : "FORBIDDEN");
    expect(await snapshot(t)).toEqual(before);
  });
});
