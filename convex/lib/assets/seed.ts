// Demo assets for the local backend: a few per demo account, free of charge.
import type { MutationCtx } from "../../_generated/server";
import { createBusinessAsset } from "../csv/assets";
import { ensureBusinessWorkspace, ensurePersonalWorkspace } from "../workspaces/store";
import type { Tagger } from "./tagging";
import type { AssetInput } from "./rules";
import { searchTextOf } from "./rules";
import { reserveSerial } from "./serial";
import type { AssetStatus } from "./tables";
import { VERIFY_API_EXAMPLE } from "../verify/apiRules";

// A will asset's heirs become the owner's next-of-kin contacts and its beneficiaries.
type Heir = { name: string; relationship: string; email: string; phone: string; share: number };
type DemoAsset = AssetInput & { status?: AssetStatus; heirs?: Heir[]; serial?: string };

const DEMO: Record<string, DemoAsset[]> = {
  "member@example.com": [
    // The documentation's API example checks this one.
    { kind: VERIFY_API_EXAMPLE.kind, name: VERIFY_API_EXAMPLE.name, serial: VERIFY_API_EXAMPLE.serial, status: VERIFY_API_EXAMPLE.status,
      category: "Bicycles", visibility: "public", description: "Blue frame, 56 cm.",
      details: { kind: "general", ...VERIFY_API_EXAMPLE.identity, purchaseDate: "2023-05-14", purchaseValue: { amount: 249900, currency: "GBP" }, location: "Garage" } },
    { kind: "general", name: "MacBook Pro 14", category: "Electronics", visibility: "private", status: "lost",
      details: { kind: "general", brand: "Apple", model: "MacBook Pro 14 M3", purchaseValue: { amount: 199900, currency: "GBP" } } },
    { kind: "nft", name: "CryptoPunk #7804", visibility: "public",
      details: { kind: "nft", chain: "ethereum", contractAddress: "0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB", tokenId: "7804" } },
    { kind: "will", name: "Grandmother's gold watch", category: "Jewellery", visibility: "private",
      details: { kind: "will", instructions: "Keep it in the family." },
      heirs: [{ name: "Sam Member", relationship: "Son", email: "sam.member@example.com", phone: "+447911123457", share: 100 }] },
  ],
  "business@example.com": [
    { kind: "business", name: "Espresso machine", category: "Equipment", visibility: "public",
      details: { kind: "business", sku: "EQ-ESP-01", quantity: 2, unitCost: { amount: 89900, currency: "GBP" }, location: "Café counter" } },
    { kind: "business", name: "Oak bar stools", category: "Furniture", visibility: "private",
      details: { kind: "business", sku: "FN-STL-12", quantity: 12, unitCost: { amount: 7500, currency: "GBP" }, location: "Store room" } },
  ],
};

export async function seedDemoAssets(ctx: MutationCtx): Promise<number> {
  let created = 0;
  for (const [email, assets] of Object.entries(DEMO)) {
    const owner = await ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).first();
    if (owner === null) continue;
    // A business's items live in its business workspace, everything else in the personal one.
    const workspaceId = (owner.isBusinessUser === true ? await ensureBusinessWorkspace(ctx, owner) : null) ?? (await ensurePersonalWorkspace(ctx, owner._id));
    const existing = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId))
      .first();
    if (existing !== null) continue;
    let at = Date.now() - assets.length * 86_400_000;
    for (const { status = "active", heirs = [], serial: fixed, ...input } of assets) {
      at += 86_400_000;
      const serial = await reserveSerial(ctx, fixed === undefined ? undefined : () => fixed);
      const assetId = await ctx.db.insert("assets", {
        ...input, workspaceId, serial, status, files: [], taggedAt: at, updatedAt: at,
        searchText: searchTextOf({ ...input, serial }),
      });
      await ctx.db.insert("assetOwners", { assetId, workspaceId, from: at });
      await ctx.db.insert("assetEvents", { assetId, workspaceId, actorId: owner._id, type: "tagged", summary: `Tagged with serial ${serial}`, at });
      for (const { share, ...heir } of heirs) {
        const contactId = await ctx.db.insert("nokContacts", { ownerId: owner._id, ...heir, status: "pending", createdAt: at });
        await ctx.db.insert("beneficiaries", { ownerId: owner._id, assetId, contactId, share });
      }
      created += 1;
    }
  }
  return created;
}

const SHELVES = ["Aisle 1", "Aisle 2", "Aisle 3", "Back room", "Warehouse"];
const GROUPS = ["Hardware", "Kitchen", "Garden", "Office"];
/** Assets one bulk-seed call creates at most (a mutation's write budget). */
export const BULK_SEED_MAX = 500;

/**
 * Business items "Bulk item 00001"… for load tests and benchmarks of the lists (E2E with
 * 2,000+ rows, bench/registry): numbered from `from`, spread over shelves and categories.
 */
export async function seedBulkAssets(ctx: MutationCtx, tagger: Tagger, from: number, count: number, at: number) {
  for (let n = from; n < from + Math.min(count, BULK_SEED_MAX); n++) {
    const label = String(n + 1).padStart(5, "0");
    await createBusinessAsset(
      ctx,
      tagger,
      {
        kind: "business",
        name: `Bulk item ${label}`,
        category: GROUPS[n % GROUPS.length],
        visibility: n % 4 === 0 ? "public" : "private",
        details: { kind: "business", sku: `BULK-${label}`, quantity: 1 + (n % 9), unitCost: { amount: 100 * (1 + (n % 50)), currency: "GBP" }, location: SHELVES[n % SHELVES.length] },
      },
      at + n,
    );
  }
}
