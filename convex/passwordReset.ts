import { v } from "convex/values";
import { publicQuery } from "./lib/access";
import { hashCode } from "./lib/auth/secrets";
import { normaliseAddress } from "./lib/auth/emailIdentity";

/** Whether a reset link is still good. Read-only: the token stays usable. */
export const checkResetLink = publicQuery({
  // The token alone identifies the link; `email`, when the link carries one, must match it.
  args: { email: v.optional(v.string()), token: v.string() },
  returns: v.object({ valid: v.boolean() }),
  handler: async (ctx, { email, token }) => {
    if (token === "" || token.length > 256 || (email !== undefined && email.length > 320)) return { valid: false };
    const link = await ctx.db
      .query("emailLinks")
      .withIndex("by_codeHash", (q) => q.eq("codeHash", hashCode(token)))
      .unique();
    if (link === null || link.purpose !== "reset" || link.expiresAt <= Date.now()) return { valid: false };
    return { valid: email === undefined || normaliseAddress(email) === link.email };
  },
});
