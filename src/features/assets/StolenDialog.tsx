import { useState } from "react";
import { cleanStolenDetails, STOLEN_LIMITS, stolenDetailsErrors, type StolenDetails, type StolenErrors } from "../../../convex/lib/verify/stolenRules";
import { ConfirmModal, Input } from "../../ui";

/** "2026-11-26" for a moment, in the user's own time zone (what a date field shows). */
function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * Confirms marking an asset stolen and takes when (today unless changed) and where it was
 * stolen, and the police report number if there is one; the server checks them the same way.
 */
export function StolenDialog({
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: (details: StolenDetails) => void;
}) {
  const [today] = useState(() => dayOf(Date.now()));
  const [day, setDay] = useState(today);
  const [place, setPlace] = useState("");
  const [policeReport, setPoliceReport] = useState("");
  const [errors, setErrors] = useState<StolenErrors>({});

  function confirm() {
    // Midnight of the chosen day where the owner is: the day they meant, whatever the time zone.
    const stolenAt = day === "" ? Number.NaN : new Date(`${day}T00:00`).getTime();
    const details = cleanStolenDetails({ stolenAt, place, policeReport });
    const found = stolenDetailsErrors(details, Date.now());
    setErrors(found);
    if (Object.keys(found).length === 0) onConfirm(details);
  }

  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      title="Mark as stolen?"
      description="Anyone who checks this serial will be warned not to buy it and will see the day you reported it. When, where and the police report number are for you and your workspace only."
      confirmLabel="Mark as stolen"
      busy={busy}
      busyLabel="Marking..."
      onConfirm={confirm}
    >
      <div className="flex flex-col gap-3">
        <Input label="When was it stolen?" required type="date" max={today} value={day} onChange={(e) => setDay(e.target.value)} error={errors.stolenAt} />
        <Input
          label="Where was it stolen?"
          required
          value={place}
          onChange={(e) => setPlace(e.target.value)}
          error={errors.place}
          maxLength={STOLEN_LIMITS.place}
          placeholder="Outside the station, Mill Road, Cambridge"
        />
        <Input
          label="Police report number"
          value={policeReport}
          onChange={(e) => setPoliceReport(e.target.value)}
          error={errors.policeReport}
          maxLength={STOLEN_LIMITS.policeReport}
          hint="Optional: the crime reference the police gave you."
          autoComplete="off"
        />
      </div>
    </ConfirmModal>
  );
}
