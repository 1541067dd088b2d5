// The permission matrix's workspace dimension: every function that works inside a workspace,
// called by a member of each role and by a non-member. A function taking `workspaceId`
// without a row here fails the first test.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { ROLE_MATRIX, call, hasRoleRow, publicFunctions } from "./public-functions";
import { WORKSPACE_CALLERS, type WorkspaceCaller } from "./permission-types";
import { errorData, makeUser, setupTest, snapshot, type Backend } from "./setup";
import { household, join } from "./workspace-support";


function takesWorkspace(args: unknown): boolean {
  const fields = (args as { type?: string; value?: Record<string, unknown> }).value;
  return typeof fields === "object" && fields !== null && "workspaceId" in fields;
}

test("every function taking a workspace has a role row, of the right kind", () => {
  const found = [...publicFunctions().values()].filter((fn) => takesWorkspace(fn.args));
  expect(found.length).toBeGreaterThan(0);
  const unlisted = found.filter((fn) => !hasRoleRow(fn.path)).map((fn) => fn.path);
  expect(unlisted, "workspace functions without a role row").toEqual([]);
  const kinds = new Map(found.map((fn) => [fn.path, fn.kind]));
  for (const [path, row] of Object.entries(ROLE_MATRIX)) expect(kinds.get(path), path).toBe(row.kind);
});

async function fixture(t: Backend) {
  const home = await household(t);
  const member = await makeUser(t, { fullName: "Mo Member" });
  await join(t, home.workspaceId, member.userId, "editor");
  await home.owner.as.mutation(api.workspaceMembers.invite, { workspaceId: home.workspaceId, email: "pending@example.com", role: "viewer" });
  const [invitation] = await home.owner.as.query(api.workspaceMembers.invitations, { workspaceId: home.workspaceId });
  const callers: Record<WorkspaceCaller, typeof home.owner> = {
    owner: home.owner,
    admin: home.admin,
    editor: home.editor,
    viewer: home.viewer,
    nonMember: home.outsider,
  };
  return { callers, args: { workspaceId: home.workspaceId, member: member.userId, invitationId: invitation._id } };
}

describe.each(Object.entries(ROLE_MATRIX))("%s", (path, row) => {
  test.each(WORKSPACE_CALLERS)("as %s", async (caller) => {
    const t = setupTest();
    const { callers, args } = await fixture(t);
    const client = callers[caller].as;
    const input = row.args(args);
    if (row.allowed.includes(caller)) {
      const expected = row.handlerErrors?.[caller];
      if (expected !== undefined) expect((await errorData(() => call(client, row.kind, path, input))).code).toBe(expected);
      else await call(client, row.kind, path, input);
      return;
    }
    const before = await snapshot(t);
    if ("absent" in row) {
      expect(await call(client, row.kind, path, input)).toEqual(row.absent);
    } else {
      expect((await errorData(() => call(client, row.kind, path, input))).code).toBe(caller === "nonMember" ? "NOT_FOUND" : "FORBIDDEN");
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
