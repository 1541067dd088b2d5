// Workspace members: invitations by e-mail and join link, roles, leaving and removal, the
// caps, the invitation limits and the activity log, as members and outsiders see them.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { LIMIT_REASONS } from "../../convex/lib/limits";
import {
  INVITATION_TTL_DAYS,
  MAX_MEMBERS_PER_WORKSPACE,
  MAX_PENDING_INVITATIONS,
  MAX_WORKSPACES_PER_USER,
  WORKSPACE_INVITES_PER_HOUR,
  WORKSPACE_INVITES_PER_RECIPIENT_PER_DAY,
  WORKSPACE_MESSAGES,
} from "../../convex/lib/workspaces/rules";
import { errorData, lastMessageTo, limitedWith, makeUser, setupTest, signUpVerified, snapshot, type Client } from "./setup";
import { household, inviteTokenSentTo, join } from "./workspace-support";

const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function feedTexts(as: Client, workspaceId: Id<"workspaces">) {
  const { page } = await as.query(api.workspaceActivity.feed, { workspaceId, paginationOpts: { numItems: 50, cursor: null } });
  return page.map((e) => `${e.actor} ${e.text}`);
}

async function names(as: Client, workspaceId: Id<"workspaces">) {
  return (await as.query(api.workspaceMembers.list, { workspaceId })).map((m) => `${m.name}:${m.role}`);
}

describe("inviting by e-mail", () => {
  test("an address with an account and one without get the same answer and the same e-mail", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    await makeUser(t, { email: "known@example.com" });
    const answers = [];
    for (const email of ["known@example.com", "nobody@example.com"]) {
      answers.push(await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email, role: "editor" }));
    }
    expect(answers).toEqual([null, null]);
    const [known, unknown] = [await lastMessageTo(t, "known@example.com"), await lastMessageTo(t, "nobody@example.com")];
    const general = (m: typeof known) => ({ subject: m!.subject, body: m!.body.replace(m!.link!, "LINK") });
    expect(general(known)).toEqual(general(unknown));
    // No member-written text in the subject.
    expect(known!.subject).toBe("You are invited to a workspace on TagMyThing");
    expect(known!.body).toContain("Olive Owner invited you to join the workspace “The Smiths” on TagMyThing as editor.");
    expect(known!.link).toMatch(/^http:\/\/localhost:5173\/invite\/[\w-]+\.[\w-]+$/);
    const pending = await owner.as.query(api.workspaceMembers.invitations, { workspaceId });
    expect(pending.map((i) => [i.email, i.role, i.invitedBy])).toEqual([
      ["known@example.com", "editor", "Olive Owner"],
      ["nobody@example.com", "editor", "Olive Owner"],
    ]);
  });

  test("a new address signs up through the link and lands in the workspace", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "Newcomer@Example.com", role: "editor" });
    const token = await inviteTokenSentTo(t, "newcomer@example.com");
    // Before signing up, the link shows what it invites to, and cannot be accepted.
    expect(await t.query(api.workspaceMembers.preview, { token })).toMatchObject({
      workspaceName: "The Smiths",
      via: "email",
      role: "editor",
      invitedBy: "Olive Owner",
      alreadyMember: false,
      mayAccept: false,
    });
    const newcomer = await signUpVerified(t, "newcomer@example.com");
    expect(await newcomer.query(api.workspaceMembers.preview, { token })).toMatchObject({ mayAccept: true });
    expect(await newcomer.mutation(api.workspaceMembers.accept, { token })).toBe(workspaceId);
    expect((await newcomer.query(api.workspaces.listMine, {})).map((w) => [w.name, w.role])).toEqual([
      ["Personal", "owner"],
      ["The Smiths", "editor"],
    ]);
    const members = await owner.as.query(api.workspaceMembers.list, { workspaceId });
    expect(members.filter((m) => m.email === "newcomer@example.com").map((m) => m.role)).toEqual(["editor"]);
    expect(await owner.as.query(api.workspaceMembers.invitations, { workspaceId })).toEqual([]);
    // The link is used up.
    expect(await t.query(api.workspaceMembers.preview, { token })).toBeNull();
    expect(await errorData(() => newcomer.mutation(api.workspaceMembers.accept, { token }))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.invalidLink,
    });
    const newName = members.find((m) => m.email === "newcomer@example.com")!.name;
    expect((await feedTexts(owner.as, workspaceId)).slice(0, 2)).toEqual([
      `${newName} joined as editor by invitation`,
      "Olive Owner invited newcomer@example.com as editor",
    ]);
  });

  test("only the address it was sent to may accept it; a forwarded link does nothing", async () => {
    const t = setupTest();
    const { workspaceId, owner, outsider } = await household(t);
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" });
    const token = await inviteTokenSentTo(t, "ann@example.com");
    const before = await snapshot(t);
    expect(await outsider.as.query(api.workspaceMembers.preview, { token })).toMatchObject({ mayAccept: false });
    expect(await errorData(() => outsider.as.mutation(api.workspaceMembers.accept, { token }))).toEqual({
      code: "FORBIDDEN",
      message: WORKSPACE_MESSAGES.wrongAddress,
    });
    for (const forged of ["forged", `${token.split(".")[0]}.AAAA`, `x${token}`]) {
      expect(await t.query(api.workspaceMembers.preview, { token: forged })).toBeNull();
      expect((await errorData(() => outsider.as.mutation(api.workspaceMembers.accept, { token: forged }))).message).toBe(
        WORKSPACE_MESSAGES.invalidLink,
      );
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("declining needs no account; the link then stops working and the log says so", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" });
    const token = await inviteTokenSentTo(t, "ann@example.com");
    await t.mutation(api.workspaceMembers.decline, { token });
    expect(await t.query(api.workspaceMembers.preview, { token })).toBeNull();
    expect(await owner.as.query(api.workspaceMembers.invitations, { workspaceId })).toEqual([]);
    expect((await feedTexts(owner.as, workspaceId))[0]).toBe("ann@example.com declined the invitation");
  });

  test("an expired or withdrawn invitation no longer opens", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" });
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "bob@example.com", role: "viewer" });
    const [annToken, bobToken] = [await inviteTokenSentTo(t, "ann@example.com"), await inviteTokenSentTo(t, "bob@example.com")];
    const [ann] = await owner.as.query(api.workspaceMembers.invitations, { workspaceId });
    await owner.as.mutation(api.workspaceMembers.revokeInvitation, { workspaceId, invitationId: ann._id });
    expect(await t.query(api.workspaceMembers.preview, { token: annToken })).toBeNull();
    expect(await t.query(api.workspaceMembers.preview, { token: bobToken })).not.toBeNull();
    vi.advanceTimersByTime(INVITATION_TTL_DAYS * DAY_MS + 1);
    expect(await t.query(api.workspaceMembers.preview, { token: bobToken })).toBeNull();
    const bob = await makeUser(t, { email: "bob@example.com" });
    expect((await errorData(() => bob.as.mutation(api.workspaceMembers.accept, { token: bobToken }))).message).toBe(
      WORKSPACE_MESSAGES.invalidLink,
    );
    // The scheduled clean-up deletes it.
    await t.finishInProgressScheduledFunctions();
    expect(await t.run(async (ctx) => await ctx.db.query("workspaceInvitations").collect())).toEqual([]);
  });

  test("a member's address is refused; a pending one gets a fresh link and the old one stops", async () => {
    const t = setupTest();
    const { workspaceId, owner, editor } = await household(t);
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: editor.email, role: "viewer" }))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.alreadyMember,
    });
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" });
    const first = await inviteTokenSentTo(t, "ann@example.com");
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "admin" });
    const second = await inviteTokenSentTo(t, "ann@example.com");
    expect(second).not.toBe(first);
    expect(await t.query(api.workspaceMembers.preview, { token: first })).toBeNull();
    expect(await t.query(api.workspaceMembers.preview, { token: second })).toMatchObject({ role: "admin" });
    expect(await owner.as.query(api.workspaceMembers.invitations, { workspaceId })).toHaveLength(1);
  });

  test("a malformed address is refused and nothing is written", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    const before = await snapshot(t);
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "not an email", role: "viewer" }))).toEqual({
      code: "INVALID",
      message: "Please enter a valid email address",
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a personal workspace is never shared", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    const refused = await errorData(() =>
      user.as.mutation(api.workspaceMembers.invite, { workspaceId: user.workspaceId, email: "ann@example.com", role: "viewer" }),
    );
    expect(refused).toEqual({ code: "FORBIDDEN", message: WORKSPACE_MESSAGES.wrongKind });
    expect((await errorData(() => user.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId: user.workspaceId, role: "viewer", days: 7 }))).code).toBe("FORBIDDEN");
    expect((await errorData(() => user.as.mutation(api.workspaceMembers.leave, { workspaceId: user.workspaceId }))).code).toBe("FORBIDDEN");
  });
});

describe("invitations for you (in the app, without the link)", () => {
  test("an existing account sees the invitations to its proven address and accepts one here", async () => {
    const t = setupTest();
    const home = await household(t);
    const guest = await makeUser(t, { email: "guest@example.com", fullName: "Gus Guest" });
    await home.owner.as.mutation(api.workspaceMembers.invite, { workspaceId: home.workspaceId, email: "Guest@Example.com", role: "editor" });
    const [invitation] = await guest.as.query(api.myInvitations.list, {});
    expect(invitation).toMatchObject({ workspaceName: "The Smiths", kind: "household", role: "editor", invitedBy: "Olive Owner" });
    // Nobody else can see or use it, whoever holds its id.
    expect(await home.outsider.as.query(api.myInvitations.list, {})).toEqual([]);
    expect((await errorData(() => home.outsider.as.mutation(api.myInvitations.accept, { invitationId: invitation._id }))).code).toBe("NOT_FOUND");
    expect(await guest.as.mutation(api.myInvitations.accept, { invitationId: invitation._id })).toBe(home.workspaceId);
    expect((await guest.as.query(api.workspaces.listMine, {})).map((w) => [w.name, w.role])).toContainEqual(["The Smiths", "editor"]);
    expect(await guest.as.query(api.myInvitations.list, {})).toEqual([]);
  });

  test("an unverified address sees none, and a declined one is gone with its link", async () => {
    const t = setupTest();
    const home = await household(t);
    const guest = await makeUser(t, { email: "guest@example.com" });
    await home.owner.as.mutation(api.workspaceMembers.invite, { workspaceId: home.workspaceId, email: "guest@example.com", role: "viewer" });
    const token = await inviteTokenSentTo(t, "guest@example.com");
    await t.run(async (ctx) => await ctx.db.patch("users", guest.userId, { emailVerificationTime: undefined }));
    expect(await guest.as.query(api.myInvitations.list, {})).toEqual([]);
    await t.run(async (ctx) => await ctx.db.patch("users", guest.userId, { emailVerificationTime: Date.now() }));
    const [invitation] = await guest.as.query(api.myInvitations.list, {});
    await guest.as.mutation(api.myInvitations.decline, { invitationId: invitation._id });
    expect(await guest.as.query(api.myInvitations.list, {})).toEqual([]);
    expect(await guest.as.query(api.workspaceMembers.preview, { token })).toBeNull();
  });
});

describe("join links", () => {
  test("give their role to whoever opens them until they expire", async () => {
    const t = setupTest();
    const { workspaceId, admin } = await household(t);
    const token = await admin.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 1 });
    const [first, second, late] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    expect(await first.as.query(api.workspaceMembers.preview, { token })).toMatchObject({ via: "link", role: "viewer", mayAccept: true });
    for (const user of [first, second]) expect(await user.as.mutation(api.workspaceMembers.accept, { token })).toBe(workspaceId);
    expect((await first.as.query(api.workspaces.current, { workspaceId }))?.role).toBe("viewer");
    // Accepting again changes nothing.
    await first.as.mutation(api.workspaceMembers.accept, { token });
    expect(await first.as.query(api.workspaceMembers.preview, { token })).toMatchObject({ alreadyMember: true, mayAccept: false });
    vi.advanceTimersByTime(DAY_MS + 1);
    expect(await errorData(() => late.as.mutation(api.workspaceMembers.accept, { token }))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.invalidLink,
    });
    expect(await late.as.query(api.workspaces.current, { workspaceId })).toBeNull();
    const texts = await feedTexts(admin.as, workspaceId);
    expect(texts.filter((x) => x.endsWith("joined as viewer through a join link"))).toHaveLength(2);
    expect(texts).toContain("Adam Admin created a join link for new viewers");
  });

  test("a join link is not an e-mail invitation: it cannot be declined, nor a token of one be used as the other", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    const token = await owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "editor", days: 7 });
    expect((await errorData(() => t.mutation(api.workspaceMembers.decline, { token }))).message).toBe(WORKSPACE_MESSAGES.invalidLink);
    expect(await owner.as.query(api.workspaceMembers.invitations, { workspaceId })).toHaveLength(1);
  });

  test("only the offered lifetimes are accepted, and owners are never made by a link", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 365 }))).toEqual({
      code: "INVALID",
      message: "A join link lasts 1, 7 or 30 days",
    });
    const asOwner = { workspaceId, role: "owner", days: 7 } as unknown as { workspaceId: Id<"workspaces">; role: "viewer"; days: number };
    await expect(owner.as.mutation(api.workspaceMembers.createJoinLink, asOwner)).rejects.toThrow(/Validator/);
  });
});

describe("roles", () => {
  test("an admin manages admins, editors and viewers but cannot make or touch owners", async () => {
    const t = setupTest();
    const { workspaceId, owner, admin, editor } = await household(t);
    await admin.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: editor.userId, role: "admin" });
    for (const call of [
      () => admin.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: editor.userId, role: "owner" }),
      () => admin.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: admin.userId, role: "owner" }),
      () => admin.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: owner.userId, role: "viewer" }),
      () => admin.as.mutation(api.workspaceMembers.remove, { workspaceId, userId: owner.userId }),
    ]) {
      expect(await errorData(call)).toEqual({ code: "FORBIDDEN", message: WORKSPACE_MESSAGES.ownersOnly });
    }
    expect(await names(owner.as, workspaceId)).toEqual(["Olive Owner:owner", "Adam Admin:admin", "Edie Editor:admin", "Vic Viewer:viewer"]);
    expect((await feedTexts(owner.as, workspaceId))[0]).toBe("Adam Admin made Edie Editor an admin");
  });

  test("the last owner can neither leave nor step down; with a second owner both can", async () => {
    const t = setupTest();
    const { workspaceId, owner, admin } = await household(t);
    const lastOwner = { code: "INVALID", message: WORKSPACE_MESSAGES.lastOwner };
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.leave, { workspaceId }))).toEqual(lastOwner);
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: owner.userId, role: "admin" }))).toEqual(lastOwner);
    await owner.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: admin.userId, role: "owner" });
    await owner.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: owner.userId, role: "editor" });
    expect(await errorData(() => admin.as.mutation(api.workspaceMembers.leave, { workspaceId }))).toEqual(lastOwner);
    await owner.as.mutation(api.workspaceMembers.leave, { workspaceId });
    expect(await owner.as.query(api.workspaces.current, { workspaceId })).toBeNull();
    expect((await feedTexts(admin.as, workspaceId))[0]).toBe("Olive Owner left the workspace");
  });

  test("an owner hands over ownership and becomes an admin", async () => {
    const t = setupTest();
    const { workspaceId, owner, editor } = await household(t);
    await owner.as.mutation(api.workspaceMembers.transferOwnership, { workspaceId, userId: editor.userId });
    expect(await names(editor.as, workspaceId)).toEqual(["Edie Editor:owner", "Adam Admin:admin", "Olive Owner:admin", "Vic Viewer:viewer"]);
    expect((await errorData(() => owner.as.mutation(api.workspaceMembers.transferOwnership, { workspaceId, userId: editor.userId }))).code).toBe(
      "FORBIDDEN",
    );
  });

  test("removing someone else: not oneself, not a stranger", async () => {
    const t = setupTest();
    const { workspaceId, owner, admin, outsider } = await household(t);
    expect(await errorData(() => admin.as.mutation(api.workspaceMembers.remove, { workspaceId, userId: admin.userId }))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.notYourself,
    });
    expect(await errorData(() => admin.as.mutation(api.workspaceMembers.remove, { workspaceId, userId: outsider.userId }))).toEqual({
      code: "NOT_FOUND",
      message: WORKSPACE_MESSAGES.memberNotFound,
    });
    expect(await names(owner.as, workspaceId)).toHaveLength(4);
  });
});

describe("outsiders and removed members", () => {
  test("a non-member gets NOT_FOUND, as for a workspace that does not exist, and writes nothing", async () => {
    const t = setupTest();
    const { workspaceId, outsider, editor } = await household(t);
    const before = await snapshot(t);
    const notFound = { code: "NOT_FOUND", message: WORKSPACE_MESSAGES.notFound };
    expect(await errorData(() => outsider.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "x@example.com", role: "admin" }))).toEqual(notFound);
    expect(await errorData(() => outsider.as.mutation(api.workspaceMembers.remove, { workspaceId, userId: editor.userId }))).toEqual(notFound);
    expect(await errorData(() => outsider.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "admin", days: 30 }))).toEqual(notFound);
    expect(await outsider.as.query(api.workspaceMembers.list, { workspaceId })).toEqual([]);
    expect(await feedTexts(outsider.as, workspaceId)).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  test("a removed member's open queries answer absent at once instead of failing", async () => {
    const t = setupTest();
    const { workspaceId, owner, editor } = await household(t);
    expect(await names(editor.as, workspaceId)).toHaveLength(4);
    expect(await feedTexts(editor.as, workspaceId)).not.toEqual([]);
    await owner.as.mutation(api.workspaceMembers.remove, { workspaceId, userId: editor.userId });
    expect(await editor.as.query(api.workspaceMembers.list, { workspaceId })).toEqual([]);
    expect(await editor.as.query(api.workspaces.current, { workspaceId })).toBeNull();
    expect(await editor.as.query(api.workspaceActivity.feed, { workspaceId, paginationOpts: { numItems: 10, cursor: null } })).toEqual({
      page: [],
      isDone: true,
      continueCursor: "",
    });
    expect((await feedTexts(owner.as, workspaceId))[0]).toBe("Olive Owner removed Edie Editor");
  });

  test("only those who manage members see pending invitations", async () => {
    const t = setupTest();
    const { workspaceId, owner, editor, viewer } = await household(t);
    await owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" });
    for (const member of [editor, viewer]) expect(await member.as.query(api.workspaceMembers.invitations, { workspaceId })).toEqual([]);
    expect(await owner.as.query(api.workspaceMembers.invitations, { workspaceId })).toHaveLength(1);
  });
});

describe("caps", () => {
  test("pending invitations and join links are capped", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) {
      // Links share the workspace's hourly invitation budget.
      if (i > 0 && i % WORKSPACE_INVITES_PER_HOUR === 0) vi.advanceTimersByTime(60 * 60 * 1000);
      await owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 7 });
    }
    const capped = { code: "INVALID", message: WORKSPACE_MESSAGES.tooManyInvitations };
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 7 }))).toEqual(capped);
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" }))).toEqual(capped);
    expect(await lastMessageTo(t, "ann@example.com")).toBeNull();
  });

  test("a full workspace takes no invitation and lets nobody in through a link", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    const token = await owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 7 });
    for (let i = 4; i < MAX_MEMBERS_PER_WORKSPACE; i++) await join(t, workspaceId, (await makeUser(t)).userId, "viewer");
    const full = { code: "INVALID", message: WORKSPACE_MESSAGES.tooManyMembers };
    expect(await errorData(() => owner.as.mutation(api.workspaceMembers.invite, { workspaceId, email: "ann@example.com", role: "viewer" }))).toEqual(full);
    const late = await makeUser(t);
    expect(await errorData(() => late.as.mutation(api.workspaceMembers.accept, { token }))).toEqual(full);
    expect(await late.as.query(api.workspaces.current, { workspaceId })).toBeNull();
  });

  test("someone in as many workspaces as allowed cannot accept one more", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    const busy = await makeUser(t);
    for (let i = 1; i < MAX_WORKSPACES_PER_USER; i++) await busy.as.mutation(api.workspaces.create, { name: `Home ${i}`, kind: "household" });
    const token = await owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 7 });
    expect(await errorData(() => busy.as.mutation(api.workspaceMembers.accept, { token }))).toEqual({
      code: "INVALID",
      message: WORKSPACE_MESSAGES.tooManyWorkspaces,
    });
  });
});

describe("invitation limits", () => {
  async function inviteFrom(owner: Client, workspaceId: Id<"workspaces">, email: string) {
    return await owner.mutation(api.workspaceMembers.invite, { workspaceId, email, role: "viewer" });
  }

  test("one address is invited a few times a day, whichever workspaces invite it", async () => {
    const t = setupTest();
    const owners = [];
    for (let i = 0; i <= WORKSPACE_INVITES_PER_RECIPIENT_PER_DAY; i++) owners.push(await household(t));
    for (const { owner, workspaceId } of owners.slice(0, -1)) await inviteFrom(owner.as, workspaceId, "ann@example.com");
    const last = owners.at(-1)!;
    const refused = await errorData(() => inviteFrom(last.owner.as, last.workspaceId, "Ann@example.com"));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.message).toMatch(limitedWith(LIMIT_REASONS.workspaceInviteRecipient));
    expect(await last.owner.as.query(api.workspaceMembers.invitations, { workspaceId: last.workspaceId })).toEqual([]);
  });

  test("join links draw on the same hourly budget", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    for (let i = 0; i < WORKSPACE_INVITES_PER_HOUR; i++) {
      const token = await owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 1 });
      expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
      const [link] = await owner.as.query(api.workspaceMembers.invitations, { workspaceId });
      await owner.as.mutation(api.workspaceMembers.revokeInvitation, { workspaceId, invitationId: link._id });
    }
    const refused = await errorData(() => owner.as.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "viewer", days: 1 }));
    expect(refused.message).toMatch(limitedWith(LIMIT_REASONS.workspaceInvite));
  });

  test("a workspace sends a burst of invitations an hour, then waits", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await household(t);
    for (let i = 0; i < WORKSPACE_INVITES_PER_HOUR; i++) await inviteFrom(owner.as, workspaceId, `guest${i}@example.com`);
    const refused = await errorData(() => inviteFrom(owner.as, workspaceId, "one-more@example.com"));
    expect(refused.message).toMatch(limitedWith(LIMIT_REASONS.workspaceInvite));
    expect(await lastMessageTo(t, "one-more@example.com")).toBeNull();
    vi.advanceTimersByTime(60 * 60 * 1000);
    await inviteFrom(owner.as, workspaceId, "one-more@example.com");
  });
});

describe("the activity feed", () => {
  test("is newest first, pages, and shows members' names as they are now", async () => {
    const t = setupTest();
    const { workspaceId, owner, editor } = await household(t);
    await owner.as.mutation(api.workspaceMembers.changeRole, { workspaceId, userId: editor.userId, role: "viewer" });
    vi.advanceTimersByTime(1000);
    await owner.as.mutation(api.workspaces.rename, { workspaceId, name: "Smith family" });
    await t.run(async (ctx) => await ctx.db.patch("users", editor.userId, { fullName: "Edie Smith" }));
    const first = await editor.as.query(api.workspaceActivity.feed, { workspaceId, paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((e) => `${e.actor} ${e.text}`)).toEqual([
      "Olive Owner renamed the workspace to “Smith family”",
      "Olive Owner made Edie Smith a viewer",
    ]);
    const rest = await editor.as.query(api.workspaceActivity.feed, { workspaceId, paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(rest.page.map((e) => `${e.actor} ${e.text}`)).toEqual(["Olive Owner created the workspace “The Smiths”"]);
  });
});
