import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { can } from "../../../convex/lib/workspaces/rules";
import { Button, Card, PageSpinner, buttonClasses } from "../../ui";
import { labelFormat } from "../../lib/labels/formats";
import { LOCATION_CAPTION, locationUrl } from "../../lib/labels/label";
import { LabelView } from "../../lib/labels/LabelView";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";
import { NewLocationForm } from "./NewLocationForm";

const PREVIEW = labelFormat("roll-62mm").label;

/** /locations/:locationId (what its label opens): where it sits, what is in it, its label. */
export default function LocationPage() {
  const { locationId = "" } = useParams();
  const { current, workspaceId } = useWorkspace();
  const page = useWorkspaceQuery(api.locations.contents, { locationId });
  const remove = useWorkspaceMutation(api.locations.remove);
  const removing = useSubmit({ fallback: "Could not delete the location.", show: "toast" });
  const navigate = useNavigate();
  if (page === undefined) return <PageSpinner label="Loading location..." />;
  if (page === null) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Location not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">It may have been deleted, or it belongs to a workspace you are not in.</p>
        <Link to="/locations" className={buttonClasses("primary", "md", "mt-6")}>All locations</Link>
      </section>
    );
  }
  const { location, trail, children, items, more } = page;
  const mayEdit = can(current?.role, "edit");
  const label = { serial: location.name, name: location.path, caption: LOCATION_CAPTION, url: locationUrl(location._id, workspaceId ?? "") };
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/locations" className="text-indigo-600 hover:underline dark:text-indigo-400">Locations</Link>
        {trail.map((t) => (
          <span key={t._id}> / <Link to={`/locations/${t._id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">{t.name}</Link></span>
        ))}
      </nav>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{location.name}</h1>
        {can(current?.role, "audit") && <Link to={`/audits?location=${location._id}`} className={buttonClasses("outline")}>Audit this location</Link>}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title={`Items here (${items.length}${more ? "+" : ""})`}>
            {items.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">Nothing here yet. Move items in from their page or from a selection in My assets.</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Items here">
                {items.map((i) => (
                  <li key={i._id} className="flex flex-wrap items-center gap-2">
                    <Link to={`/assets/${i._id}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{i.name}</Link>
                    <span className="font-mono text-xs">{i.serial}</span>
                    <AssetStatusBadge status={i.status} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Inside">
            {children.length > 0 && (
              <ul className="mb-4 flex flex-col gap-1" aria-label="Locations inside">
                {children.map((c) => <li key={c._id}><Link to={`/locations/${c._id}`} className="text-indigo-700 hover:underline dark:text-indigo-300">{c.name}</Link></li>)}
              </ul>
            )}
            {mayEdit ? <NewLocationForm parentId={location._id} /> : children.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No locations inside.</p>}
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card title="Label">
            <div data-testid="location-label" className="relative rounded-md bg-white ring-1 ring-slate-300" style={{ width: `${PREVIEW.width}mm`, height: `${PREVIEW.height}mm`, maxWidth: "100%" }}>
              <LabelView label={label} box={PREVIEW} />
            </div>
            <Button size="sm" variant="outline" className="mt-3" onClick={() => window.print()}>Print label</Button>
          </Card>
          {mayEdit && items.length === 0 && children.length === 0 && (
            <Button variant="ghost" size="sm" className="self-start text-red-600 dark:text-red-400" loading={removing.busy}
              onClick={() => void removing.run(async () => {
                await remove({ locationId: location._id });
                toast.success("Location deleted");
                navigate("/locations", { replace: true });
              })}>
              Delete location
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
