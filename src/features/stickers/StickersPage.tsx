import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { STICKER_BATCH_MAX } from "../../../convex/lib/stickers/rules";
import { Button, Card, Input, PageSpinner, cn } from "../../ui";
import { formatDate, formatNumber, formatTime } from "../../lib/format";
import { useLabelFormat } from "../../lib/labels/useLabelFormat";
import { useSubmit } from "../../lib/useSubmit";
import { BatchSheet } from "./BatchSheet";
import { STICKER_TEXT } from "./stickerText";
import { useWorkspaceQuery, useWorkspaceMutation } from "../../lib/useWorkspace";
import { BusinessWorkspaceGate } from "../../lib/BusinessWorkspaceGate";

function NewBatchForm({ onCreated }: { onCreated: (id: Id<"stickerBatches">) => void }) {
  const [count, setCount] = useState("21");
  const createBatch = useWorkspaceMutation(api.stickers.createBatch);
  const { busy, error, setError, run } = useSubmit({ fallback: "The batch could not be created. Please try again." });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > STICKER_BATCH_MAX) return setError(STICKER_TEXT.countHint);
    await run(async () => onCreated(await createBatch({ count: n })));
  }
  return (
    <form onSubmit={submit} noValidate aria-label={STICKER_TEXT.newBatch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Input label={STICKER_TEXT.countLabel} hint={STICKER_TEXT.countHint} type="number" inputMode="numeric" min={1} max={STICKER_BATCH_MAX}
        value={count} onChange={(e) => setCount(e.target.value)} containerClassName="sm:w-64" error={error ?? undefined} />
      <Button type="submit" loading={busy} loadingText={STICKER_TEXT.creating} className="sm:mb-6">{STICKER_TEXT.create}</Button>
    </form>
  );
}

function BatchList({ selected, onSelect }: { selected: string | null; onSelect: (id: Id<"stickerBatches">) => void }) {
  const batches = useWorkspaceQuery(api.stickers.batches, {});
  if (batches === undefined) return <PageSpinner label="Loading batches..." />;
  if (batches.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{STICKER_TEXT.noBatches}</p>;
  const showCreator = batches.some((b) => b.creator !== null);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-2 sm:pr-3 font-medium">Created</th>
            {showCreator && <th scope="col" className="py-2 pr-2 sm:pr-3 font-medium">Made by</th>}
            <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">Stickers</th>
            <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">Claimed</th>
            <th scope="col" className="py-2"><span className="sr-only">Sheet</span></th>
          </tr>
        </thead>
        <tbody>
          {batches.map((b) => (
            <tr key={b._id} className={cn("border-t border-slate-200 dark:border-slate-800", selected === b._id && "bg-indigo-50 dark:bg-indigo-950")}>
              <td className="py-2 pr-2 sm:pr-3">
                <span className="block whitespace-nowrap">{formatDate(b.createdAt)}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">{formatTime(b.createdAt)}</span>
              </td>
              {showCreator && <td className="max-w-48 truncate py-2 pr-2 sm:pr-3">{b.creator ?? "You"}</td>}
              <td className="py-2 pr-2 sm:pr-3 text-right tabular-nums">{formatNumber(b.count)}</td>
              <td className="py-2 pr-2 sm:pr-3 text-right tabular-nums" data-testid="batch-claimed">{formatNumber(b.claimed)}</td>
              <td className="py-2 text-right">
                <Button size="sm" variant="outline" onClick={() => onSelect(b._id)} aria-pressed={selected === b._id} aria-label={STICKER_TEXT.printSheet}>
                  <span className="sm:hidden">Sheet</span>
                  <span className="hidden sm:inline">{STICKER_TEXT.printSheet}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /stickers: make batches of claimable QR stickers and print their label sheets. */
export default function StickersPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get("batch");
  const [formatId, setFormat] = useLabelFormat();
  const update = (patch: Record<string, string>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [key, value] of Object.entries(patch)) next.set(key, value);
      return next;
    }, { replace: true });
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{STICKER_TEXT.title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{STICKER_TEXT.intro}</p>
      </div>
      <BusinessWorkspaceGate>
        <Card title={STICKER_TEXT.newBatch}>
          <NewBatchForm onCreated={(id) => update({ batch: id })} />
        </Card>
        <Card title={STICKER_TEXT.batches}>
          <BatchList selected={selected} onSelect={(id) => update({ batch: id })} />
        </Card>
        {selected !== null && (
          <Card title="Label sheet">
            <BatchSheet key={selected} batchId={selected} formatId={formatId} onFormatChange={setFormat} />
          </Card>
        )}
      </BusinessWorkspaceGate>
    </section>
  );
}
