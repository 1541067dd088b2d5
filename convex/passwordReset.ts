import { v } from "convex/values";
import { publicQuery } from "./lib/access";
import { RESET_PROVIDER_ID } from "./lib/auth/messages";
import { PASSWORD_PROVIDER_ID } from "./lib/auth/passwordProvider";

// Convex Auth stores verification codes as lowercase hex SHA-256.
async function sha256Hex(input: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a reset link is still good. Read-only: the token stays usable. */
export const checkResetLink = publicQuery({
  args: { email: v.string(), token: v.string() },
  returns: v.object({ valid: v.boolean() }),
  handler: async (ctx, { email, token }) => {
    if (token === "" || token.length > 256) return { valid: false };
    const hash = await sha256Hex(token);
    const stored = await ctx.db
      .query("authVerificationCodes")
      .withIndex("code", (q) => q.eq("code", hash))
      .first();
    if (stored === null || stored.provider !== RESET_PROVIDER_ID || stored.expirationTime < Date.now()) {
      return { valid: false };
    }
    const account = await ctx.db.get("authAccounts", stored.accountId);
    const valid =
      account !== null &&
      account.provider === PASSWORD_PROVIDER_ID &&
      account.providerAccountId === email.trim().toLowerCase();
    return { valid };
  },
});
