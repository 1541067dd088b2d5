import { useConvexAuth } from "convex/react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { can } from "../../../convex/lib/workspaces/rules";
import { RadioCards } from "../../ui";
import { ScanStation } from "../../lib/scan/ScanStation";
import { SCAN_MODES, type ScanMode } from "../../lib/scan/scanSteps";
import { useDocumentMeta } from "../../lib/useDocumentMeta";
import { useWorkspace } from "../../lib/useWorkspace";

const MODE_PARAM = "mode";
// On a phone the three fit one row, the camera stays in view: descriptions from 640 px up.
const described = (text: string) => <span className="hidden sm:inline">{text}</span>;
const MODE_OPTIONS = [
  { value: "open", label: "Look up", description: described("Open each item or location; verify anyone else's") },
  { value: "checkIn", label: "Check in", description: described("Each item scanned comes back") },
  { value: "checkOut", label: "Check out", description: described("Gather items, then lend them together") },
] satisfies { value: ScanMode; label: string; description: ReactNode }[];

const isMode = (value: string | null): value is ScanMode => SCAN_MODES.includes(value as ScanMode);

/**
 * /scan: the phone's camera on TagMyThing labels. `?mode=checkIn` returns each item scanned,
 * `?mode=checkOut` gathers items to lend; without a mode (and for visitors) a scan opens what
 * it names as the scanner is allowed to see it.
 */
export default function ScanPage() {
  useDocumentMeta("Scan", "Scan TagMyThing labels with your phone's camera.");
  const { isAuthenticated } = useConvexAuth();
  const { current } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const mayLend = isAuthenticated && can(current?.role, "edit");
  const wanted = params.get(MODE_PARAM);
  const mode: ScanMode = mayLend && isMode(wanted) ? wanted : "open";
  const choose = (next: ScanMode) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === "open") updated.delete(MODE_PARAM);
      else updated.set(MODE_PARAM, next);
      return updated;
    }, { replace: true });
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Scan</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Scan item labels, stickers and location labels, one after another.</p>
      </div>
      {mayLend && <RadioCards label="What a scan does" value={mode} options={MODE_OPTIONS} onChange={choose} className="grid grid-cols-3 gap-2" />}
      <ScanStation mode={mode} />
    </section>
  );
}
