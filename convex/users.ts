import { invalidateSessions, modifyAccountCredentials } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { publicQuery, userAction, userMutation } from "./lib/access";
import { parseNewPassword } from "./lib/auth/passwordStrength";
import { ACTIVITY_THROTTLE_MS, AVATAR_URL_MAX_LENGTH } from "./lib/constants";
import { appError, fullNameError, MESSAGES } from "./lib/errors";
import { checkOwnPassword } from "./lib/auth/ownPassword";
import { PASSWORD_PROVIDER_ID } from "./lib/auth/providerIds";
import { toProfile } from "./lib/auth/profiles";
import { profileValidator } from "./lib/validators";

/** The signed-in user's profile, or null when signed out. */
export const me = publicQuery({
  args: {},
  returns: v.union(v.null(), profileValidator),
  handler: async (ctx) => (ctx.user === null ? null : toProfile(ctx.user)),
});

/** Records the user's last activity; at most one write a minute per user. */
export const updateActivity = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const now = Date.now();
    if (ctx.user.lastActiveAt === undefined || now - ctx.user.lastActiveAt >= ACTIVITY_THROTTLE_MS) {
      await ctx.db.patch("users", ctx.user._id, { lastActiveAt: now });
    }
    return null;
  },
});

export const updateProfile = userMutation({
  args: { fullName: v.string(), avatarUrl: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const fullName = args.fullName.trim();
    const avatarUrl = args.avatarUrl.trim();
    const nameError = fullNameError(fullName);
    if (nameError !== undefined) throw appError("INVALID", nameError);
    if (avatarUrl !== "" && (!/^https?:\/\/\S+$/i.test(avatarUrl) || avatarUrl.length > AVATAR_URL_MAX_LENGTH)) {
      throw appError("INVALID", MESSAGES.invalidAvatarUrl);
    }
    await ctx.db.patch("users", ctx.user._id, {
      fullName: fullName === "" ? undefined : fullName,
      avatarUrl: avatarUrl === "" ? undefined : avatarUrl,
    });
    return null;
  },
});

export const changePassword = userAction({
  args: { currentPassword: v.string(), newPassword: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const newPassword = parseNewPassword(args.newPassword, ctx.user.email);
    const email = await checkOwnPassword(ctx, ctx.user, args.currentPassword);
    await modifyAccountCredentials(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email, secret: newPassword },
    });
    // Other devices signed in with the old password are signed out.
    await invalidateSessions(ctx, { userId: ctx.user._id, except: [ctx.sessionId] });
    return null;
  },
});
