import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { STATUS_LABELS } from "../../../convex/lib/assets/rules";
import { formatLongDate } from "../../lib/format";
import { cn } from "../../ui";

/**
 * /verify/{serial}?cert=...: what an ownership certificate's QR link says, checked by the
 * server's signature: genuine or not, the day it was issued, and whether it is still current.
 */
export function CertificateCheck({ serial, cert }: { serial: string; cert: string }) {
  const check = useQuery(api.verify.certificate, { serial, cert });
  if (check === undefined) return null;
  const ok = check.genuine && check.current;
  return (
    <div
      role="status"
      data-testid="certificate-check"
      className={cn(
        "rounded-2xl border-2 p-4 text-sm sm:text-base",
        ok
          ? "border-emerald-500 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100"
          : "border-amber-400 bg-amber-50 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100",
      )}
    >
      {!check.genuine ? (
        <p className="font-semibold">This certificate is not genuine: it was not issued by TagMyThing, or it was changed.</p>
      ) : (
        <>
          <p className="font-semibold">
            This certificate is genuine, issued on {formatLongDate(check.issuedAt, { utc: true })} with status {STATUS_LABELS[check.status]}.
          </p>
          <p className="mt-1">
            {check.currentStatus === null
              ? "No item holds this serial number any more."
              : check.current
                ? `It is still current: status ${STATUS_LABELS[check.currentStatus]}, same periods of ownership.`
                : `It is out of date: the item's status today is ${STATUS_LABELS[check.currentStatus]}${check.currentStatus === check.status ? " and its ownership has changed since" : ""}.`}
          </p>
        </>
      )}
    </div>
  );
}
