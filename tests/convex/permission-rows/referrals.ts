import { EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

const ADMIN_VIEW = ["adminInfluencer", "admin"] as const;

export const rows: Rows = {
  "referrals:applyOnSignup": {
    kind: "mutation",
    args: () => ({ referralCode: "", source: "email_verification" }),
    allowed: SIGNED_IN,
  },
  "referrals:mine": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "referrals:signupHistory": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "referrals:leaderboard": {
    kind: "query",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    allowed: ADMIN_VIEW,
  },
  "referrals:stats": { kind: "query", args: () => ({}), allowed: ADMIN_VIEW },
};
