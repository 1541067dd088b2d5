// Workspaces: the personal one made at sign-up, creating shared ones, the caps, and the
// policy every workspace function goes through (membership, role, kind).
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { inWorkspace, inWorkspaceOrNull } from "../../convex/lib/access";
import { addMember } from "../../convex/lib/workspaces/store";
import { MAX_WORKSPACES_PER_USER, WORKSPACE_MESSAGES, can } from "../../convex/lib/workspaces/rules";
import type { WorkspaceRole } from "../../convex/lib/workspaces/tables";
import { errorData, makeUser, setupTest, signUpVerified, type Backend } from "./setup";

async function join(t: Backend, workspaceId: Id<"workspaces">, userId: Id<"users">, role: WorkspaceRole) {
  await t.run(async (ctx) => await addMember(ctx, workspaceId, userId, role));
}

describe("the personal workspace", () => {
  test("signing up makes one, owned by the new user, and the switcher lists it", async () => {
    const t = setupTest();
    const as = await signUpVerified(t, "newcomer@example.com");
    const mine = await as.query(api.workspaces.listMine, {});
    expect(mine).toEqual([expect.objectContaining({ name: "Personal", kind: "personal", role: "owner", verifiedName: null })]);
    expect(await as.query(api.workspaces.current, { workspaceId: mine[0]._id })).toEqual(mine[0]);
  });

  test("a signed-out visitor's switcher is empty", async () => {
    const t = setupTest();
    expect(await t.query(api.workspaces.listMine, {})).toEqual([]);
  });

  test("keeps its name", async () => {
    const t = setupTest();
    const owner = await makeUser(t);
    const refused = await errorData(() => owner.as.mutation(api.workspaces.rename, { workspaceId: owner.workspaceId, name: "Mine" }));
    expect(refused).toEqual({ code: "FORBIDDEN", message: WORKSPACE_MESSAGES.wrongKind });
  });
});

describe("creating a shared workspace", () => {
  test("anyone may create a household; it is listed after the personal one", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    const id = await user.as.mutation(api.workspaces.create, { name: "  The Smiths ", kind: "household" });
    const mine = await user.as.query(api.workspaces.listMine, {});
    expect(mine.map((w) => [w.name, w.kind, w.role])).toEqual([
      ["Personal", "personal", "owner"],
      ["The Smiths", "household", "owner"],
    ]);
    expect(mine[1]._id).toBe(id);
  });

  test("a business workspace needs business features", async () => {
    const t = setupTest();
    const plain = await makeUser(t);
    const refused = await errorData(() => plain.as.mutation(api.workspaces.create, { name: "Acme", kind: "business" }));
    expect(refused).toEqual({ code: "FORBIDDEN", message: WORKSPACE_MESSAGES.businessOnly });
    const business = await makeUser(t, { isBusinessUser: true });
    await business.as.mutation(api.workspaces.create, { name: "Acme", kind: "business" });
    expect((await business.as.query(api.workspaces.listMine, {})).map((w) => [w.kind, w.name])).toContainEqual(["business", "Acme"]);
  });

  test("a blank or overlong name is refused and nothing is created", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    for (const [name, message] of [["   ", WORKSPACE_MESSAGES.nameRequired], ["x".repeat(81), WORKSPACE_MESSAGES.nameTooLong]]) {
      expect(await errorData(() => user.as.mutation(api.workspaces.create, { name, kind: "household" }))).toEqual({ code: "INVALID", message });
    }
    expect(await user.as.query(api.workspaces.listMine, {})).toHaveLength(1);
  });

  test("a user belongs to at most the cap of workspaces", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    for (let i = 1; i < MAX_WORKSPACES_PER_USER; i++) await user.as.mutation(api.workspaces.create, { name: `Home ${i}`, kind: "household" });
    const refused = await errorData(() => user.as.mutation(api.workspaces.create, { name: "One more", kind: "household" }));
    expect(refused).toEqual({ code: "INVALID", message: WORKSPACE_MESSAGES.tooManyWorkspaces });
    expect(await user.as.query(api.workspaces.listMine, {})).toHaveLength(MAX_WORKSPACES_PER_USER);
  });
});

describe("the policy", () => {
  test("a non-member gets the same answer as for a workspace that does not exist", async () => {
    const t = setupTest();
    const owner = await makeUser(t);
    const stranger = await makeUser(t);
    const home = await owner.as.mutation(api.workspaces.create, { name: "Home", kind: "household" });
    const gone = await t.run(async (ctx) => {
      const id = await ctx.db.insert("workspaces", { name: "Gone", kind: "household", createdBy: owner.userId });
      await ctx.db.delete("workspaces", id);
      return id;
    });
    const theirs = await errorData(() => stranger.as.mutation(api.workspaces.rename, { workspaceId: home, name: "Mine" }));
    const missing = await errorData(() => stranger.as.mutation(api.workspaces.rename, { workspaceId: gone, name: "Mine" }));
    expect(theirs).toEqual({ code: "NOT_FOUND", message: WORKSPACE_MESSAGES.notFound });
    expect(missing).toEqual(theirs);
    expect(await stranger.as.query(api.workspaces.current, { workspaceId: home })).toBeNull();
    expect((await owner.as.query(api.workspaces.current, { workspaceId: home }))?.name).toBe("Home");
  });

  test.each([
    ["owner", true],
    ["admin", true],
    ["editor", false],
    ["viewer", false],
  ] as const)("a %s may change settings: %s", async (role, allowed) => {
    const t = setupTest();
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const home = await owner.as.mutation(api.workspaces.create, { name: "Home", kind: "household" });
    if (role !== "owner") await join(t, home, member.userId, role);
    const as = role === "owner" ? owner.as : member.as;
    if (allowed) {
      await as.mutation(api.workspaces.rename, { workspaceId: home, name: "Our home" });
      expect((await as.query(api.workspaces.current, { workspaceId: home }))?.name).toBe("Our home");
    } else {
      expect((await errorData(() => as.mutation(api.workspaces.rename, { workspaceId: home, name: "Ours" }))).code).toBe("FORBIDDEN");
      expect((await as.query(api.workspaces.current, { workspaceId: home }))).toMatchObject({ name: "Home", role });
    }
  });

  test("one role table: each role may do what the roles below it may", () => {
    expect(["owner", "admin", "editor", "viewer"].map((r) => can(r as WorkspaceRole, "edit"))).toEqual([true, true, true, false]);
    expect(["owner", "admin", "editor", "viewer"].map((r) => can(r as WorkspaceRole, "deleteWorkspace"))).toEqual([true, false, false, false]);
    expect(can(null, "read")).toBe(false);
  });

  test("a record of another workspace reads as missing", async () => {
    const t = setupTest();
    const a = await makeUser(t);
    const b = await makeUser(t);
    const record = { workspaceId: a.workspaceId };
    expect(inWorkspace(record, a.workspaceId, "Asset not found")).toBe(record);
    expect(inWorkspaceOrNull(record, b.workspaceId)).toBeNull();
    expect(() => inWorkspace(record, b.workspaceId, "Asset not found")).toThrow("Asset not found");
    expect(() => inWorkspace(null, b.workspaceId, "Asset not found")).toThrow("Asset not found");
  });
});
