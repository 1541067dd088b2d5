import { v } from "convex/values";
import { env } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { publicQuery } from "./lib/access";
import { secretsEqual } from "./lib/auth/secrets";
import { OUTBOX_LIST_LIMIT } from "./lib/constants";
import { outboxFields, outboxMessageValidator } from "./lib/validators";

/**
 * The dev inbox (/dev/outbox). It holds reset links and sign-in codes, so it answers
 * only on a deployment that sets LOCAL_OUTBOX (the local backend sets a random key)
 * and only to a caller who knows that key (`npm run dev` prints a link carrying it).
 */
export const list = publicQuery({
  args: { key: v.string() },
  returns: v.union(v.null(), v.array(outboxMessageValidator)),
  handler: async (ctx, { key }) => {
    const expected = env.LOCAL_OUTBOX;
    if (!expected || key.length > 256 || !secretsEqual(key, expected)) return null;
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
