// Workspace exports and imports (convex/workspacePorts.ts).
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { walletHolderValidator } from "../wallet/tables";
import { chainValidator, heldFilesValidator } from "./chain";
import { uploadSlotValidator } from "./uploads";

export const portStatusValidator = v.union(
  // Import: parts arriving through POST /import-zip.
  v.literal("uploading"),
  // Export being built / import being read, checked and written.
  v.literal("running"),
  // Import: a failed one's writes being undone.
  v.literal("undoing"),
  v.literal("ready"),
  v.literal("failed"),
  v.literal("expired"),
  // Stopped by an owner or admin: an export's parts deleted, an import's writes undone.
  v.literal("cancelled"),
);

export const importReportValidator = v.object({
  items: v.number(),
  files: v.number(),
  // Serials kept as they were, and those that were taken here and got a new one.
  kept: v.number(),
  renumbered: v.number(),
  renumberedList: v.array(v.object({ from: v.string(), to: v.string() })),
});

export const portTables = {
  // One export or import of a workspace; a ready export's ZIP is deleted when its link expires.
  workspacePorts: defineTable({
    workspaceId: v.id("workspaces"),
    // The owner or admin who asked.
    userId: v.id("users"),
    kind: v.union(v.literal("export"), v.literal("import")),
    status: portStatusValidator,
    startedAt: v.number(),
    done: v.number(),
    total: v.number(),
    // Export: its ZIP parts. Import: the uploaded ZIPs (deleted once read).
    parts: v.array(v.id("_storage")),
    expiresAt: v.optional(v.number()),
    // Import: why it was refused, what it brought, and what it charged (refunded on rollback).
    message: v.optional(v.string()),
    report: v.optional(importReportValidator),
    paid: v.optional(v.object({ amount: v.number(), by: walletHolderValidator })),
    // Import: the ZIP's custom fields and this workspace's (added by the import, or one it had).
    fields: v.optional(v.array(v.object({ from: v.string(), to: v.id("customFields"), created: v.boolean() }))),
    // While running: where its chain of steps stands (lib/ports/chain.ts).
    chain: v.optional(chainValidator),
    // Import: files a step stored and has not yet written into an item (or the plan, before
    // the chain holds it), with the step and attempt that stored them. Noted before use, so
    // the files of a step that died are deleted when it runs again or the import is undone.
    held: v.optional(heldFilesValidator),
    // Import, while uploading: parts announced for an upload URL and not yet received (lib/ports/uploads.ts).
    slots: v.optional(v.array(uploadSlotValidator)),
  })
    // The workspace's latest export / import; one running at a time.
    .index("by_workspaceId_and_kind_and_startedAt", ["workspaceId", "kind", "startedAt"])
    // The requester's (the privacy export and deletion).
    .index("by_userId", ["userId"]),
  // What an import wrote, so a failed one is undone completely: its items, and the serials it
  // kept (reserved by it, released again on rollback).
  workspacePortItems: defineTable({
    portId: v.id("workspacePorts"),
    assetId: v.id("assets"),
    keptSerial: v.optional(v.string()),
    // The item's id in the ZIP: how its kit rows name it.
    from: v.optional(v.string()),
  })
    // An import's items (undo), and one by its id in the ZIP (kits).
    .index("by_portId_and_from", ["portId", "from"]),
  // The locations an import made (not those the workspace had), deepest last: undone deepest
  // first, each only while it is empty.
  workspacePortLocations: defineTable({
    portId: v.id("workspacePorts"),
    locationId: v.id("locations"),
    depth: v.number(),
  }).index("by_portId_and_depth", ["portId", "depth"]),
};
