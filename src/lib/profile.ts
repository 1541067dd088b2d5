import type { FunctionReturnType } from "convex/server";
import type { api } from "../../convex/_generated/api";

/** The signed-in user's profile as `api.users.me` returns it. */
export type Profile = NonNullable<FunctionReturnType<typeof api.users.me>>;
