// Which wallet pays for work done in a workspace: the decision lives here once, for the
// ledger's `charge` and for the screens that say who pays before anything is charged.
import type { Doc } from "../../_generated/dataModel";
import type { WalletHolder } from "./tables";

/** A personal workspace spends its user's own wallet; a household or business one, its own. */
export function payerOf(workspace: Pick<Doc<"workspaces">, "_id" | "kind" | "createdBy">): WalletHolder {
  return workspace.kind === "personal" ? { userId: workspace.createdBy } : { workspaceId: workspace._id };
}
