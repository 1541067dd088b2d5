import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { Button, buttonClasses, Card, ConfirmModal, PageSpinner } from "../../ui";
import { DetailFields } from "./DetailFields";
import { DocumentGroups } from "./DocumentGroups";
import { MaintenancePanel } from "./upkeep/MaintenancePanel";
import { MAINTAINED_KINDS } from "../../../convex/lib/upkeep/rules";
import { HistoryList } from "./HistoryList";
import { StatusPanel } from "./StatusPanel";
import { TransferPanel } from "./TransferPanel";
import { CustodyPanel } from "./CustodyPanel";
import { PlacePanel } from "./PlacePanel";
import { BookingsPanel } from "./BookingsPanel";
import { WillBeneficiaries } from "./WillBeneficiaries";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { useSubmit } from "../../lib/useSubmit";
import { PresenceBar } from "../../lib/PresenceBar";
import { labelFormat } from "../../lib/labels/formats";
import { useMayEdit, useWorkspaceQuery, useWorkspaceMutation } from "../../lib/useWorkspace";
import { formatDateTime } from "../../lib/format";

// The label preview brings the QR encoder; it loads after the page, in a box of its final size.
const QrLabel = lazy(() => import("./QrLabel").then((m) => ({ default: m.QrLabel })));
// The label's outline at its printed size while the QR code's module loads, so the card keeps its shape.
const PREVIEW = labelFormat("roll-62mm").label;
function QrLabelLoading() {
  return (
    <section aria-labelledby="label-title" aria-busy="true" className="flex flex-col gap-3">
      <h2 id="label-title" className="font-semibold text-slate-900 dark:text-white">Verification label</h2>
      <div className="flex items-center justify-center rounded-md bg-white text-xs text-slate-500 ring-1 ring-slate-300"
        style={{ width: `${PREVIEW.width}mm`, height: `${PREVIEW.height}mm`, maxWidth: "100%" }}>
        Loading label...
      </div>
    </section>
  );
}

function Files({ asset }: { asset: AssetDetail }) {
  const mayEdit = useMayEdit();
  const photos = asset.files.filter((f) => f.kind === "photo" && f.url);
  // No empty frame: one line and a way to add the first photo.
  if (asset.files.length === 0) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
        No photos or documents yet.
        {mayEdit && <Link to={`/assets/${asset._id}/edit`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">+ Add a photo</Link>}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {photos.length > 0 && (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {photos.map((p, index) => (
            <a key={p.storageId} href={p.url!} target="_blank" rel="noreferrer" className="relative block aspect-square overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
              <img src={p.url!} alt={p.name} className="h-full w-full object-cover" />
              {/* The first photo is the cover the cards, the verify page and the API show. */}
              {index === 0 && photos.length > 1 && (
                <span className="absolute left-1 top-1 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">Cover</span>
              )}
            </a>
          ))}
        </div>
      )}
      <DocumentGroups asset={asset} />
    </div>
  );
}

function DeleteButton({ asset }: { asset: AssetDetail }) {
  const [open, setOpen] = useState(false);
  const { busy, run } = useSubmit({ fallback: "Could not delete the asset.", show: "toast" });
  const remove = useWorkspaceMutation(api.assets.remove);
  const navigate = useNavigate();
  async function confirm() {
    await run(async () => {
      await remove({ assetId: asset._id });
      toast.success("Asset deleted");
      navigate("/assets", { replace: true });
    });
  }
  return (
    <>
      <Button variant="ghost" size="sm" className="text-red-600 dark:text-red-400" onClick={() => setOpen(true)}>Delete</Button>
      <ConfirmModal open={open} onOpenChange={setOpen} title="Delete this asset?" confirmLabel="Delete asset" busy={busy} onConfirm={() => void confirm()}
        description={`${asset.name} (${asset.serial}) and its files will be removed. The serial number is never reused; tokens are not refunded.`} />
    </>
  );
}

/** A missing asset, or one that left the viewer: which, and nothing about who has it now. */
function NotYours({ handedOverAt }: { handedOverAt: number | null }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        {handedOverAt === null ? "Asset not found" : "This item now belongs to someone else"}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {handedOverAt === null
          ? "It may have been deleted or transferred to someone else."
          : `Its transfer was accepted on ${formatDateTime(handedOverAt)}. It is no longer in your assets.`}
      </p>
      <Link to="/assets" className={buttonClasses("primary", "md", "mt-6")}>Back to my assets</Link>
    </section>
  );
}

/** /assets/:assetId: the owner's full view of one asset. */
export default function AssetDetailPage() {
  const { assetId = "" } = useParams();
  const asset = useWorkspaceQuery(api.assets.get, { assetId });
  // Subscribed beside the asset, so the moment a buyer accepts both answers change together.
  const handedOver = useWorkspaceQuery(api.transfers.handedOver, { assetId });
  const location = useLocation();
  const mayEdit = useMayEdit();
  const taggedSerial = (location.state as { taggedSerial?: string } | null)?.taggedSerial;
  if (asset === undefined || (asset === null && handedOver === undefined)) return <PageSpinner label="Loading asset..." />;
  if (asset === null) return <NotYours handedOverAt={handedOver?.at ?? null} />;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/assets" className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">← My assets</Link>
      {taggedSerial === asset.serial && (
        <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          Tagged! Your serial number is <strong className="font-mono">{asset.serial}</strong>. Print the label and stick it on the item.
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{asset.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span className="font-mono" data-testid="asset-serial">{asset.serial}</span>
            <AssetStatusBadge status={asset.status} />
          </p>
          <PresenceBar page={{ assetId: asset._id }} className="mt-2" />
        </div>
        {/* A viewer reads the register; the server refuses their writes too. */}
        {mayEdit && (
          <div className="flex gap-2">
            <Link to={`/assets/${asset._id}/edit`} className={buttonClasses("outline", "sm")}>Edit</Link>
            <DeleteButton asset={asset} />
          </div>
        )}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title="Photos and documents"><Files asset={asset} /></Card>
          <Card title="Details"><DetailFields asset={asset} /></Card>
          {MAINTAINED_KINDS.includes(asset.kind) && <Card><MaintenancePanel asset={asset} /></Card>}
          {asset.kind === "will" && <Card title="Beneficiaries" description="Who receives it, from your next of kin."><WillBeneficiaries asset={asset} /></Card>}
          <Card><HistoryList asset={asset} /></Card>
        </div>
        {/* Status first on phones: an owner of a lost item comes here for it. */}
        <div className="order-first flex min-w-0 flex-col gap-6 lg:order-last">
          <Card><StatusPanel asset={asset} /></Card>
          <Card><CustodyPanel asset={asset} /></Card>
          <Card><BookingsPanel asset={asset} /></Card>
          <Card><PlacePanel asset={asset} /></Card>
          <Card>
            <Suspense fallback={<QrLabelLoading />}>
              <QrLabel assetId={asset._id} serial={asset.serial} name={asset.name} />
            </Suspense>
          </Card>
          {mayEdit && <Card><TransferPanel asset={asset} /></Card>}
        </div>
      </div>
    </section>
  );
}
