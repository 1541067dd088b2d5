import { v } from "convex/values";
import { internalMutation, env } from "./_generated/server";
import { publicQuery } from "./lib/access";
import { OUTBOX_LIST_LIMIT } from "./lib/constants";
import { outboxFields, outboxMessageValidator } from "./lib/validators";

/** The dev inbox (/dev/outbox). Exists only on deployments that set LOCAL_OUTBOX. */
export const list = publicQuery({
  args: {},
  returns: v.union(v.null(), v.array(outboxMessageValidator)),
  handler: async (ctx) => {
    if (!env.LOCAL_OUTBOX) return null;
    const messages = await ctx.db.query("outbox").order("desc").take(OUTBOX_LIST_LIMIT);
    return messages.map((m) => ({ ...m, link: m.link ?? null }));
  },
});

export const record = internalMutation({
  args: outboxFields,
  returns: v.null(),
  handler: async (ctx, message) => {
    await ctx.db.insert("outbox", message);
    return null;
  },
});
