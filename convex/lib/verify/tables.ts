import { v, type Infer } from "convex/values";
import { assetKindValidator, assetStatusValidator } from "../assets/tables";
import { verifyFactValidator } from "./facts";

// Verify page, visit alerts and found reports: shapes shared by schema, args and returns.
const viewerKindValidator = v.union(v.literal("visitor"), v.literal("member"));

// Coarse place: latitude and longitude rounded to one decimal (about 11 km).
export const placeValidator = v.object({ lat: v.number(), lng: v.number() });
export type Place = Infer<typeof placeValidator>;

export const verifyAlertFields = {
  assetId: v.id("assets"),
  // The asset's workspace, whose members see it (optional until the migration has run).
  workspaceId: v.optional(v.id("workspaces")),
  ownerId: v.optional(v.id("users")),
  at: v.number(),
  viewer: viewerKindValidator,
  place: v.optional(placeValidator),
  seenAt: v.optional(v.number()),
};

export const foundReportFields = {
  assetId: v.id("assets"),
  // The asset's workspace, whose members see it (optional until the migration has run).
  workspaceId: v.optional(v.id("workspaces")),
  ownerId: v.optional(v.id("users")),
  message: v.string(),
  contact: v.optional(v.string()),
  at: v.number(),
};

// Provenance as a finder may see it: how long each owner held the asset, never who.
const provenanceValidator = v.object({
  owners: v.number(),
  periods: v.array(v.object({ from: v.number(), to: v.union(v.number(), v.null()) })),
});

// Present only when true: lent out (to nobody named), or part of a kit (no kit named).
const whereaboutsFields = { onLoan: v.optional(v.literal(true)), inKit: v.optional(v.literal(true)) };

/** What /verify/{serial} may show; exactly these fields per result. */
export const verifyResultValidator = v.union(
  v.object({ result: v.literal("invalid") }),
  v.object({ result: v.literal("notFound"), serial: v.string() }),
  // reportedStolenAt: only while stolen, the day the owner reported it ("reported stolen on {date}").
  v.object({ result: v.literal("private"), serial: v.string(), status: assetStatusValidator, reportedStolenAt: v.optional(v.number()), ...whereaboutsFields }),
  v.object({
    result: v.literal("public"),
    serial: v.string(),
    name: v.string(),
    kind: assetKindValidator,
    status: assetStatusValidator,
    photoUrl: v.union(v.string(), v.null()),
    // What identifies the thing (brand, model, colour, maker's serial): lib/verify/facts.ts.
    facts: v.array(verifyFactValidator),
    taggedAt: v.number(),
    owner: v.string(),
    provenance: provenanceValidator,
    isOwner: v.boolean(),
    ...whereaboutsFields,
    reportedStolenAt: v.optional(v.number()),
  }),
);
export type VerifyResult = Infer<typeof verifyResultValidator>;

const assetRefValidator = v.object({ name: v.string(), serial: v.string() });

const ownerAlertValidator = v.object({
  _id: v.id("verifyAlerts"),
  asset: assetRefValidator,
  at: v.number(),
  viewer: viewerKindValidator,
  place: v.union(placeValidator, v.null()),
  seen: v.boolean(),
});

const ownerFoundReportValidator = v.object({
  _id: v.id("foundReports"),
  asset: assetRefValidator,
  message: v.string(),
  contact: v.union(v.string(), v.null()),
  at: v.number(),
});

// One row of /public-assets: what the verify page would show, minus the owner.
export const publicAssetCardValidator = v.object({
  serial: v.string(),
  name: v.string(),
  kind: assetKindValidator,
  status: assetStatusValidator,
  category: v.union(v.string(), v.null()),
  photoUrl: v.union(v.string(), v.null()),
  taggedAt: v.number(),
});
export type PublicAssetCard = Infer<typeof publicAssetCardValidator>;

const activityTypeValidator = v.union(
  v.literal("tagged"),
  v.literal("transferIn"),
  v.literal("transferOut"),
  v.literal("transferOffer"),
  v.literal("visit"),
  v.literal("found"),
  v.literal("tokens"),
  // A warranty ending or a service falling due (lib/upkeep/reminders.ts).
  v.literal("reminder"),
);
export type ActivityType = Infer<typeof activityTypeValidator>;
export const activityItemValidator = v.object({
  id: v.string(),
  type: activityTypeValidator,
  at: v.number(),
  title: v.string(),
  detail: v.union(v.string(), v.null()),
  link: v.union(v.string(), v.null()),
});
export type ActivityItem = Infer<typeof activityItemValidator>;

const countsByKind = v.object({ general: v.number(), nft: v.number(), will: v.number(), business: v.number() });
const countsByStatus = v.object({ active: v.number(), lost: v.number(), stolen: v.number(), transferred: v.number() });
export const dashboardCountsValidator = v.object({
  total: v.number(),
  byKind: countsByKind,
  byStatus: countsByStatus,
});
export type DashboardCounts = Infer<typeof dashboardCountsValidator>;

export const ownerAlertsValidator = v.object({
  alerts: v.array(ownerAlertValidator),
  unseen: v.number(),
  found: v.array(ownerFoundReportValidator),
});
export type OwnerAlerts = Infer<typeof ownerAlertsValidator>;
