import { Link } from "react-router";
import { buttonClasses } from "../../ui";
import { labelFormat } from "../../lib/labels/formats";
import { VERIFY_CAPTION, verifyUrl } from "../../lib/labels/label";
import { LabelView } from "../../lib/labels/LabelView";

// The preview is the 62 mm roll label: the size most people print one label on.
const PREVIEW = labelFormat("roll-62mm").label;

/** The asset's label as it prints, and the way to print or download it in any label stock. */
export function QrLabel({ assetId, serial, name }: { assetId: string; serial: string; name: string }) {
  const label = { serial, name, caption: VERIFY_CAPTION, url: verifyUrl(serial) };
  return (
    <section aria-labelledby="label-title" className="flex flex-col gap-3">
      <h2 id="label-title" className="font-semibold text-slate-900 dark:text-white">Verification label</h2>
      <div data-testid="asset-label" className="relative rounded-md bg-white ring-1 ring-slate-300" style={{ width: `${PREVIEW.width}mm`, height: `${PREVIEW.height}mm`, maxWidth: "100%" }}>
        <LabelView label={label} box={PREVIEW} />
      </div>
      <Link to={`/labels?ids=${encodeURIComponent(assetId)}`} className={buttonClasses("outline", "sm") + " self-start"}>
        Print or download label
      </Link>
    </section>
  );
}
