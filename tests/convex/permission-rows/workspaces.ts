import { EVERYONE, SIGNED_IN, READER, type Rows } from "../permission-types";

// Workspaces (issue 26): the switcher's list, the current workspace, creating and renaming.
export const rows: Rows = {
  "workspaces:listMine": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "workspaces:current": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "workspaces:create": { kind: "mutation", args: () => ({ name: "Home", kind: "household" }), allowed: SIGNED_IN },
  // A personal workspace keeps its name; a business account's home is its business workspace.
  "workspaces:rename": { kind: "mutation", workspace: { minRole: "admin", kinds: ["household", "business"] }, args: () => ({ name: "Home" }), allowed: ["business"] },
};
