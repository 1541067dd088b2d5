import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { PATH_SEPARATOR } from "../../../convex/lib/locations/rules";
import { can } from "../../../convex/lib/workspaces/rules";
import { Card, PageSpinner } from "../../ui";
import { useWorkspace, useWorkspaceQuery } from "../../lib/useWorkspace";
import { NewLocationForm } from "./NewLocationForm";

/** /locations: the workspace's places as a tree (site → room → shelf), each opening its page. */
export default function LocationsPage() {
  const { current } = useWorkspace();
  const locations = useWorkspaceQuery(api.locations.all, {});
  if (locations === undefined) return <PageSpinner label="Loading locations..." />;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/assets" className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">← My assets</Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Locations</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Where things are. Each location has a label: scanning it opens what is in it.</p>
      {can(current?.role, "edit") && <Card className="mt-6"><NewLocationForm /></Card>}
      {locations.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No locations yet. Add one above, or type a location into an item: it becomes one.
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-1" aria-label="Locations">
          {locations.map((l) => (
            <li key={l._id} style={{ paddingLeft: `${(l.path.split(PATH_SEPARATOR).length - 1) * 1.25}rem` }}>
              <Link to={`/locations/${l._id}`} className="text-indigo-700 hover:underline dark:text-indigo-300">{l.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
