// Custom values' rows read as a convex-helpers stream (as lib/assets/stream.ts reads assets):
// a page joined to its items keeps to its size when it re-runs, and skips rows within a read budget.
import { stream } from "convex-helpers/server/stream";
import { defineSchema, type DataModelFromSchemaDefinition, type GenericDatabaseReader } from "convex/server";
import type { QueryCtx } from "../../_generated/server";
import { customFieldTables } from "./schema";

const valuesSchema = defineSchema({ customFieldValues: customFieldTables.customFieldValues });

export function valueRows(db: QueryCtx["db"]) {
  return stream(db as unknown as GenericDatabaseReader<DataModelFromSchemaDefinition<typeof valuesSchema>>, valuesSchema).query("customFieldValues");
}
