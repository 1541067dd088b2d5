import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v, type Infer } from "convex/values";
import { adminMutation, adminQuery } from "./lib/access";
import { appError, MESSAGES } from "./lib/errors";
import { effectiveRole } from "./lib/roles";
import { auditEntryValidator, fieldChangeValidator, roleValidator } from "./lib/validators";

type FieldChange = Infer<typeof fieldChangeValidator>;

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
    if (userId === ctx.user._id) {
      throw appError("FORBIDDEN", MESSAGES.selfAccessChange);
    }
    const target = await ctx.db.get("users", userId);
    if (target === null) throw appError("NOT_FOUND", MESSAGES.userNotFound);

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
    if (changes.length === 0) return null;

    await ctx.db.patch("users", userId, Object.fromEntries(changes.map((c) => [c.field, c.to])));
    await ctx.db.insert("auditLog", {
      actorId: ctx.user._id,
      targetId: userId,
      action: "setUserAccess",
      changes,
    });
    return null;
  },
});

export const listAuditLog = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(auditEntryValidator),
  handler: async (ctx, { paginationOpts }) =>
    await ctx.db.query("auditLog").order("desc").paginate(paginationOpts),
});
