import { convexAuth } from "@convex-dev/auth/server";
import type { MutationCtx } from "./_generated/server";
import { isValidPhone } from "./lib/auth/input";
import { phoneProvider } from "./lib/auth/messages";
import { CODE_SENDS_PER_MINUTE, MAX_FAILED_SIGN_INS_PER_HOUR } from "./lib/constants";
import { appError, MESSAGES } from "./lib/errors";
import { passwordProvider } from "./lib/auth/passwordProvider";
import { ensureProfile } from "./lib/auth/profiles";
import { enforceRateLimit } from "./lib/rateLimit";

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [passwordProvider, phoneProvider],
  // Wrong passwords and wrong codes per account / identifier before lock-out.
  signIn: { maxFailedAttempsPerHour: MAX_FAILED_SIGN_INS_PER_HOUR },
  callbacks: {
    async afterUserCreatedOrUpdated(genericCtx, { userId, type, profile }) {
      const ctx = genericCtx as unknown as MutationCtx;
      // "email" / "phone" = Convex Auth is about to store a code and send it. Checking
      // here, inside that same mutation, means a refusal stores and sends nothing.
      if (type === "phone" && !isValidPhone(profile.phone)) {
        throw appError("INVALID", MESSAGES.invalidPhone);
      }
      if (type === "email" || type === "phone") {
        const identifier = (type === "email" ? profile.email : profile.phone) ?? "";
        await enforceRateLimit(ctx, `code:${identifier}`, {
          max: CODE_SENDS_PER_MINUTE,
          windowMs: 60_000,
        });
      }
      // Convex Auth creates a phone account when the code is *sent*; its wallet and sign-up bonus
      // wait for the "verification" call, so numbers that never prove ownership mint nothing.
      await ensureProfile(ctx, userId, { openWallet: type !== "phone" });
    },
  },
});
