import { convexAuth } from "@convex-dev/auth/server";
import type { MutationCtx } from "./_generated/server";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "./lib/constants";
import { passwordProvider } from "./lib/auth/passwordProvider";
import { phoneProvider } from "./lib/auth/phoneProvider";
import { ensureProfile } from "./lib/auth/profiles";
import { usersByEmail } from "./lib/counts/aggregates";
import { withTriggers } from "./lib/writes";

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  // Both providers keep their codes and links in the app's own tables (convex/authFlows.ts),
  // so Convex Auth's provider-less code redemption finds nothing to redeem.
  providers: [passwordProvider, phoneProvider],
  // Convex Auth's own count of wrong passwords per account, beside ours per address.
  signIn: { maxFailedAttempsPerHour: MAX_FAILED_SIGN_INS_PER_HOUR },
  callbacks: {
    // Only accounts created through Convex Auth's createAccount (the demo seed) come
    // through here; the sign-in flows create theirs in convex/authFlows.ts.
    // Convex Auth writes the user through its own store, outside lib/writes.ts, so the
    // profile is filled through the triggers and the user is counted here.
    async afterUserCreatedOrUpdated(genericCtx, { userId }) {
      await withTriggers(genericCtx as unknown as MutationCtx, async (ctx) => {
        await ensureProfile(ctx, userId);
        const user = await ctx.db.get("users", userId);
        if (user !== null) await usersByEmail.insertIfDoesNotExist(ctx, user);
      });
    },
  },
});
