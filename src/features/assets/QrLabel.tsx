import { QRCodeSVG } from "qrcode.react";
import { PRODUCT_NAME } from "../../../convex/lib/constants";
import { Button } from "../../ui";
import { verifyUrl } from "./assetFormat";

// While printing, only the label shows (the page chrome is hidden).
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #asset-label, #asset-label * { visibility: visible !important; }
  #asset-label { position: fixed; left: 0; top: 0; border: 1px solid #000; }
}`;

/** QR code of the verify URL on a printable label. */
export function QrLabel({ serial, name }: { serial: string; name: string }) {
  const url = verifyUrl(serial);
  return (
    <section aria-labelledby="label-title" className="flex flex-col gap-3">
      <style>{PRINT_CSS}</style>
      <h2 id="label-title" className="font-semibold text-slate-900 dark:text-white">Verification label</h2>
      <div id="asset-label" data-testid="asset-label" className="flex w-full max-w-sm items-center gap-3 rounded-xl border border-slate-300 bg-white p-3 text-slate-900">
        <QRCodeSVG value={url} size={96} marginSize={1} title={`QR code for ${url}`} className="shrink-0" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-[10px] font-semibold uppercase tracking-wide">{PRODUCT_NAME} · Scan to verify</span>
          <span className="truncate text-sm">{name}</span>
          <span className="font-mono text-base font-bold">{serial}</span>
          <span className="break-all text-[10px] text-slate-600">{url}</span>
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={() => window.print()}>Print label</Button>
    </section>
  );
}
