// Custody shapes shared by schema, args and returns; src/ imports the types.
import { v, type Infer } from "convex/values";

/** Who holds the items: a member of the workspace, or an outside person reached by e-mail or phone. */
export const borrowerValidator = v.union(
  v.object({ kind: v.literal("member"), userId: v.id("users") }),
  v.object({ kind: v.literal("outside"), name: v.string(), email: v.optional(v.string()), phone: v.optional(v.string()) }),
);
export type Borrower = Infer<typeof borrowerValidator>;

/** An item's loan as the workspace's screens show it. */
export const loanViewValidator = v.object({
  _id: v.id("loans"),
  assetId: v.id("assets"),
  borrowerName: v.string(),
  dueAt: v.number(),
  outAt: v.number(),
  open: v.boolean(),
  overdue: v.boolean(),
  accepted: v.boolean(),
  returnedAt: v.union(v.number(), v.null()),
  condition: v.union(v.string(), v.null()),
});
export type LoanView = Infer<typeof loanViewValidator>;

/** What the borrower's link shows: the items' names and the due date, nothing else. */
export const borrowerViewValidator = v.union(
  v.object({ status: v.literal("invalid") }),
  v.object({ status: v.literal("open"), items: v.array(v.string()), dueAt: v.number(), accepted: v.boolean() }),
);
