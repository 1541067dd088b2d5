"use node";
// A "use node" module importing packages installed in the app's node_modules only.
import { actionGeneric } from "convex/server";
import { greeting, where as bundledFrom } from "app-only-pkg";
import { where as externalFrom } from "app-external-pkg";

export const probe = actionGeneric({
  args: {},
  handler: async () => ({ greeting: greeting(), bundledFrom: bundledFrom(), externalFrom: externalFrom() }),
});
