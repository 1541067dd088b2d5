// What a workspace of each kind may hold, enforced where assets are made or moved.
import type { Doc } from "../../_generated/dataModel";
import { appError } from "../errors";
import { mayHoldKind, WORKSPACE_MESSAGES } from "./rules";

export function assertKindAllowed(workspace: Doc<"workspaces">, assetKind: string): void {
  if (!mayHoldKind(workspace.kind, assetKind)) throw appError("INVALID", WORKSPACE_MESSAGES.willsArePersonal);
}
