// Fixtures for the asset suites: funded members, uploads with a real content type, a tagged asset.
import type { Id } from "../../convex/_generated/dataModel";
import { api } from "../../convex/_generated/api";
import { earn } from "../../convex/lib/ledger";
import type { FileKind } from "../../convex/lib/assets/fileRules";
import { makeUser, type Backend, type Client } from "./setup";

/** Credits a household or business workspace's wallet, as an owner's top-up does. */
export async function fundWorkspace(t: Backend, workspaceId: Id<"workspaces">, amount: number) {
  await t.run(async (ctx) => {
    await earn(ctx, { workspaceId, amount, source: "top_up", description: "Test funds" });
  });
}

export async function workspaceBalance(t: Backend, workspaceId: Id<"workspaces">) {
  return await t.run(async (ctx) => {
    const wallet = await ctx.db.query("wallets").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).unique();
    return wallet?.balance ?? 0;
  });
}

export async function fundedUser(t: Backend, amount = 50, options: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t, options);
  if (amount > 0) {
    await t.run(async (ctx) => {
      await earn(ctx, { userId: user.userId, amount, source: "signup_bonus", description: "Test funds" });
    });
  }
  return user;
}

/** Stores bytes as an upload would, with the content type the browser sent. */
export async function upload(t: Backend, contentType: string, size = 1024): Promise<Id<"_storage">> {
  return await t.run(async (ctx) => {
    const id = await ctx.storage.store(new Blob([new Uint8Array(size)], { type: contentType }));
    // convex-test keeps no content type; the real backends record the upload's header.
    await (ctx.db as unknown as { patch: (id: string, v: object) => Promise<void> }).patch(id, { contentType });
    return id;
  });
}

export const generalInput = {
  kind: "general" as const,
  name: "Road bike",
  description: "Blue Trek Domane",
  category: "Bicycles",
  visibility: "public" as "public" | "private",
  details: { kind: "general" as const, brand: "Trek", model: "Domane", purchaseDate: "2023-04-01", purchaseValue: { amount: 150000, currency: "GBP" } },
};

export async function tagGeneral(as: Client, overrides: Partial<typeof generalInput> = {}, files: { storageId: Id<"_storage">; kind: FileKind; name: string }[] = []) {
  return await as.mutation(api.assets.tag, { ...generalInput, ...overrides, files });
}

export async function balanceOf(t: Backend, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const wallet = await ctx.db.query("wallets").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
    return wallet?.balance ?? 0;
  });
}
