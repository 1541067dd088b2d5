// The assets table read as a convex-helpers stream: an index page that holds at most the
// rows it asked for when its query re-runs (Convex's own paginate keeps a re-run page's
// end, so rows added meanwhile would grow it without bound), and filters that top a page
// up within a read budget. The stream needs the table's index fields, from its definition.
import { stream } from "convex-helpers/server/stream";
import { defineSchema, type DataModelFromSchemaDefinition, type GenericDatabaseReader } from "convex/server";
import type { QueryCtx } from "../../_generated/server";
import { assetTables } from "./schema";

const assetsSchema = defineSchema({ assets: assetTables.assets });

export function assetStream(db: QueryCtx["db"]) {
  return stream(db as unknown as GenericDatabaseReader<DataModelFromSchemaDefinition<typeof assetsSchema>>, assetsSchema).query("assets");
}
