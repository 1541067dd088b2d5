// Conformance: ConvexHttpClient.consistentQuery runs its queries at one timestamp
// (/api/query_ts, then /api/query_at_ts). The local store keeps one version of each
// document: a query whose data changed since that timestamp is refused, never answered
// with newer data.
import { ConvexHttpClient } from "convex/browser";
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { failure, withConformanceApp } from "./helpers";

describe("consistent queries", () => {
  const ctx = withConformanceApp("snapshots");

  it("answer at the client's timestamp while the query's data is unchanged, and never with newer data", async () => {
    const reader = new ConvexHttpClient(ctx.backend.url, { logger: false });
    expect(await reader.consistentQuery(api.marks.count, { name: "a" })).toBe(0);
    await ctx.http.mutation(api.marks.add, { name: "b" });
    expect(await reader.consistentQuery(api.marks.count, { name: "a" })).toBe(0);
    await ctx.http.mutation(api.marks.add, { name: "a" });
    expect(await failure(reader.consistentQuery(api.marks.count, { name: "a" }))).toContain("changed after timestamp");
    expect(await new ConvexHttpClient(ctx.backend.url, { logger: false }).consistentQuery(api.marks.count, { name: "a" })).toBe(1);
  });
});
