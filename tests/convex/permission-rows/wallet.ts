import { EVERYONE, type Rows, type WorkspaceRow } from "../permission-types";

/** A household or business workspace's own wallet: every member reads it; a non-member reads nothing. */
const SHARED_WALLET_READER: WorkspaceRow = { minRole: "viewer", kinds: ["household", "business"], absent: true };

// Wallet reads answer null to visitors (the header and /wallet handle sign-out races).
export const rows: Rows = {
  "wallet:balance": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "wallet:overview": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "wallet:balanceHistory": { kind: "query", args: () => ({}), allowed: EVERYONE },
  // In a personal home workspace these answer null (it has no wallet of its own), as to non-members.
  "wallet:workspaceOverview": { kind: "query", workspace: SHARED_WALLET_READER, args: () => ({}), allowed: EVERYONE },
  "wallet:workspaceBalanceHistory": { kind: "query", workspace: SHARED_WALLET_READER, args: () => ({}), allowed: EVERYONE },
  // The "which wallet pays" line: any member of any workspace; null to non-members.
  "wallet:payer": { kind: "query", workspace: { minRole: "viewer", absent: true }, args: () => ({}), allowed: EVERYONE },
  // Topping up a shared workspace's wallet: owners and admins; a personal home workspace is the wrong kind
  // (its user tops up with topUps:buy), so only the business account, owner of its business workspace, may.
  "topUps:buyForWorkspace": {
    kind: "action",
    workspace: { minRole: "admin", kinds: ["household", "business"] },
    args: () => ({ packId: "tmt_1000" }),
    allowed: ["business"],
  },
};
