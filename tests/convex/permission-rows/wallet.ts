import { EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// A workspace none of the callers belongs to: a non-member's answer is a missing one's.
// The role dimension (owner/admin/editor/viewer/non-member) of these rows is in
// tests/convex/workspace-wallets.test.ts ("workspace wallet access by role").
const MISSING_WORKSPACE = "99999999999999999999workspaces";

// Wallet reads answer null to visitors (the header and /wallet handle sign-out races).
export const rows: Rows = {
  "wallet:balance": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "wallet:overview": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "wallet:balanceHistory": { kind: "query", args: () => ({}), allowed: EVERYONE },
  // A shared workspace's wallet and the "which wallet pays" line: null to non-members.
  "wallet:workspaceOverview": { kind: "query", args: () => ({ workspaceId: MISSING_WORKSPACE }), allowed: EVERYONE },
  "wallet:workspaceBalanceHistory": { kind: "query", args: () => ({ workspaceId: MISSING_WORKSPACE }), allowed: EVERYONE },
  "wallet:payer": { kind: "query", args: () => ({ workspaceId: MISSING_WORKSPACE }), allowed: EVERYONE },
  // Topping up a workspace's wallet: owners and admins only; a non-member reads NOT_FOUND.
  "topUps:buyForWorkspace": {
    kind: "action",
    args: () => ({ workspaceId: MISSING_WORKSPACE, packId: "tmt_1000" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
};
