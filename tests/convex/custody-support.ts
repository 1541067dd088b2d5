// Fixtures for the locations, kits and custody suites: a funded household with a member of
// each role acting in it, and items tagged there.
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { fundWorkspace, generalInput } from "./assets-support";
import { asSession, type Backend } from "./setup";
import { household } from "./workspace-support";

export const DAY = 24 * 3_600_000;

export async function lendingHousehold(t: Backend) {
  const h = await household(t);
  await fundWorkspace(t, h.workspaceId, 100);
  const inHousehold = (m: { userId: Id<"users">; sessionId: Id<"authSessions"> }) => asSession(t, m.userId, m.sessionId, h.workspaceId);
  const editor = inHousehold(h.editor);
  const tag = async (name: string, location?: string) =>
    (await editor.mutation(api.assets.tag, { ...generalInput, name, visibility: "public", details: { ...generalInput.details, location }, files: [] })).assetId;
  return { ...h, editorUser: h.editor, editor, viewerAs: inHousehold(h.viewer), ownerAs: inHousehold(h.owner), tag };
}

/** The token in a borrower's link. */
export function tokenOf(link: string): string {
  const path = new URL(link, "https://example.test").pathname;
  if (!path.startsWith("/loan/")) throw new Error(`not a loan link: ${path}`);
  return decodeURIComponent(path.slice("/loan/".length));
}
