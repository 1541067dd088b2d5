// The custom fields a category has in the current workspace (convex/customFields.ts): the tag
// and edit forms, the detail page and the lists read them through this one hook.
import { api } from "../../convex/_generated/api";
import { categoryKey, type FieldDefinition } from "../../convex/lib/customFields/rules";
import { useWorkspaceQuery } from "./useWorkspace";

/** The live fields of `category` in the current workspace, in order (undefined while loading). */
export function useCategoryFields(category: string | null | undefined): FieldDefinition[] | undefined {
  const defs = useWorkspaceQuery(api.customFields.list, {});
  const key = categoryKey(category ?? "");
  return defs?.filter((d) => !d.removed && key !== "" && categoryKey(d.category) === key);
}
