// The orders an asset list can be read in. Its own module because the screens import
// it too: lib/assets/list.ts reaches the server's function builders (through read.ts),
// which a browser cannot load.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";

export const ASSET_SORTS = ["newest", "oldest", "name", "name_desc"] as const;
export const sortValidator = literals(...ASSET_SORTS);
export type AssetSort = Infer<typeof sortValidator>;
