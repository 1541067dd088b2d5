// Conformance: a schema Convex refuses at push does not load (crates/common/src/schemas,
// bootstrap_model/index/index_validation_error.rs), with Convex's message.
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { conformanceApp, failure, removeDir, start, tempDir, withConformanceApp } from "./helpers";

const REFUSED: [string, string][] = [
  ["creation-time", 'In table "things": `_creationTime` is automatically added to the end of each index.'],
  ["id-field", 'In table "things": `_id` is not a valid index field. To load documents by ID, use `db.get(id)`.'],
  ["same-fields", 'In table "things" index "by_a_again" and index "by_a" have the same fields. Indexes must be unique within a table.'],
  ["reserved-name", 'In table "things" cannot name an index "by_id" because the name is reserved.'],
  ["same-name", 'Table "things" has two or more definitions of index "by_x".'],
  ["missing-field", 'In table "things" the index "by_b" is invalid because it references the field b that does not exist.'],
  ["reserved-table", "_things is a reserved table name."],
];

describe("schemas Convex refuses", () => {
  it.each(REFUSED)("%s: the backend does not load it", async (name, message) => {
    const dir = tempDir(`lb-schema-${name}-`);
    try {
      const error = await start({ dataDir: dir, convexDir: conformanceApp(`bad-schemas/${name}`) }).then(
        async (b) => (await b.stop(), null),
        (e: Error) => e,
      );
      expect(error?.message).toContain(message);
    } finally {
      removeDir(dir);
    }
  });
});

describe("staged indexes", () => {
  const ctx = withConformanceApp("staged");

  it("are refused with Convex's message until enabled, beside the table's enabled indexes", async () => {
    await ctx.http.mutation(api.things.add, { a: "x", b: "y" });
    expect(await ctx.http.query(api.things.byA, { a: "x" })).toBe(1);
    expect(await failure(ctx.http.query(api.things.byB, { b: "y" }))).toContain("Index things.by_b is currently staged and not available to query until it is enabled.");
  });
});
