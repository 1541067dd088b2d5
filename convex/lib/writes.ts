// Every mutation's database goes through convex-helpers' Triggers, so code that
// must follow a table's writes (an aggregate's count, say) is registered once
// here instead of being remembered at each insert, patch and delete. Each call
// gets its own count tally (lib/counts/tally.ts): the asset triggers add to it and
// it is written once after the handler returns, in the same transaction.
// Public mutations get these builders through lib/access.ts; internal ones
// import them from here (lint refuses `mutation`/`internalMutation` straight
// from _generated/server elsewhere).
import { customMutation } from "convex-helpers/server/customFunctions";
import { Triggers } from "convex-helpers/server/triggers";
import type { DataModel } from "../_generated/dataModel";
import {
  internalMutation as rawInternalMutation,
  mutation as rawMutation,
} from "../_generated/server";
import type { MutationCtx } from "../_generated/server";
import { CountTally } from "./counts/tally";
import { registerCountTriggers, type FollowCtx } from "./counts/triggers";
import { followAssetPlace, forgetCustody } from "./locations/follow";
import { followCustomValues } from "./customFields/follow";
import { followAssetUpkeep } from "./upkeep/store";
import { followLineValue } from "./inventory/lineValue";
import { followWorth } from "./assets/worth";

const triggers = new Triggers<DataModel, FollowCtx>();
registerCountTriggers(triggers);
triggers.register("assets", followAssetPlace);
triggers.register("assets", followCustomValues);
triggers.register("assets", followAssetUpkeep);
triggers.register("assets", followLineValue);
triggers.register("assets", followWorth);
triggers.register("kitParts", forgetCustody);
triggers.register("loans", forgetCustody);

/** The context triggers run in (with a fresh tally), and the flush that writes the tally at the end. */
function followWrites(ctx: MutationCtx) {
  const counts = new CountTally();
  return { ctx: triggers.wrapDB({ ...ctx, counts }), flush: () => counts.flush(ctx) };
}

const followed = {
  args: {},
  input: (ctx: MutationCtx) => {
    const { ctx: withTriggers, flush } = followWrites(ctx);
    return { ctx: withTriggers, args: {}, onSuccess: flush };
  },
};

export const mutation = customMutation(rawMutation, followed);
export const internalMutation = customMutation(rawInternalMutation, followed);

/**
 * Runs `write` with the triggers on, for a write that does not go through the builders
 * above (Convex Auth's callbacks, tests), and writes its tally afterwards.
 */
export async function withTriggers<T>(ctx: MutationCtx, write: (ctx: FollowCtx) => Promise<T>): Promise<T> {
  const followedCtx = followWrites(ctx);
  const result = await write(followedCtx.ctx);
  await followedCtx.flush();
  return result;
}
