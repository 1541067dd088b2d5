import { v, type Infer } from "convex/values";
import { assetKindValidator, assetStatusValidator } from "./assetValidators";

// Verify page, visit alerts and found reports (issue 7b): shapes shared by schema, args and returns.
export const viewerKindValidator = v.union(v.literal("visitor"), v.literal("member"));
export type ViewerKind = Infer<typeof viewerKindValidator>;

// Coarse place: latitude and longitude rounded to one decimal (about 11 km).
export const placeValidator = v.object({ lat: v.number(), lng: v.number() });
export type Place = Infer<typeof placeValidator>;

export const verifyAlertFields = {
  assetId: v.id("assets"),
  ownerId: v.id("users"),
  at: v.number(),
  viewer: viewerKindValidator,
  place: v.optional(placeValidator),
  seenAt: v.optional(v.number()),
};

export const foundReportFields = {
  assetId: v.id("assets"),
  ownerId: v.id("users"),
  message: v.string(),
  contact: v.optional(v.string()),
  at: v.number(),
};

// Provenance as a finder may see it: how long each owner held the asset, never who.
export const provenanceValidator = v.object({
  owners: v.number(),
  periods: v.array(v.object({ from: v.number(), to: v.union(v.number(), v.null()) })),
});

/** What /verify/{serial} may show; exactly these fields per result. */
export const verifyResultValidator = v.union(
  v.object({ result: v.literal("invalid") }),
  v.object({ result: v.literal("notFound"), serial: v.string() }),
  v.object({ result: v.literal("private"), serial: v.string(), status: assetStatusValidator }),
  v.object({
    result: v.literal("public"),
    serial: v.string(),
    name: v.string(),
    kind: assetKindValidator,
    status: assetStatusValidator,
    photoUrl: v.union(v.string(), v.null()),
    taggedAt: v.number(),
    owner: v.string(),
    provenance: provenanceValidator,
    isOwner: v.boolean(),
  }),
);
export type VerifyResult = Infer<typeof verifyResultValidator>;

export const assetRefValidator = v.object({ name: v.string(), serial: v.string() });

export const ownerAlertValidator = v.object({
  _id: v.id("verifyAlerts"),
  asset: assetRefValidator,
  at: v.number(),
  viewer: viewerKindValidator,
  place: v.union(placeValidator, v.null()),
  seen: v.boolean(),
});
export type OwnerAlert = Infer<typeof ownerAlertValidator>;

export const ownerFoundReportValidator = v.object({
  _id: v.id("foundReports"),
  asset: assetRefValidator,
  message: v.string(),
  contact: v.union(v.string(), v.null()),
  at: v.number(),
});
export type OwnerFoundReport = Infer<typeof ownerFoundReportValidator>;
