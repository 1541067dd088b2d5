// Data migrations (@convex-dev/migrations): each runs over a table in batches, records
// its progress in the component and never runs twice. `runAll` is started by the local
// backend on every start and by `npm run deploy` after `npx convex deploy`; the code
// reads both shapes until the migration has run, so order does not matter.
import { Migrations } from "@convex-dev/migrations";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { internalMutation } from "./lib/writes";
import { moveTypedBeneficiaries } from "./lib/legacy/beneficiaries";
import { currentDetails, personOfAsset, recordEvent } from "./lib/assets/read";
import { KIND_FIELD_SPECS, type FieldSpec } from "./lib/assets/fields";
import { DEFAULT_CURRENCY } from "./lib/money/currency";
import { lineValueCurrent, lineValueOf } from "./lib/inventory/lineValue";
import { worthOf } from "./lib/assets/worth";
import { foldText } from "./lib/customFields/rules";
import { homeOf, moveToWorkspace } from "./lib/workspaces/migrate";
import { logLegacy } from "./lib/legacy/log";
import { redactSecrets } from "./lib/bugReports/redact";
import { checkpointOf } from "./lib/ledger";
import { locationText, resolvePath } from "./lib/locations/paths";
import { reporterOf } from "./lib/verify/stolen";
import { eraseOrphan, type ErasedTable } from "./lib/workspaces/erase";

// The app's internalMutation, so table triggers see the migrations' writes too.
export const migrations = new Migrations<DataModel>(components.migrations, { internalMutation });

/** One beneficiary list: names typed into a will asset's details become next-of-kin beneficiaries. */
export const moveBeneficiariesToNextOfKin = migrations.define({
  table: "assets",
  migrateOne: async (ctx, asset) => {
    await moveTypedBeneficiaries(ctx, asset);
  },
});

/**
 * Will assets are private. The tag form used to default them to Public, so public ones were
 * mostly never chosen; they exposed what a person leaves and to whom on /public-assets.
 * Each is made private with a line in its history and the owner's legacy log, so an
 * owner who meant it can make it public again.
 */
export const makeWillAssetsPrivate = migrations.define({
  table: "assets",
  migrateOne: async (ctx, asset) => {
    if (asset.kind !== "will" || asset.visibility !== "public") return;
    const ownerId = await personOfAsset(ctx, asset);
    if (ownerId === null) return;
    await ctx.db.patch("assets", asset._id, { visibility: "private" });
    await recordEvent(ctx, {
      assetId: asset._id,
      actorId: ownerId,
      type: "visibility",
      summary: "Made private: will assets are private unless you choose otherwise",
      changes: [{ field: "Visibility", from: "public", to: "private" }],
    });
    await logLegacy(ctx, ownerId, "settings", `${asset.name} (${asset.serial}) is now private, as every will asset is by default`);
  },
});

// Registers move from users to workspaces (issue 26). Every user gets a personal workspace
// (and a business one with the business flag); each record moves to its owner's personal
// workspace, a business user's business items to their business workspace. Serials,
// history and balances are untouched; the asset triggers move each asset's counts and
// stock from the user's counters to the workspace's as it moves.

export const giveUsersWorkspaces = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => {
    await homeOf(ctx, user._id, "general");
    if (user.isBusinessUser === true) await homeOf(ctx, user._id, "business");
  },
});

export const moveAssetsToWorkspaces = migrations.define({
  table: "assets",
  migrateOne: async (ctx, asset) => {
    if (asset.workspaceId !== undefined || asset.ownerId === undefined) return;
    return { workspaceId: await homeOf(ctx, asset.ownerId, asset.kind), ownerId: undefined };
  },
});

/** The chain records workspaces: the current holder's is the asset's, a past holder's their own home for it. */
export const moveOwnerChainToWorkspaces = migrations.define({
  table: "assetOwners",
  migrateOne: async (ctx, row) => {
    if (row.workspaceId !== undefined || row.ownerId === undefined) return;
    const asset = await ctx.db.get("assets", row.assetId);
    const current = row.to === undefined ? asset?.workspaceId : undefined;
    return { workspaceId: current ?? (await homeOf(ctx, row.ownerId, asset?.kind)), ownerId: undefined };
  },
});

export const fileEventsUnderWorkspaces = migrations.define({
  table: "assetEvents",
  migrateOne: async (ctx, event) => {
    if (event.workspaceId !== undefined) return;
    const asset = await ctx.db.get("assets", event.assetId);
    return { workspaceId: asset?.workspaceId ?? (await homeOf(ctx, event.actorId, asset?.kind)) };
  },
});

export const moveTransfersToWorkspaces = migrations.define({
  table: "transfers",
  migrateOne: async (ctx, transfer) => {
    if (transfer.fromWorkspaceId !== undefined) return;
    const kind = (await ctx.db.get("assets", transfer.assetId))?.kind;
    const fromWorkspaceId = await homeOf(ctx, transfer.fromUserId, kind);
    // Only accepted offers name their recipient (offers go to an address until accepted).
    if (transfer.status !== "accepted" || transfer.toUserId === undefined) return { fromWorkspaceId };
    return { fromWorkspaceId, toWorkspaceId: await homeOf(ctx, transfer.toUserId, kind) };
  },
});

export const moveStickerBatchesToWorkspaces = migrations.define({
  table: "stickerBatches",
  migrateOne: async (ctx, batch) => {
    if (batch.workspaceId !== undefined) return;
    return { workspaceId: await homeOf(ctx, batch.createdBy, "business") };
  },
});

export const moveImportsToWorkspaces = migrations.define({
  table: "importJobs",
  migrateOne: async (ctx, job) => {
    if (job.workspaceId !== undefined || job.ownerId === undefined) return;
    return { workspaceId: await homeOf(ctx, job.ownerId, "business"), startedBy: job.ownerId, ownerId: undefined };
  },
});

export const moveVisitAlertsToWorkspaces = migrations.define({
  table: "verifyAlerts",
  migrateOne: async (ctx, alert) => await moveToWorkspace(ctx, alert),
});

export const moveFoundReportsToWorkspaces = migrations.define({
  table: "foundReports",
  migrateOne: async (ctx, report) => await moveToWorkspace(ctx, report),
});

/**
 * Reports sent before path tokens were redacted carry them (a beneficiary's /legacy/<token>,
 * a lapse or contact confirmation link) to every triager: the same redaction, applied to
 * what is stored. Only the secrets change; the rest of each report stays as sent.
 */
export const redactBugReportTokens = migrations.define({
  table: "bugReports",
  migrateOne: (_ctx, report) => {
    const redacted = {
      description: redactSecrets(report.description),
      pageUrl: redactSecrets(report.pageUrl),
      consoleLogs: report.consoleLogs.map((entry) => ({ ...entry, message: redactSecrets(entry.message) })),
    };
    const changed =
      redacted.description !== report.description ||
      redacted.pageUrl !== report.pageUrl ||
      redacted.consoleLogs.some((entry, i) => entry.message !== report.consoleLogs[i].message);
    return changed ? redacted : undefined;
  },
});

/**
 * Each transaction records the balance it left (DAO weights read the balance at a proposal's
 * opening from it). Rows run oldest first, so each user's previous row has its checkpoint
 * already; one that does not is left for balanceAt's fallback, which reads both shapes.
 */
export const checkpointBalances = migrations.define({
  table: "transactions",
  migrateOne: async (ctx, row) => {
    if (row.balanceAfter !== undefined) return;
    const balanceAfter = await checkpointOf(ctx, row);
    return balanceAfter === null ? undefined : { balanceAfter };
  },
});

/**
 * Locations become records (issue 27): each distinct location text typed into an item
 * becomes a location of its workspace ("Store room / Shelf 2" a shelf inside a room when
 * its parts are clean names), whose path is that text. Items are not rewritten: the text
 * stays as it was, so the inventory's filters and stock read the same values, and the
 * location's page finds its items by it. New texts are made locations by the asset
 * trigger (lib/locations/follow.ts).
 */
export const linkLocations = migrations.define({
  table: "assets",
  migrateOne: async (ctx, asset) => {
    const text = locationText(asset);
    if (text === undefined || asset.workspaceId === undefined) return;
    await resolvePath(ctx.db, asset.workspaceId, text);
  },
});

/**
 * Values become amounts in a currency (issue 28): a purchase value or unit cost stored as a
 * bare number of pence becomes { amount, currency: "GBP" }: the app priced everything in
 * pounds, so the amount is unchanged and nothing is lost. Stock totals follow without a
 * change (the trigger reads the old number as pounds too); the groups' own pence are moved
 * by stockValuesInCurrencies.
 */
export const giveValuesCurrencies = migrations.define({
  table: "assets",
  migrateOne: (_ctx, asset) => {
    if (asset.details.kind !== "general" && asset.details.kind !== "business") return;
    const stored = asset.details as Readonly<Record<string, unknown>>;
    if (!KIND_FIELD_SPECS[asset.details.kind].some((spec: FieldSpec) => spec.type === "money" && typeof stored[spec.key] === "number")) return;
    return { details: currentDetails(asset.details) };
  },
});

export const stockValuesInCurrencies = migrations.define({
  table: "stockGroups",
  migrateOne: (_ctx, group) => {
    if (group.values !== undefined) return;
    const values: Record<string, number> = group.value ? { [DEFAULT_CURRENCY]: group.value } : {};
    return { values, value: undefined };
  },
});

/** A business item's line value for the inventory's Value sort (lib/inventory/lineValue.ts): new writes keep it, this fills it in. */
export const fillLineValues = migrations.define({
  table: "assets",
  migrateOne: (_ctx, asset) => (lineValueCurrent(asset) ? undefined : { lineValue: lineValueOf(asset) }),
});

/**
 * The dashboard's Value becomes exact (lib/assets/worth.ts): each item's worth is written on it,
 * and the assets trigger adds it to its workspace's totals as it does for every write. An item
 * already counted (written since) is left alone, so none is counted twice.
 */
export const countWorth = migrations.define({
  table: "assets",
  migrateOne: (_ctx, asset) => (asset.worth !== undefined || worthOf(asset) === undefined ? undefined : { worth: worthOf(asset) }),
});

/** Custom text values get their case-folded copy, so "starts with" finds them in any case (lib/customFields/list.ts). */
export const foldCustomTexts = migrations.define({
  table: "customFieldValues",
  migrateOne: (_ctx, row) => (typeof row.value === "string" && row.folded !== foldText(row.value) ? { folded: foldText(row.value) } : undefined),
});

/**
 * Stolen reports follow their item out of a closing workspace: one left naming the workspace its
 * item was moved out of is filed with the workspace whose owner period covers its report.
 */
export const fileStolenReportsWithItems = migrations.define({
  table: "stolenReports",
  migrateOne: async (ctx, report) => {
    const workspaceId = await reporterOf(ctx, report);
    return workspaceId === undefined || workspaceId === report.workspaceId ? undefined : { workspaceId };
  },
});

/**
 * Closing a workspace used to delete only its memberships, invitations and row, leaving its other
 * records naming a workspace that no longer exists. Each table erased with a workspace
 * (ERASED_TABLES in lib/workspaces/erase.ts) gets one migration that erases such rows as the
 * policy does (files released, rows under them first); rows of live workspaces and the tables
 * the policy keeps are untouched. ORPHAN_MIGRATIONS below fails to typecheck until a new
 * erased table has its migration.
 */
function orphansOf<T extends ErasedTable>(table: T) {
  return migrations.define({
    table,
    // Each orphan row may erase the rows under it (a field's values, an import's batches).
    batchSize: 25,
    migrateOne: async (ctx, row) => {
      await eraseOrphan(ctx, table, row);
    },
  });
}

export const eraseOrphanAssets = orphansOf("assets");
export const eraseOrphanTagRequests = orphansOf("tagRequests");
export const eraseOrphanStockGroups = orphansOf("stockGroups");
export const eraseOrphanWorthTotals = orphansOf("worthTotals");
export const eraseOrphanVerifyAlerts = orphansOf("verifyAlerts");
export const eraseOrphanFoundReports = orphansOf("foundReports");
export const eraseOrphanLocations = orphansOf("locations");
export const eraseOrphanKitParts = orphansOf("kitParts");
export const eraseOrphanLoans = orphansOf("loans");
export const eraseOrphanCheckouts = orphansOf("checkouts");
export const eraseOrphanBookings = orphansOf("bookings");
export const eraseOrphanAuditItems = orphansOf("auditItems");
export const eraseOrphanAudits = orphansOf("audits");
export const eraseOrphanInsuranceReports = orphansOf("insuranceReports");
export const eraseOrphanCustomFieldValues = orphansOf("customFieldValues");
export const eraseOrphanCustomFields = orphansOf("customFields");
export const eraseOrphanMaintenancePlans = orphansOf("maintenancePlans");
export const eraseOrphanUpkeepReminders = orphansOf("upkeepReminders");
export const eraseOrphanImportJobs = orphansOf("importJobs");
export const eraseOrphanWorkspacePorts = orphansOf("workspacePorts");
export const eraseOrphanWorkspaceMoves = orphansOf("workspaceMoves");
export const eraseOrphanVerifiedNameRequests = orphansOf("verifiedNameRequests");
export const eraseOrphanWorkspaceInvitations = orphansOf("workspaceInvitations");
export const eraseOrphanWorkspaceActivity = orphansOf("workspaceActivity");

/** One orphan migration per erased table, exactly: a table added to WORKSPACE_RECORDS fails here until it has one. */
const ORPHAN_MIGRATIONS = {
  assets: internal.migrations.eraseOrphanAssets,
  tagRequests: internal.migrations.eraseOrphanTagRequests,
  stockGroups: internal.migrations.eraseOrphanStockGroups,
  worthTotals: internal.migrations.eraseOrphanWorthTotals,
  verifyAlerts: internal.migrations.eraseOrphanVerifyAlerts,
  foundReports: internal.migrations.eraseOrphanFoundReports,
  locations: internal.migrations.eraseOrphanLocations,
  kitParts: internal.migrations.eraseOrphanKitParts,
  loans: internal.migrations.eraseOrphanLoans,
  checkouts: internal.migrations.eraseOrphanCheckouts,
  bookings: internal.migrations.eraseOrphanBookings,
  auditItems: internal.migrations.eraseOrphanAuditItems,
  audits: internal.migrations.eraseOrphanAudits,
  insuranceReports: internal.migrations.eraseOrphanInsuranceReports,
  customFieldValues: internal.migrations.eraseOrphanCustomFieldValues,
  customFields: internal.migrations.eraseOrphanCustomFields,
  maintenancePlans: internal.migrations.eraseOrphanMaintenancePlans,
  upkeepReminders: internal.migrations.eraseOrphanUpkeepReminders,
  importJobs: internal.migrations.eraseOrphanImportJobs,
  workspacePorts: internal.migrations.eraseOrphanWorkspacePorts,
  workspaceMoves: internal.migrations.eraseOrphanWorkspaceMoves,
  verifiedNameRequests: internal.migrations.eraseOrphanVerifiedNameRequests,
  workspaceInvitations: internal.migrations.eraseOrphanWorkspaceInvitations,
  workspaceActivity: internal.migrations.eraseOrphanWorkspaceActivity,
} satisfies Record<ErasedTable, unknown>;

/** Every migration, in order (`npx convex run migrations:runAll`). */
export const runAll = migrations.runner([
  internal.migrations.moveBeneficiariesToNextOfKin,
  internal.migrations.makeWillAssetsPrivate,
  internal.migrations.redactBugReportTokens,
  internal.migrations.checkpointBalances,
  internal.migrations.giveUsersWorkspaces,
  internal.migrations.moveAssetsToWorkspaces,
  internal.migrations.moveOwnerChainToWorkspaces,
  internal.migrations.fileEventsUnderWorkspaces,
  internal.migrations.moveTransfersToWorkspaces,
  internal.migrations.moveStickerBatchesToWorkspaces,
  internal.migrations.moveImportsToWorkspaces,
  internal.migrations.moveVisitAlertsToWorkspaces,
  internal.migrations.moveFoundReportsToWorkspaces,
  internal.migrations.linkLocations,
  internal.migrations.giveValuesCurrencies,
  internal.migrations.stockValuesInCurrencies,
  internal.migrations.fillLineValues,
  internal.migrations.countWorth,
  internal.migrations.foldCustomTexts,
  internal.migrations.fileStolenReportsWithItems,
  // After the moves above, so rows not yet filed under a workspace are not taken for orphans.
  ...Object.values(ORPHAN_MIGRATIONS),
]);
