// Every mutation's database goes through convex-helpers' Triggers, so code that
// must follow a table's writes (an aggregate's count, say) is registered once
// here instead of being remembered at each insert, patch and delete.
// Public mutations get these builders through lib/access.ts; internal ones
// import them from here (lint refuses `mutation`/`internalMutation` straight
// from _generated/server elsewhere).
import { customCtx, customMutation } from "convex-helpers/server/customFunctions";
import { Triggers } from "convex-helpers/server/triggers";
import type { DataModel } from "../_generated/dataModel";
import {
  internalMutation as rawInternalMutation,
  mutation as rawMutation,
} from "../_generated/server";
import { registerCountTriggers } from "./counts/triggers";

export const triggers = new Triggers<DataModel>();
registerCountTriggers(triggers);

export const mutation = customMutation(rawMutation, customCtx(triggers.wrapDB));
export const internalMutation = customMutation(rawInternalMutation, customCtx(triggers.wrapDB));
