// Deletion and export must cover every table that names a user: this reads the schema
// itself, so a new table with a user id field fails here until it is given a policy.
import { describe, expect, test } from "vitest";
import schema from "../../convex/schema";
import { USER_TABLES } from "../../convex/lib/privacy/coverage";
import { EXPORT_PLAN } from "../../convex/lib/privacy/exportPlan";

type Json = { type: string; tableName?: string; value?: unknown; fields?: Record<string, { fieldType: Json }> } & Record<string, unknown>;

/** Whether a validator's JSON holds an id of the users table anywhere (objects, unions, arrays, records). */
function namesUser(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(namesUser);
  if (typeof node !== "object" || node === null) return false;
  const json = node as Json;
  if (json.type === "id" && json.tableName === "users") return true;
  return Object.values(json).some(namesUser);
}

/** Every table whose documents can hold a user id (the users table names itself by _id). */
function tablesNamingUsers(): string[] {
  return Object.entries(schema.tables)
    .filter(([name, table]) => name === "users" || namesUser((table as unknown as { validator: { json: unknown } }).validator.json))
    .map(([name]) => name)
    .sort();
}

describe("privacy coverage", () => {
  test("every table with a user id field has a deletion policy", () => {
    const covered = Object.keys(USER_TABLES).sort();
    expect(tablesNamingUsers().filter((t) => !covered.includes(t))).toEqual([]);
    // And nothing is listed that no longer names a user (a stale list hides gaps).
    expect(covered.filter((t) => !tablesNamingUsers().includes(t))).toEqual([]);
  });

  test("every such table is read by the export through an index that starts with the user (or workspace) field", () => {
    const indexes = (table: string) =>
      (schema.tables[table as keyof typeof schema.tables] as unknown as { indexes: { indexDescriptor: string; fields: string[] }[] }).indexes;
    for (const table of tablesNamingUsers()) {
      const ways = EXPORT_PLAN[table as keyof typeof EXPORT_PLAN];
      expect(ways, table).toBeDefined();
      for (const way of ways) {
        if (way.scope === "self") continue;
        const index = indexes(table).find((i) => i.indexDescriptor === way.index);
        expect(index?.fields[0], `${table}.${way.index}`).toBe(way.field);
      }
    }
  });
});
