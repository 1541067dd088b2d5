// Marking stolen records when, where and the police report; the owner reads it back, /verify
// shows only the day it was reported, and bad details write nothing.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { STOLEN_MESSAGES } from "../../convex/lib/verify/stolenRules";
import { makeUser } from "./setup";
import { ownerWithAsset } from "./verify-support";

const DAY = 86_400_000;

test("the owner's report is kept; /verify says when it was reported and nothing else of it", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset("public");
  const stolenAt = Date.now() - 2 * DAY;
  await owner.as.mutation(api.assets.setStatus, {
    assetId,
    status: "stolen",
    stolen: { stolenAt, place: "  Mill Road, Cambridge ", policeReport: " CB-2026-0042 " },
  });
  const report = await owner.as.query(api.assets.stolenReport, { assetId });
  expect(report).toMatchObject({ stolenAt, place: "Mill Road, Cambridge", policeReport: "CB-2026-0042" });

  const seen = await t.query(api.verify.bySerial, { serial });
  expect(seen).toMatchObject({ result: "public", status: "stolen", reportedStolenAt: report!.reportedAt });
  const text = JSON.stringify(seen);
  for (const secret of ["Mill Road", "CB-2026-0042"]) expect(text).not.toContain(secret);

  // Someone else reads nothing of it.
  const other = await makeUser(t);
  expect(await other.as.query(api.assets.stolenReport, { assetId })).toBeNull();
  expect(await t.query(api.assets.stolenReport, { assetId, workspaceId: owner.workspaceId })).toBeNull();

  // Found again: no report, no date on /verify; Undo (stolen again with the same details) brings both back.
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "active" });
  expect(await owner.as.query(api.assets.stolenReport, { assetId })).toBeNull();
  expect(await t.query(api.verify.bySerial, { serial })).not.toHaveProperty("reportedStolenAt");
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen", stolen: { stolenAt, place: "Mill Road, Cambridge" } });
  expect(await owner.as.query(api.assets.stolenReport, { assetId })).toMatchObject({ stolenAt, place: "Mill Road, Cambridge", policeReport: null });
});

test("a private stolen asset shows the report day too", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset("private");
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen", stolen: { stolenAt: Date.now(), place: "Home" } });
  expect(await t.query(api.verify.bySerial, { serial })).toEqual({ result: "private", serial, status: "stolen", reportedStolenAt: expect.any(Number) });
});

test("a theft dated in the future, no place or an overlong police number is refused and nothing changes", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset("public");
  const cases = [
    [{ stolenAt: Date.now() + 3 * DAY, place: "Home" }, STOLEN_MESSAGES.whenInvalid],
    [{ stolenAt: Date.now(), place: "   " }, STOLEN_MESSAGES.placeRequired],
    [{ stolenAt: Date.now(), place: "Home\nAway" }, "Where it was stolen cannot contain line breaks or control characters"],
    [{ stolenAt: Date.now(), place: "Home", policeReport: "9".repeat(65) }, STOLEN_MESSAGES.policeTooLong],
  ] as const;
  for (const [stolen, message] of cases) {
    await expect(owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen", stolen })).rejects.toThrow(message);
  }
  expect(await t.query(api.verify.bySerial, { serial })).toMatchObject({ status: "active" });
  expect(await t.run(async (ctx) => await ctx.db.query("stolenReports").collect())).toEqual([]);
});
