import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Id } from "../../convex/_generated/dataModel";
import { WORKSPACE_KIND_LABELS } from "../../convex/lib/workspaces/rules";
import { WORKSPACE_PARAM, useWorkspace } from "../lib/useWorkspace";
import { cn } from "../ui/cn";

/**
 * The header's workspace switcher: which register every screen shows and writes to. The
 * current workspace is kept in the URL (`?w=`), added here when a link left it out, so an
 * address always says which register it shows.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { workspaces, current, select } = useWorkspace();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const missing = current !== null && params.get(WORKSPACE_PARAM) !== current._id;
  // Sign-in pages move on by themselves (to the page that sent the visitor there): adding the
  // parameter there would navigate back to them after they left, and lose where they were going.
  const onAuthPage = location.pathname.startsWith("/auth");
  useEffect(() => {
    if (!missing || current === null || onAuthPage) return;
    const next = new URLSearchParams(location.search);
    next.set(WORKSPACE_PARAM, current._id);
    void navigate({ pathname: location.pathname, search: `?${next}`, hash: location.hash }, { replace: true, state: location.state });
  }, [missing, current, onAuthPage, location, navigate]);
  if (workspaces === undefined || current === null) return null;
  return (
    <label className={cn("flex min-w-0 items-center gap-1.5", className)}>
      <span className="sr-only">Workspace</span>
      <select
        value={current._id}
        onChange={(e) => select(e.target.value as Id<"workspaces">)}
        className="h-9 max-w-[11rem] truncate rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {workspaces.map((w) => (
          <option key={w._id} value={w._id}>
            {w.kind === "personal" ? WORKSPACE_KIND_LABELS.personal : `${w.name} (${WORKSPACE_KIND_LABELS[w.kind]})`}
          </option>
        ))}
      </select>
    </label>
  );
}
