import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { TOKEN_LINKS, tokenPath } from "../../../convex/lib/tokenLinks";
import { Card, PageSpinner } from "../../ui";
import { INVALID_LINK } from "./legacyFormat";
import { formatDate } from "../../lib/format";

type LegacyAsset = NonNullable<FunctionReturnType<typeof api.legacyLinks.view>>["assets"][number];

function AssetDetails({ asset }: { asset: LegacyAsset }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="font-mono text-sm text-slate-500">{asset.serial}</p>
      {asset.share !== null && <p className="font-semibold">Your share: {asset.share}%</p>}
      {asset.description && <p>{asset.description}</p>}
      {asset.personalInstructions && (
        <div><h3 className="font-semibold">Instructions for you</h3><p className="whitespace-pre-line">{asset.personalInstructions}</p></div>
      )}
      {asset.instructions && (
        <div><h3 className="font-semibold">Instructions</h3><p className="whitespace-pre-line">{asset.instructions}</p></div>
      )}
      {asset.photos.length > 0 && (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {asset.photos.map((p) => p.url && <img key={p.url} src={p.url} alt={p.name} className="aspect-square w-full rounded-lg object-cover" />)}
        </div>
      )}
      {asset.documents.length > 0 && (
        <ul className="list-inside list-disc">
          {asset.documents.map((d) => d.url && <li key={d.url}><a href={d.url} target="_blank" rel="noreferrer" className="text-indigo-600 hover:underline dark:text-indigo-400">{d.name}</a></li>)}
        </ul>
      )}
    </div>
  );
}

/** /legacy/:token(/:assetId): a beneficiary's read-only view of the will assets left to them, and nothing else. */
export default function LegacyViewPage() {
  const { token = "", assetId } = useParams();
  const view = useQuery(api.legacyLinks.view, { token, assetId });
  const recordOpen = useMutation(api.legacyLinks.recordOpen);
  const valid = view !== undefined && view !== null;
  useEffect(() => {
    if (valid) recordOpen({ token }).catch(() => undefined);
  }, [valid, token, recordOpen]);
  if (view === undefined) return <PageSpinner label="Opening..." />;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {view === null ? (
        <Card title="Legacy" titleAs="h1"><p role="alert" className="text-red-600 dark:text-red-400">{INVALID_LINK}</p></Card>
      ) : (
        <div className="flex flex-col gap-6">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{assetId ? view.assets[0].name : `Left to you by ${view.ownerName}`}</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              For {view.contactName}. This private link works until {formatDate(view.expiresAt)}.
            </p>
          </div>
          {assetId ? (
            <Card>
              <AssetDetails asset={view.assets[0]} />
              <Link to={tokenPath(TOKEN_LINKS.legacyGrant.path, { token })} className="mt-6 inline-block text-sm text-indigo-600 hover:underline dark:text-indigo-400">← All items</Link>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {view.assets.map((a) => (
                <li key={a._id}>
                  <Link to={tokenPath(TOKEN_LINKS.legacyGrantAsset.path, { token, assetId: a._id })} className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-400 dark:border-slate-800 dark:bg-slate-900">
                    {a.photos[0]?.url && <img src={a.photos[0].url} alt="" className="mb-3 aspect-video w-full rounded-lg object-cover" />}
                    <p className="font-semibold">{a.name}</p>
                    <p className="font-mono text-xs text-slate-500">{a.serial}</p>
                    {a.share !== null && <p className="mt-1 text-sm">Your share: {a.share}%</p>}
                  </Link>
                </li>
              ))}
              {view.assets.length === 0 && <li className="text-slate-600">Nothing is assigned to you any more.</li>}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
