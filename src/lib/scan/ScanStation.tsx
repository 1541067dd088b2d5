import { useConvex, useConvexAuth, useMutation } from "convex/react";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_SCANNED_CODE } from "../../../convex/lib/scan/codes";
import { STICKER_MESSAGES } from "../../../convex/lib/stickers/rules";
import { Scanner, type ScannerProps } from "../../ui/Scanner";
import { errorMessage } from "../errors";
import { useWorkspace, useWorkspaceMutation } from "../useWorkspace";
import { ScanBasket } from "./ScanBasket";
import { SCAN_TEXT, scanStep, verifyPath, type ScanMode, type ScannedAsset } from "./scanSteps";

/** One line of the scan log: what a scan did, and whether it did what was asked. */
type Outcome = { id: number; say: string; ok: boolean };
const LOG_MAX = 8;
const LOOKUP_FAILED = "Could not look the code up. Check your connection and scan again.";

type ScanStationProps = {
  /** What scans do; ignored with `onAsset`. */
  mode?: ScanMode;
  /**
   * A feature's own use of a scanned item of the current workspace (an audit ticks it):
   * returns the line to announce, or throws (its message is announced as a miss).
   */
  onAsset?: (asset: ScannedAsset) => Promise<string> | string;
} & Pick<ScannerProps, "loadDecoder" | "source">;

/**
 * The scanner as the app uses it: each code is looked up for the caller and acted on by
 * mode (see scanSteps.ts); every result is announced in a live region and kept in a short log.
 */
export function ScanStation({ mode = "open", onAsset, loadDecoder, source }: ScanStationProps) {
  const convex = useConvex();
  const navigate = useNavigate();
  const { isAuthenticated } = useConvexAuth();
  const { workspaceId } = useWorkspace();
  const checkIn = useWorkspaceMutation(api.custody.checkIn);
  const checkSticker = useMutation(api.stickers.check);
  const [log, setLog] = useState<Outcome[]>([]);
  const [basket, setBasket] = useState<ScannedAsset[]>([]);

  const say = useCallback((text: string, ok: boolean) => {
    setLog((previous) => [{ id: (previous[0]?.id ?? 0) + 1, say: text, ok }, ...previous].slice(0, LOG_MAX));
    return ok;
  }, []);

  const onCode = useCallback(
    async (text: string): Promise<boolean> => {
      let resolution;
      try {
        resolution = await convex.query(api.scan.resolve, { code: text.slice(0, MAX_SCANNED_CODE) });
      } catch {
        return say(LOOKUP_FAILED, false);
      }
      const basketIds = new Set(basket.map((a) => a.assetId));
      const step = scanStep(resolution, onAsset ? "custom" : mode, { signedIn: isAuthenticated, workspaceId, basket: basketIds });
      try {
        switch (step.do) {
          case "navigate":
            say(step.say, true);
            void navigate(step.to);
            return true;
          case "tell":
            return say(step.say, false);
          case "add":
            setBasket((previous) => (previous.some((a) => a.assetId === step.asset.assetId) ? previous : [...previous, step.asset]));
            return say(SCAN_TEXT.added(step.asset.name), true);
          case "checkIn":
            await checkIn({ assetIds: [step.asset.assetId as Id<"assets">] });
            return say(SCAN_TEXT.checkedIn(step.asset.name), true);
          case "handle":
            return say(await onAsset!(step.asset), true);
          case "sticker": {
            const state = await checkSticker({ code: step.code });
            if (state === "rateLimited") return say(STICKER_MESSAGES.tooManyGuesses, false);
            void navigate(state === "unclaimed" ? `/tag?claim=${encodeURIComponent(step.code)}` : verifyPath(step.code));
            return say(SCAN_TEXT.opening(step.code), true);
          }
        }
      } catch (error) {
        return say(errorMessage(error, error instanceof Error && onAsset ? error.message : LOOKUP_FAILED), false);
      }
    },
    [convex, basket, onAsset, mode, isAuthenticated, workspaceId, say, navigate, checkIn, checkSticker],
  );

  const latest = log[0];
  return (
    <div className="flex flex-col gap-4">
      <Scanner onCode={onCode} loadDecoder={loadDecoder} source={source} maxLength={MAX_SCANNED_CODE}>
        {/* Always in the page, so each new result is read out as it replaces the last. */}
        <p role="status" aria-live="polite" data-testid="scan-result" className={latest ? (latest.ok ? "font-semibold text-emerald-700 dark:text-emerald-300" : "font-semibold text-amber-800 dark:text-amber-200") : "sr-only"}>
          {latest?.say ?? ""}
        </p>
      </Scanner>
      {mode === "checkOut" && !onAsset && <ScanBasket items={basket} onChange={setBasket} />}
      {log.length > 1 && (
        <section aria-labelledby="scan-log-title">
          <h2 id="scan-log-title" className="text-sm font-semibold text-slate-700 dark:text-slate-200">Recent scans</h2>
          <ol className="mt-1 flex flex-col gap-1 text-sm text-slate-600 dark:text-slate-300">
            {log.slice(1).map((line) => (
              <li key={line.id}>
                <span aria-hidden="true">{line.ok ? "✓" : "✕"}</span> {line.say}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
