// Fixtures for the workspace member suites: a household with one member of each role.
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { addMember } from "../../convex/lib/workspaces/store";
import type { WorkspaceRole } from "../../convex/lib/workspaces/tables";
import { lastMessageTo, linkParams, makeUser, type Backend } from "./setup";

export async function join(t: Backend, workspaceId: Id<"workspaces">, userId: Id<"users">, role: WorkspaceRole) {
  await t.run(async (ctx) => await addMember(ctx, workspaceId, userId, role));
}

/** A household owned by `owner`, with an admin, an editor and a viewer, and someone outside it. */
export async function household(t: Backend) {
  const owner = await makeUser(t, { fullName: "Olive Owner" });
  const admin = await makeUser(t, { fullName: "Adam Admin" });
  const editor = await makeUser(t, { fullName: "Edie Editor" });
  const viewer = await makeUser(t, { fullName: "Vic Viewer" });
  const outsider = await makeUser(t, { fullName: "Otto Outsider" });
  const workspaceId = await owner.as.mutation(api.workspaces.create, { name: "The Smiths", kind: "household" });
  await join(t, workspaceId, admin.userId, "admin");
  await join(t, workspaceId, editor.userId, "editor");
  await join(t, workspaceId, viewer.userId, "viewer");
  return { workspaceId, owner, admin, editor, viewer, outsider };
}

/** The token of the newest invitation link mailed to `to`. */
export async function inviteTokenSentTo(t: Backend, to: string): Promise<string> {
  const message = await lastMessageTo(t, to);
  if (message === null) throw new Error(`no e-mail to ${to}`);
  const { path } = linkParams(message.link);
  if (!path.startsWith("/invite/")) throw new Error(`not an invitation: ${path}`);
  return path.slice("/invite/".length);
}
