// Shared by the import benchmark: the demo business signed in (with enough
// TMT credited through the ledger's support entry point), and generated files.
import { ConvexHttpClient } from "convex/browser";

const BUSINESS = "business@example.com";

/**
 * Signs the seeded demo business in; returns its JWT and its business workspace's id. Credits
 * that workspace's wallet (which pays for its imports) so repeated runs can pay.
 */
export async function signInBusiness(backend, credit = 100_000) {
  const http = new ConvexHttpClient(backend.url, { logger: false });
  const result = await http.action("auth:signIn", { provider: "password", params: { email: BUSINESS, password: "password123", flow: "signIn" } });
  const token = result.tokens.token;
  http.setAuth(token);
  const workspaceId = (await http.query("workspaces:listMine", {})).find((w) => w.kind === "business")._id;
  const credited = await backend.run("lib/ledger:earnWorkspaceTokens", { workspaceId, amount: credit, source: "bench", description: "Benchmark credit" });
  if (!credited.ok) throw new Error(credited.message);
  return { token, workspaceId };
}

/** A CSV of `rows` distinct items (SKUs prefixed so runs never collide). */
export function benchCsv(rows, prefix) {
  const lines = ["name,sku,quantity,unit_cost,location,category,description"];
  for (let i = 0; i < rows; i++) {
    lines.push(`Item ${i},${prefix}-${String(i).padStart(5, "0")},${i % 50},${((i % 900) / 10).toFixed(2)},Shelf ${i % 20},Category ${i % 7},Bench row ${i}`);
  }
  return lines.join("\n");
}

/** The import's price for `items` new items: convex/lib/csv/pricing.ts's tiers (the server refuses any other figure). */
export function priceOf(items) {
  return Math.min(items, 100) * 5 + Math.max(0, Math.min(items, 1000) - 100) * 2 + Math.max(0, items - 1000);
}
