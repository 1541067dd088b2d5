// Buying TMT: a pack is ordered, paid through the deployment's payment provider
// (lib/payments/provider.ts; offline test mode on the local backend), and the
// paid order credits the wallet once, through the ledger.
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { env, type ActionCtx, type MutationCtx } from "./_generated/server";
import { userAction, userQuery, workspaceAction } from "./lib/access";
import { appError, messageNumber } from "./lib/errors";
import { earn } from "./lib/ledger";
import { packById, TOP_UP_CURRENCY, TOP_UP_PACKS, TOP_UP_TEXT } from "./lib/payments/packs";
import { paymentProvider } from "./lib/payments/provider";
import { internalMutation } from "./lib/writes";

const MAX_PACK_ID = 32;

/** The packs on sale, and whether this deployment sells them (and in test mode). */
export const offer = userQuery({
  args: {},
  returns: v.object({
    available: v.boolean(),
    test: v.boolean(),
    currency: v.string(),
    packs: v.array(v.object({ id: v.string(), tmt: v.number(), priceMinor: v.number() })),
  }),
  handler: async () => {
    const provider = paymentProvider();
    return { available: provider !== null, test: provider?.test ?? false, currency: TOP_UP_CURRENCY, packs: TOP_UP_PACKS.map((p) => ({ ...p })) };
  },
});

const checkoutValidator = v.union(v.object({ kind: v.literal("paid"), tmt: v.number() }), v.object({ kind: v.literal("redirect"), redirectUrl: v.string() }));
type Checkout = Infer<typeof checkoutValidator>;

/** Orders `packId` for `userId` (crediting `workspaceId`'s wallet when named) and pays it. */
async function checkout(ctx: ActionCtx, order: { userId: Id<"users">; workspaceId?: Id<"workspaces"> }, packId: string): Promise<Checkout> {
  const pack = packById(packId.slice(0, MAX_PACK_ID));
  if (pack === null) throw appError("INVALID", TOP_UP_TEXT.unknownPack);
  const provider = paymentProvider();
  if (provider === null) throw appError("INVALID", TOP_UP_TEXT.unavailable);
  const orderId: Id<"topUpOrders"> = await ctx.runMutation(internal.topUps.open, { ...order, packId: pack.id, provider: provider.name, test: provider.test });
  const result = await provider.checkout({
    orderId,
    tmt: pack.tmt,
    priceMinor: pack.priceMinor,
    currency: TOP_UP_CURRENCY,
    // The browser comes back to the workspace it chose last (useWorkspace remembers it).
    successUrl: `${env.SITE_URL ?? ""}/wallet`,
  });
  if (result.kind === "redirect") return result;
  await ctx.runMutation(internal.topUps.complete, { orderId, reference: result.reference });
  return { kind: "paid", tmt: pack.tmt };
}

/** Checks out a pack for the caller's own wallet: paid at once (test mode) or a provider page to pay on. */
export const buy = userAction({
  args: { packId: v.string() },
  returns: checkoutValidator,
  handler: async (ctx, { packId }): Promise<Checkout> => await checkout(ctx, { userId: ctx.user._id }, packId),
});

/** The same for a household or business workspace's wallet, by its owners and admins. */
export const buyForWorkspace = workspaceAction({
  can: "fundWallet",
  kinds: ["household", "business"],
  args: { packId: v.string() },
  returns: checkoutValidator,
  handler: async (ctx, { packId }): Promise<Checkout> => await checkout(ctx, { userId: ctx.user._id, workspaceId: ctx.workspace._id }, packId),
});

export const open = internalMutation({
  args: { userId: v.id("users"), workspaceId: v.optional(v.id("workspaces")), packId: v.string(), provider: v.string(), test: v.boolean() },
  returns: v.id("topUpOrders"),
  handler: async (ctx, { userId, workspaceId, packId, provider, test }) => {
    const pack = packById(packId);
    if (pack === null) throw appError("INVALID", TOP_UP_TEXT.unknownPack);
    return await ctx.db.insert("topUpOrders", {
      userId,
      workspaceId,
      packId,
      tmt: pack.tmt,
      priceMinor: pack.priceMinor,
      currency: TOP_UP_CURRENCY,
      provider,
      test,
      status: "pending",
      createdAt: Date.now(),
    });
  },
});

/** Marks an order paid and credits its TMT; a second confirmation of the same order does nothing. */
export async function completeOrder(ctx: MutationCtx, order: Doc<"topUpOrders">, reference: string) {
  if (order.status === "paid") return;
  await ctx.db.patch("topUpOrders", order._id, { status: "paid", reference, paidAt: Date.now() });
  const holder = order.workspaceId === undefined ? { userId: order.userId } : { workspaceId: order.workspaceId, actorId: order.userId };
  await earn(ctx, {
    ...holder,
    amount: order.tmt,
    source: "top_up",
    description: `Bought ${messageNumber(order.tmt)} TMT${order.test ? " (test mode, no payment taken)" : ""}`,
  });
}

export const complete = internalMutation({
  args: { orderId: v.id("topUpOrders"), reference: v.string() },
  returns: v.null(),
  handler: async (ctx, { orderId, reference }) => {
    const order = await ctx.db.get("topUpOrders", orderId);
    if (order === null) throw appError("NOT_FOUND", "Order not found");
    await completeOrder(ctx, order, reference);
    return null;
  },
});

/**
 * Demo data: the demo business bought the 12,000 TMT pack in test mode for its business
 * workspace (whose wallet pays for imports), enough for a 10,000-row import.
 */
export const seedDemo = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const existing = await ctx.db.query("topUpOrders").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId)).first();
    if (existing !== null) return null;
    const workspace = await ctx.db
      .query("workspaces")
      .withIndex("by_createdBy_and_kind", (q) => q.eq("createdBy", userId).eq("kind", "business"))
      .first();
    const pack = packById("tmt_12000")!;
    const orderId = await ctx.db.insert("topUpOrders", {
      userId,
      workspaceId: workspace?._id,
      packId: pack.id,
      tmt: pack.tmt,
      priceMinor: pack.priceMinor,
      currency: TOP_UP_CURRENCY,
      provider: "test",
      test: true,
      status: "pending",
      createdAt: Date.now(),
    });
    await completeOrder(ctx, (await ctx.db.get("topUpOrders", orderId))!, `seed_${orderId}`);
    return null;
  },
});
