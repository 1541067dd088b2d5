// Fixtures for the verify and dashboard suites: an owner with a tagged asset, and the rows it raised.
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { fundedUser, tagGeneral, upload } from "./assets-support";
import { setupTest, type Backend } from "./setup";

export async function ownerWithAsset(visibility: "public" | "private" = "public", withPhoto = false) {
  const t = setupTest();
  const owner = await fundedUser(t, 50, { fullName: "Mia Member", email: "mia.owner@example.com" });
  const files = withPhoto ? [{ storageId: await upload(t, "image/jpeg"), kind: "photo" as const, name: "bike.jpg" }] : [];
  const { assetId, serial } = await tagGeneral(owner.as, { visibility }, files);
  return { t, owner, assetId, serial };
}

export async function alertsOf(t: Backend, assetId: Id<"assets">) {
  return await t.run(async (ctx) => {
    const all = await ctx.db.query("verifyAlerts").collect();
    return all.filter((a) => a.assetId === assetId);
  });
}

export async function foundReportsOf(t: Backend) {
  return await t.run(async (ctx) => await ctx.db.query("foundReports").collect());
}

export { api };
