import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v, type Infer } from "convex/values";
import { adminMutation, adminQuery } from "./lib/access";
import { appError, MESSAGES } from "./lib/errors";
import { isErased } from "./lib/privacy/rules";
import { effectiveRole, isAdmin } from "./lib/roles";
import { auditEntryValidator, fieldChangeValidator, roleValidator, type Role } from "./lib/validators";
import type { Doc, Id } from "./_generated/dataModel";
import { ensureBusinessWorkspace } from "./lib/workspaces/store";
import type { MutationCtx } from "./_generated/server";

type FieldChange = Infer<typeof fieldChangeValidator>;

type AccessChange = { role?: Role; isBusinessUser?: boolean; isAdminInfluencer?: boolean };

/** The only way roles and flags change: by an admin, never on themselves, always audited. */
export const setUserAccess = adminMutation({
  args: {
    userId: v.id("users"),
    role: v.optional(roleValidator),
    isBusinessUser: v.optional(v.boolean()),
    isAdminInfluencer: v.optional(v.boolean()),
  },
  returns: v.null(),
  handler: async (ctx, { userId, ...wanted }) => {
    await applyUserAccess(ctx, ctx.user, userId, wanted);
    return null;
  },
});

/**
 * setUserAccess's body, for other admin mutations (business-upgrade decisions):
 * the caller must already be an admin; the self-change refusal and audit stay here.
 */
export async function applyUserAccess(
  ctx: MutationCtx,
  actor: Doc<"users">,
  userId: Id<"users">,
  wanted: AccessChange,
): Promise<FieldChange[]> {
  if (!isAdmin(actor)) throw appError("FORBIDDEN", MESSAGES.forbidden);
  if (userId === actor._id) {
    throw appError("FORBIDDEN", MESSAGES.selfAccessChange);
  }
  const target = await ctx.db.get("users", userId);
  // An erased account is a tombstone: nothing may be written onto it again.
  if (target === null || isErased(target)) throw appError("NOT_FOUND", MESSAGES.userNotFound);

  const changes: FieldChange[] = [];
  if (wanted.role !== undefined && wanted.role !== effectiveRole(target)) {
    changes.push({ field: "role", from: target.role ?? null, to: wanted.role });
  }
  for (const field of ["isBusinessUser", "isAdminInfluencer"] as const) {
    const to = wanted[field];
    if (to !== undefined && to !== (target[field] ?? false)) {
      changes.push({ field, from: target[field] ?? null, to });
    }
  }
  if (changes.length === 0) return changes;

  await ctx.db.patch("users", userId, Object.fromEntries(changes.map((c) => [c.field, c.to])));
  // Business features come with a business workspace to use them in.
  if (wanted.isBusinessUser === true && target.isBusinessUser !== true) await ensureBusinessWorkspace(ctx, target);
  await ctx.db.insert("auditLog", {
    actorId: actor._id,
    targetId: userId,
    action: "setUserAccess",
    changes,
  });
  return changes;
}

export const listAuditLog = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(auditEntryValidator),
  handler: async (ctx, { paginationOpts }) =>
    await ctx.db.query("auditLog").order("desc").paginate(paginationOpts),
});
