// Conformance: nested mutations are sub-transactions (Convex's
// begin_subtransaction / rollback_subtransaction around ctx.runMutation).
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { withConformanceApp } from "./helpers";

describe("nested mutations", () => {
  const ctx = withConformanceApp("subtransactions");

  it("discard a failing callee's writes while the caller catches and commits its own", async () => {
    expect(await ctx.http.mutation(api.notes.catchAndGoOn, {})).toContain("failing callee failed");
    // The failed callee's insert, patch and delete of "victim" and its scheduled job are gone.
    expect(await ctx.http.query(api.notes.list, {})).toEqual(["after", "before", "kept callee", "victim"]);
    expect(await ctx.http.query(api.notes.scheduled, {})).toBe(1);
  });

  it("undo only the failing level of calls within calls", async () => {
    await ctx.http.mutation(api.notes.nested, {});
    expect((await ctx.http.query(api.notes.list, {})).filter((t: string) => t === "middle" || t === "inner")).toEqual(["middle"]);
    expect(await ctx.http.query(api.notes.scheduled, {})).toBe(1);
  });

  it("discard a failing component call's half-done writes when the app catches it", async () => {
    expect(await ctx.http.mutation(api.tally.tryAdd, { amounts: [4, 5] })).toBe(9);
    expect(await ctx.http.mutation(api.tally.tryAdd, { amounts: [6, 7] })).toBeNull();
    expect(await ctx.http.query(api.tally.total, {})).toBe(9);
    expect(await ctx.http.query(api.notes.list, {})).toContain("refused");
  });
});
