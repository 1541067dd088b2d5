import { EVERYONE, type Rows } from "../permission-types";

// Wallet reads answer null to visitors (the header and /wallet handle sign-out races).
export const rows: Rows = {
  "wallet:balance": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "wallet:overview": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "wallet:balanceHistory": { kind: "query", args: () => ({}), allowed: EVERYONE },
};
