// Conformance: ctx.vectorSearch as Convex answers it (crates/vector): nearest by cosine
// similarity, best first, `limit` (default 10, at most 256), filters on filterFields with q.or.
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { withConformanceApp } from "./helpers";

describe("vector search", () => {
  const ctx = withConformanceApp("vectors");
  const ids: Record<string, string> = {};

  it("returns the nearest documents by cosine similarity, best first, with their scores", async () => {
    for (const [name, kind, embedding] of [
      ["east", "fruit", [1, 0, 0]],
      ["north", "fruit", [0, 1, 0]],
      ["northeast", "tool", [1, 1, 0]],
      ["up", "tool", [0, 0, 1]],
    ] as const) {
      ids[name] = await ctx.http.mutation(api.items.add, { name, kind, embedding: [...embedding] });
    }
    expect(await ctx.http.action(api.items.nearest, { vector: [1, 0.1, 0], limit: 2 })).toEqual([
      { id: ids.east, score: 0.995 },
      { id: ids.northeast, score: 0.774 },
    ]);
    expect(await ctx.http.action(api.items.nearest, { vector: [1, 0, 0] })).toHaveLength(4);
  });

  it("filters on filterFields, any of the q.or conditions", async () => {
    expect((await ctx.http.action(api.items.nearest, { vector: [1, 0, 0], kinds: ["tool"] })).map((r: { id: string }) => r.id)).toEqual([ids.northeast, ids.up]);
    expect(await ctx.http.action(api.items.nearest, { vector: [1, 0, 0], kinds: ["fruit", "tool"] })).toHaveLength(4);
  });

  it("refuses what Convex refuses, with its messages", async () => {
    expect(await ctx.http.action(api.items.nearest, { vector: [1, 0, 0], limit: 257 })).toContain("Vector queries can fetch at most 256 results, requested 257.");
    expect(await ctx.http.action(api.items.nearest, { vector: [1, 0] })).toContain("Expected a vector with dimensions 3, received 2.");
    expect(await ctx.http.action(api.items.nearest, { vector: [1, 0, 0], kinds: ["x"], filterOn: "name" })).toContain(
      "Vector query against items.by_embedding contains a filter on \"name\" but that field isn't indexed for filtering in `filterFields`.",
    );
  });
});
