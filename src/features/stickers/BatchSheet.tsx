import { useMemo, useState } from "react";
import { api } from "../../../convex/_generated/api";
import { PageSpinner } from "../../ui";
import { formatNumber } from "../../lib/format";
import { CLAIM_CAPTION, verifyUrl } from "../../lib/labels/label";
import { LabelPrintPanel } from "../../lib/labels/LabelPrintPanel";
import { STICKER_TEXT } from "./stickerText";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

type Props = { batchId: string; formatId: string; onFormatChange: (id: string) => void };

/** One batch's label sheet: every code (or the ones still unclaimed), in any label stock. */
export function BatchSheet({ batchId, formatId, onFormatChange }: Props) {
  const sheet = useWorkspaceQuery(api.stickers.batchCodes, { batchId });
  const [unclaimedOnly, setUnclaimedOnly] = useState(true);
  const labels = useMemo(
    () =>
      (sheet?.codes ?? [])
        .filter((c) => !(unclaimedOnly && c.claimed))
        .map((c) => ({ serial: c.code, name: STICKER_TEXT.labelName, caption: CLAIM_CAPTION, url: verifyUrl(c.code) })),
    [sheet, unclaimedOnly],
  );
  if (sheet === undefined) return <PageSpinner label="Loading codes..." />;
  if (sheet === null) return <p role="alert" className="text-red-600 dark:text-red-400">{STICKER_TEXT.batchMissing}</p>;
  if (sheet.codes.length < sheet.count) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        Making codes: {formatNumber(sheet.codes.length)} of {formatNumber(sheet.count)}...
      </p>
    );
  }
  const claimed = sheet.codes.filter((c) => c.claimed).length;
  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input type="checkbox" checked={unclaimedOnly} onChange={(e) => setUnclaimedOnly(e.target.checked)} className="h-4 w-4" />
        Only codes not claimed yet ({formatNumber(sheet.codes.length - claimed)} of {formatNumber(sheet.codes.length)})
      </label>
      <LabelPrintPanel labels={labels} formatId={formatId} onFormatChange={onFormatChange} fileName="stickers" />
    </div>
  );
}
