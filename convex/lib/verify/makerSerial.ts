// "Is this frame number registered, and is it stolen?": /verify's check of a maker's serial
// (frame number, IMEI). It answers from public assets only, and never says who holds one: an
// unknown serial and one on a private asset get the same answer, from the same index range.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { takeSlot, limitedMessage } from "../limits";
import { assetKindValidator, assetStatusValidator } from "../assets/tables";
import { verifyFactValidator, verifyFacts } from "./facts";
import { makerSerialKey, MAKER_SERIAL_MATCHES } from "./rules";

const matchValidator = v.object({
  serial: v.string(),
  name: v.string(),
  kind: assetKindValidator,
  status: assetStatusValidator,
  facts: v.array(verifyFactValidator),
});

export const makerSerialResultValidator = v.union(
  v.object({ result: v.literal("invalid") }),
  v.object({ result: v.literal("rateLimited"), message: v.string() }),
  v.object({ result: v.literal("notFound") }),
  v.object({ result: v.literal("found"), matches: v.array(matchValidator) }),
);
type MakerSerialResult = Infer<typeof makerSerialResultValidator>;

/** Who is checking: a signed-in user, else the browser's visitor id (and every visitor's shared ceiling). */
export type Checker = { userId: Id<"users"> } | { visitorId: string };

async function takeCheck(ctx: MutationCtx, who: Checker): Promise<string | null> {
  const key = "userId" in who ? `user:${who.userId}` : `visitor:${who.visitorId}`;
  const own = await takeSlot(ctx, "makerSerialCheck", key);
  if (!own.ok) return limitedMessage("makerSerialCheck", own.retryAfterMs);
  if ("userId" in who) return null;
  const shared = await takeSlot(ctx, "makerSerialCheckVisitors");
  return shared.ok ? null : limitedMessage("makerSerialCheckVisitors", shared.retryAfterMs);
}

async function publicMatches(ctx: QueryCtx, key: string): Promise<Doc<"assets">[]> {
  return await ctx.db
    .query("assets")
    .withIndex("by_makerSerial_and_visibility", (q) => q.eq("details.makerSerial", key).eq("visibility", "public"))
    .take(MAKER_SERIAL_MATCHES);
}

/** Spends one check, then answers: the public items registered with the serial, with their status; nothing of their owners. */
export async function checkMakerSerial(ctx: MutationCtx, raw: string, who: Checker): Promise<MakerSerialResult> {
  const key = makerSerialKey(raw);
  if (key === null) return { result: "invalid" };
  const limited = await takeCheck(ctx, who);
  if (limited !== null) return { result: "rateLimited", message: limited };
  const found = await publicMatches(ctx, key);
  if (found.length === 0) return { result: "notFound" };
  return {
    result: "found",
    matches: found.map((a) => ({ serial: a.serial, name: a.name, kind: a.kind, status: a.status, facts: verifyFacts(a) })),
  };
}
