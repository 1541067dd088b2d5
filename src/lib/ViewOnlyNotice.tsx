import { ROLE_LABELS } from "../../convex/lib/workspaces/rules";
import { useWorkspace } from "./useWorkspace";

/** Where a form would be for an editor: why a viewer sees none, and how to get the role that may. */
export function ViewOnlyNotice() {
  const { current } = useWorkspace();
  if (current === null) return null;
  return (
    <p role="status" className="mt-6 rounded-xl bg-slate-100 p-4 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      You are {current.role === "admin" || current.role === "owner" ? "an" : "a"} {ROLE_LABELS[current.role].toLowerCase()} in “{current.name}”:
      you can look at its register but not change it. Ask one of its owners or admins for the editor role.
    </p>
  );
}
