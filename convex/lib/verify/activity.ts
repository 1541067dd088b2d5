// The dashboard's recent activity: a few of the newest rows of each source, merged.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { incomingOffers } from "../assets/transfers";
import { TOKEN_SYMBOL } from "../constants";
import { REMINDER_TEXTS } from "../upkeep/rules";
import type { ActivityItem } from "./tables";

const ACTIVITY_LIMIT = 15;
const PER_SOURCE = 10;

type AssetNames = (id: Id<"assets">) => Promise<{ name: string; serial: string } | null>;

/** Memoised asset look-ups: several rows often name the same asset. */
export function assetNames(ctx: QueryCtx): AssetNames {
  const cache = new Map<Id<"assets">, Promise<Doc<"assets"> | null>>();
  return async (id) => {
    if (!cache.has(id)) cache.set(id, ctx.db.get("assets", id));
    const asset = await cache.get(id)!;
    return asset && { name: asset.name, serial: asset.serial };
  };
}

const verifyLink = (serial: string) => `/verify/${serial}`;
const placeText = (p?: { lat: number; lng: number }) => (p ? `near ${p.lat.toFixed(1)}, ${p.lng.toFixed(1)}` : null);

async function transferItems(ctx: QueryCtx, workspaceId: Id<"workspaces">, user: Doc<"users">, names: AssetNames): Promise<ActivityItem[]> {
  const [offers, acceptedByMe, sent] = await Promise.all([
    incomingOffers(ctx, user, PER_SOURCE / 2),
    ctx.db
      .query("transfers")
      .withIndex("by_toUserId_and_status", (q) => q.eq("toUserId", user._id).eq("status", "accepted"))
      .order("desc")
      .take(PER_SOURCE / 2),
    ctx.db
      .query("transfers")
      .withIndex("by_fromWorkspaceId_and_status", (q) => q.eq("fromWorkspaceId", workspaceId).eq("status", "accepted"))
      .order("desc")
      .take(PER_SOURCE / 2),
  ]);
  // Offers are the person's; what arrived counts where it arrived.
  const received = acceptedByMe.filter((t) => t.toWorkspaceId === workspaceId);
  const rows = [
    ...offers.map((t) => ({ t, type: "transferOffer" as const, title: "Transfer offered to you" })),
    ...received.map((t) => ({ t, type: "transferIn" as const, title: "Asset transferred to you" })),
    ...sent.map((t) => ({ t, type: "transferOut" as const, title: "Asset transferred away" })),
  ];
  return await Promise.all(
    rows.map(async ({ t, type, title }) => {
      const asset = await names(t.assetId);
      return {
        id: t._id,
        type,
        at: t.respondedAt ?? t.createdAt,
        title,
        detail: asset ? `${asset.name} · ${asset.serial}` : null,
        link: "/assets",
      };
    }),
  );
}

/** Assets the workspace holds that were tagged in it (one received by transfer shows as a transfer instead). */
async function taggedHere(ctx: QueryCtx, workspaceId: Id<"workspaces">, assets: Doc<"assets">[]) {
  const firstOwners = await Promise.all(
    assets.map((a) => ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", a._id)).first()),
  );
  return assets.filter((_, i) => (firstOwners[i]?.workspaceId ?? workspaceId) === workspaceId);
}

/** The workspace's registry activity, with the caller's own wallet and the offers addressed to them. */
export async function recentActivity(ctx: QueryCtx, workspaceId: Id<"workspaces">, user: Doc<"users">): Promise<ActivityItem[]> {
  const userId = user._id;
  const names = assetNames(ctx);
  const [assets, transactions, alerts, found, transfers, reminders] = await Promise.all([
    ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).order("desc").take(PER_SOURCE),
    ctx.db.query("transactions").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId)).order("desc").take(PER_SOURCE),
    ctx.db.query("verifyAlerts").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).order("desc").take(PER_SOURCE),
    ctx.db.query("foundReports").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).order("desc").take(PER_SOURCE),
    transferItems(ctx, workspaceId, user, names),
    ctx.db.query("upkeepReminders").withIndex("by_workspaceId_and_sentAt", (q) => q.eq("workspaceId", workspaceId)).order("desc").take(PER_SOURCE),
  ]);
  const items: ActivityItem[] = [
    ...(await taggedHere(ctx, workspaceId, assets)).map((a) => ({
      id: a._id,
      type: "tagged" as const,
      at: a.taggedAt,
      title: `Tagged ${a.name}`,
      detail: a.serial,
      link: verifyLink(a.serial),
    })),
    ...transactions.map((t) => ({
      id: t._id,
      type: "tokens" as const,
      at: t.createdAt,
      title: `${t.amount > 0 ? "+" : ""}${t.amount} ${TOKEN_SYMBOL}`,
      detail: t.description,
      link: "/wallet",
    })),
    ...(await Promise.all(
      alerts.map(async (a) => {
        const asset = await names(a.assetId);
        const who = a.viewer === "member" ? "A signed-in member" : "A visitor";
        return {
          id: a._id,
          type: "visit" as const,
          at: a.at,
          title: `${who} viewed ${asset?.name ?? "a deleted asset"}`,
          detail: placeText(a.place),
          link: asset ? verifyLink(asset.serial) : null,
        };
      }),
    )),
    ...(await Promise.all(
      found.map(async (r) => {
        const asset = await names(r.assetId);
        return {
          id: r._id,
          type: "found" as const,
          at: r.at,
          title: `Found report for ${asset?.name ?? "a deleted asset"}`,
          detail: r.message.length > 120 ? `${r.message.slice(0, 117)}...` : r.message,
          link: null,
        };
      }),
    )),
    ...transfers,
    ...reminders.map((r) => ({
      id: r._id,
      type: "reminder" as const,
      at: r.sentAt,
      title: r.about === "warranty" ? REMINDER_TEXTS.warrantyActivity(r.title, r.dueOn) : REMINDER_TEXTS.serviceActivity(r.title, r.dueOn),
      detail: null,
      link: `/assets/${r.assetId}`,
    })),
  ];
  return items.sort((a, b) => b.at - a.at).slice(0, ACTIVITY_LIMIT);
}
