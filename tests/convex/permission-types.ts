// Shared vocabulary of the permission matrix. Each domain lists its rows in
// tests/convex/permission-rows/<domain>.ts so features add rows without touching
// one shared table.
import type { Id } from "../../convex/_generated/dataModel";

export const CALLERS = ["anonymous", "influencer", "moderator", "business", "adminInfluencer", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Kind = "query" | "mutation" | "action";
export type Fixture = { target: Id<"users"> };
export type Row = {
  kind: Kind;
  args: (f: Fixture) => Record<string, unknown>;
  allowed: readonly Caller[];
  // A ConvexError code the handler itself answers with for the fixture (past the access check).
  handlerError?: string;
};
export type Rows = Record<string, Row>;

export const EVERYONE = CALLERS;
export const SIGNED_IN = CALLERS.filter((c) => c !== "anonymous");
export const ADMINS = ["admin"] as const;
export const MODERATORS = ["moderator", "admin"] as const;
