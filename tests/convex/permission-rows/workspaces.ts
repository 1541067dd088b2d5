import { EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Workspaces (issue 26): the switcher's list, the current workspace, creating and renaming.
const MISSING_WORKSPACE = "99999999999999999999workspaces";

export const rows: Rows = {
  "workspaces:listMine": { kind: "query", args: () => ({}), allowed: EVERYONE },
  // A workspace the caller is not in reads as absent (null), like a missing one.
  "workspaces:current": { kind: "query", args: () => ({ workspaceId: MISSING_WORKSPACE }), allowed: EVERYONE },
  "workspaces:create": { kind: "mutation", args: () => ({ name: "Home", kind: "household" }), allowed: SIGNED_IN },
  "workspaces:rename": {
    kind: "mutation",
    args: () => ({ workspaceId: MISSING_WORKSPACE, name: "Home" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
};
