// Deletion and export must cover every table that names a user: this reads the schema
// itself, so a new table with a user id field fails here until it is given a policy.
import { describe, expect, test } from "vitest";
import schema from "../../convex/schema";
import { readFileSync } from "node:fs";
import { COMPONENT_DATA, USER_TABLES } from "../../convex/lib/privacy/coverage";
import { EXPORT_PLAN, WORKSPACE_EXCLUDED } from "../../convex/lib/privacy/exportPlan";
import { WORKSPACE_RECORDS } from "../../convex/lib/workspaces/erase";

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

/** Whether a validator's JSON holds an id of one of these tables anywhere. */
function namesTable(node: unknown, tables: ReadonlySet<string>): boolean {
  if (Array.isArray(node)) return node.some((n) => namesTable(n, tables));
  if (typeof node !== "object" || node === null) return false;
  const json = node as Json;
  if (json.type === "id" && tables.has(json.tableName ?? "")) return true;
  return Object.values(json).some((n) => namesTable(n, tables));
}

/** A workspace's records: tables naming a workspace or one of its items. */
function workspaceScopedTables(): string[] {
  const owners = new Set(["workspaces", "assets"]);
  return Object.entries(schema.tables)
    .filter(([name, table]) => owners.has(name) || namesTable((table as unknown as { validator: { json: unknown } }).validator.json, owners))
    .map(([name]) => name)
    .sort();
}

describe("workspace export coverage", () => {
  test("every table holding a workspace's records is in its export or deliberately left out, and no list is stale", () => {
    const exported = Object.entries(EXPORT_PLAN).filter(([, ways]) => ways.some((w) => w.scope === "workspace" || w.scope === "child" || w.scope === "self")).map(([t]) => t);
    const listed = new Set([...exported, ...Object.keys(WORKSPACE_EXCLUDED)]);
    expect(workspaceScopedTables().filter((t) => !listed.has(t))).toEqual([]);
    expect(Object.keys(WORKSPACE_EXCLUDED).filter((t) => !workspaceScopedTables().includes(t))).toEqual([]);
    expect(Object.keys(WORKSPACE_EXCLUDED).filter((t) => exported.includes(t))).toEqual([]);
  });
});

describe("workspace deletion coverage", () => {
  test("every table naming a workspace is erased with it or kept for a stated reason, and the list is not stale", () => {
    const workspaces = new Set(["workspaces"]);
    const naming = Object.entries(schema.tables)
      .filter(([name, table]) => name === "workspaces" || namesTable((table as unknown as { validator: { json: unknown } }).validator.json, workspaces))
      .map(([name]) => name)
      .sort();
    const listed = Object.keys(WORKSPACE_RECORDS).sort();
    expect(naming.filter((t) => !listed.includes(t))).toEqual([]);
    expect(listed.filter((t) => !naming.includes(t))).toEqual([]);
    for (const [table, policy] of Object.entries(WORKSPACE_RECORDS)) {
      if ("kept" in policy) expect(policy.kept.length, table).toBeGreaterThan(20);
      if ("with" in policy) expect(Object.keys(WORKSPACE_RECORDS), table).toContain(policy.with);
    }
  });
});

describe("component coverage", () => {
  test("every component convex.config.ts mounts says what it keeps about a user and what erasure does with it", () => {
    const config = readFileSync(new URL("../../convex/convex.config.ts", import.meta.url), "utf8");
    const mounted = [...config.matchAll(/from "@convex-dev\/([a-z-]+)\/convex\.config"/g)].map((m) => m[1]).sort();
    expect(mounted.length).toBeGreaterThan(0);
    expect(Object.keys(COMPONENT_DATA).sort()).toEqual(mounted);
  });
});
