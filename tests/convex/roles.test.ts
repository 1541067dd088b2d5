import { describe, expect, test } from "vitest";
import { effectiveRole, hasAdminView, hasModeration, isAdmin, isBusiness } from "../../convex/lib/roles";

describe("role predicates", () => {
  test("no role means influencer", () => {
    expect(effectiveRole({})).toBe("influencer");
    expect(effectiveRole(null)).toBe("influencer");
  });

  test("moderation is moderator or admin; admin permission is admin only", () => {
    expect(hasModeration({ role: "moderator" })).toBe(true);
    expect(hasModeration({ role: "admin" })).toBe(true);
    expect(hasModeration({ role: "influencer" })).toBe(false);
    expect(isAdmin({ role: "admin" })).toBe(true);
    expect(isAdmin({ role: "moderator" })).toBe(false);
  });

  test("admin-influencers get the admin views but not admin permission", () => {
    const flagOnly = { role: "influencer" as const, isAdminInfluencer: true };
    expect(hasAdminView(flagOnly)).toBe(true);
    expect(isAdmin(flagOnly)).toBe(false);
    expect(hasModeration(flagOnly)).toBe(false);
    expect(hasAdminView({ role: "admin" })).toBe(true);
    expect(hasAdminView({ role: "moderator" })).toBe(false);
  });

  test("business features follow the flag", () => {
    expect(isBusiness({ isBusinessUser: true })).toBe(true);
    expect(isBusiness({ role: "admin" })).toBe(false);
    expect(isBusiness(undefined)).toBe(false);
  });
});
