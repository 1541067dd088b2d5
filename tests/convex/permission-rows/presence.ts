import { EVERYONE, SIGNED_IN, type Rows, type WorkspaceFixture } from "../permission-types";

// Presence (issue 26): a room is a page of a workspace. Joining needs a signed-in member (a
// workspace the caller is not in reads as missing); reading answers nobody to non-members;
// leaving is by session token alone, as the tab-close beacon carries no sign-in.
const ROOM = "99999999999999999999workspaces|assets";

// A room is a workspace's page, so joining and reading are in the role dimension too: every
// member may, a non-member's join reads as a missing workspace and their read as nobody.
const inRoom = (f: WorkspaceFixture) => `${f.workspaceId}|assets`;

export const rows: Rows = {
  "presence:heartbeat": {
    kind: "mutation",
    workspace: { minRole: "viewer", args: (f) => ({ roomId: inRoom(f), userId: "someone", sessionId: "tab", interval: 10_000 }) },
    args: () => ({ roomId: ROOM, userId: "someone", sessionId: "tab", interval: 10_000 }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "presence:list": {
    kind: "query",
    workspace: { minRole: "viewer", absent: true, args: (f) => ({ roomToken: inRoom(f) }) },
    args: () => ({ roomToken: ROOM }),
    allowed: EVERYONE,
  },
  "presence:disconnect": { kind: "mutation", args: () => ({ sessionToken: "00000000-0000-0000-0000-000000000000" }), allowed: EVERYONE },
};
