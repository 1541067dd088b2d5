import { ADMINS, EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// DAO (issue 9): everyone reads, members vote, admins create.
// A well-formed id of no document (convex-test ids are digits + table name).
const MISSING_PROPOSAL = "99999999999999999999proposals";
const HOUR = 60 * 60 * 1000;

export const rows: Rows = {
  "dao:list": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "dao:get": { kind: "query", args: () => ({ proposalId: MISSING_PROPOSAL }), allowed: EVERYONE },
  "dao:create": {
    kind: "mutation",
    args: () => ({
      title: "Title",
      description: "Description",
      options: ["Yes", "No"],
      startsAt: Date.now(),
      endsAt: Date.now() + HOUR,
      quorum: 10,
    }),
    allowed: ADMINS,
  },
  "dao:vote": {
    kind: "mutation",
    args: () => ({ proposalId: MISSING_PROPOSAL, option: 0 }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "landingStats:get": { kind: "query", args: () => ({}), allowed: EVERYONE },
};
