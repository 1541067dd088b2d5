// How a workspace appears to the public (/verify, the verify API): a business's published
// name, or the masked name of a person or household. Never who the members are.
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { maskOwner } from "../verify/rules";
import { registeredBy } from "./rules";

export async function publicOwnerName(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces"> | undefined): Promise<string> {
  const workspace = workspaceId === undefined ? null : await ctx.db.get("workspaces", workspaceId);
  if (workspace === null) return maskOwner({});
  if (workspace.kind === "business" && workspace.verifiedName !== undefined) return registeredBy(workspace.verifiedName);
  if (workspace.kind === "personal") {
    const person = await ctx.db.get("users", workspace.createdBy);
    return maskOwner({ fullName: person?.fullName, email: person?.email });
  }
  return maskOwner({ fullName: workspace.name });
}
