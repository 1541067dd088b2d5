// A business's verified name on /verify (issue 26, item 7): its owners or admins ask, a site
// admin approves in /admin, and only then do its items read "Registered by …". Everyone else
// (a personal owner, a household) stays masked whatever is stored.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { addMember } from "../../convex/lib/workspaces/store";
import { fundedUser, fundWorkspace, tagGeneral } from "./assets-support";
import { asSession, asVisitor, errorData, makeUser, setupTest, type Backend } from "./setup";

async function acme(t: Backend) {
  const owner = await fundedUser(t, 0, { isBusinessUser: true, fullName: "Ada Owner" });
  await fundWorkspace(t, owner.workspaceId, 50);
  const { serial } = await tagGeneral(owner.as, { visibility: "public" });
  const staff = async (role: "admin" | "editor") => {
    const user = await makeUser(t);
    await t.run(async (ctx) => await addMember(ctx, owner.workspaceId, user.userId, role));
    return asSession(t, user.userId, user.sessionId, owner.workspaceId);
  };
  const siteAdmin = await makeUser(t, { role: "admin" });
  return { owner, serial, admin: await staff("admin"), editor: await staff("editor"), siteAdmin };
}

const ownerShown = async (t: Backend, serial: string) => {
  const result = await asVisitor(t).query(api.verify.bySerial, { serial });
  return result.result === "public" ? result.owner : null;
};

describe("a business's verified name", () => {
  test("shows on /verify only once a site admin approves what the business asked for", async () => {
    const t = setupTest();
    const { owner, serial, admin, siteAdmin } = await acme(t);
    const masked = await ownerShown(t, serial);
    expect(masked).not.toMatch(/Registered by/);

    await admin.mutation(api.verifiedNames.request, { name: "  Acme Tools Ltd " });
    expect(await ownerShown(t, serial)).toBe(masked);
    expect(await owner.as.query(api.verifiedNames.status, {})).toMatchObject({ verifiedName: null, latest: { name: "Acme Tools Ltd", status: "pending" } });
    const [row] = await siteAdmin.as.query(api.verifiedNames.pending, {});
    expect(row).toMatchObject({ name: "Acme Tools Ltd", workspaceName: "Ada Owner", isYou: false });

    await siteAdmin.as.mutation(api.verifiedNames.decide, { requestId: row._id, approve: true });
    expect(await ownerShown(t, serial)).toBe("Registered by Acme Tools Ltd");
    expect(await siteAdmin.as.query(api.verifiedNames.pending, {})).toEqual([]);
    const feed = await owner.as.query(api.workspaceActivity.feed, { paginationOpts: { numItems: 5, cursor: null } });
    expect(feed.page[0]).toMatchObject({ actor: "TagMyThing", text: "approved the verified name “Acme Tools Ltd”" });

    // Removing it masks the owner again at once.
    await owner.as.mutation(api.verifiedNames.remove, {});
    expect(await ownerShown(t, serial)).toBe(masked);
  });

  test("a declined name is never shown, and one request waits at a time", async () => {
    const t = setupTest();
    const { serial, admin, siteAdmin } = await acme(t);
    await admin.mutation(api.verifiedNames.request, { name: "Apple Inc" });
    expect((await errorData(() => admin.mutation(api.verifiedNames.request, { name: "Apple" }))).code).toBe("INVALID");
    const [row] = await siteAdmin.as.query(api.verifiedNames.pending, {});
    await siteAdmin.as.mutation(api.verifiedNames.decide, { requestId: row._id, approve: false });
    expect(await ownerShown(t, serial)).not.toMatch(/Registered by/);
    expect((await errorData(() => siteAdmin.as.mutation(api.verifiedNames.decide, { requestId: row._id, approve: true }))).code).toBe("INVALID");
  });

  test("editors cannot ask, households cannot have one, and a site admin cannot approve their own business", async () => {
    const t = setupTest();
    const { owner, editor, siteAdmin } = await acme(t);
    expect((await errorData(() => editor.mutation(api.verifiedNames.request, { name: "Acme" }))).code).toBe("FORBIDDEN");
    const person = await makeUser(t);
    const home = await person.as.mutation(api.workspaces.create, { name: "Home", kind: "household" });
    expect((await errorData(() => person.as.mutation(api.verifiedNames.request, { workspaceId: home, name: "Home Ltd" }))).code).toBe("FORBIDDEN");
    expect((await errorData(() => owner.as.mutation(api.verifiedNames.request, { name: "Bad\nName" }))).message).toMatch(/line breaks/);

    await t.run(async (ctx) => await addMember(ctx, owner.workspaceId, siteAdmin.userId, "viewer"));
    await owner.as.mutation(api.verifiedNames.request, { name: "Acme" });
    const [row] = await siteAdmin.as.query(api.verifiedNames.pending, {});
    expect(row.isYou).toBe(true);
    expect((await errorData(() => siteAdmin.as.mutation(api.verifiedNames.decide, { requestId: row._id, approve: true }))).code).toBe("FORBIDDEN");
  });

  test("a personal owner and a household stay masked even with a name stored", async () => {
    const t = setupTest();
    const person = await fundedUser(t, 50, { fullName: "Mia Member" });
    const { serial } = await tagGeneral(person.as, { visibility: "public" });
    await t.run(async (ctx) => await ctx.db.patch("workspaces", person.workspaceId, { verifiedName: "Mia Ltd" }));
    const shown = await ownerShown(t, serial);
    expect(shown).not.toMatch(/Mia Ltd|Registered by|Member/);
  });
});
