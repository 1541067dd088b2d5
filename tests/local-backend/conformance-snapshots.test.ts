// Conformance: ConvexHttpClient.consistentQuery runs its queries at one timestamp
// (/api/query_ts, then /api/query_at_ts). As Convex answers from the snapshots it keeps
// for a short window (MAX_TRANSACTION_WINDOW, crates/database/src/snapshot_manager.rs),
// a query whose data changed after that timestamp is answered with the data as it was
// then; past the window it is refused as out of retention. Never with newer data.
import { ConvexHttpClient } from "convex/browser";
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { failure, withConformanceApp } from "./helpers";

describe("consistent queries", () => {
  const ctx = withConformanceApp("snapshots");

  it("answer with the data as it was at the client's timestamp, after it changed", async () => {
    const reader = new ConvexHttpClient(ctx.backend.url, { logger: false });
    expect(await reader.consistentQuery(api.marks.count, { name: "a" })).toBe(0);
    await ctx.http.mutation(api.marks.add, { name: "b" });
    expect(await reader.consistentQuery(api.marks.count, { name: "a" })).toBe(0);
    await ctx.http.mutation(api.marks.add, { name: "a" });
    await ctx.http.mutation(api.marks.add, { name: "a" });
    expect(await reader.consistentQuery(api.marks.count, { name: "a" })).toBe(0);
    expect(await reader.consistentQuery(api.marks.count, { name: "b" })).toBe(0);
    expect(await new ConvexHttpClient(ctx.backend.url, { logger: false }).consistentQuery(api.marks.count, { name: "a" })).toBe(2);
  });
});

describe("consistent queries past the retention window", () => {
  const ctx = withConformanceApp("snapshots", { limits: { snapshotRetentionMs: 0 } });

  it("are refused as out of retention once the snapshot of their timestamp is gone", async () => {
    const reader = new ConvexHttpClient(ctx.backend.url, { logger: false });
    expect(await reader.consistentQuery(api.marks.count, { name: "a" })).toBe(0);
    await ctx.http.mutation(api.marks.add, { name: "a" });
    // Kept snapshots go after the window; the next commit lets the one at the reader's timestamp go.
    await expect.poll(async () => {
      await ctx.http.mutation(api.marks.add, { name: "c" });
      return failure(reader.consistentQuery(api.marks.count, { name: "a" }));
    }).toContain("Your request couldn't be completed. Try again later.");
  });
});
