import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { BOOKING_MESSAGES, MAX_FOR_WHOM } from "../../../convex/lib/custody/rules";
import { can } from "../../../convex/lib/workspaces/rules";
import { Button, Form, Input } from "../../ui";
import { CheckOutForm } from "../../lib/custody/CheckOutForm";
import { formatDateTime, fromLocalInput } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";

/** The item's calendar (live): its bookings ahead, booking a window, cancelling, and collecting one as a check-out. */
export function BookingsPanel({ asset }: { asset: AssetDetail }) {
  const bookings = useWorkspaceQuery(api.bookings.forAsset, { assetId: asset._id });
  const { current } = useWorkspace();
  const create = useWorkspaceMutation(api.bookings.create);
  const cancel = useWorkspaceMutation(api.bookings.cancel);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [forWhom, setForWhom] = useState("");
  const [collecting, setCollecting] = useState<Id<"bookings"> | null>(null);
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not book the item." });
  const mayEdit = can(current?.role, "edit");
  if (bookings === undefined) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const startAt = fromLocalInput(from);
    const endAt = fromLocalInput(to);
    if (startAt === undefined || endAt === undefined || endAt <= startAt) return setError(BOOKING_MESSAGES.badWindow);
    await run(async () => {
      await create({ assetId: asset._id, startAt, endAt, forWhom });
      setFrom("");
      setTo("");
      setForWhom("");
      toast.success("Booked");
    });
  }

  return (
    <section aria-labelledby="bookings-title" className="flex flex-col gap-3 text-sm">
      <h2 id="bookings-title" className="font-semibold text-slate-900 dark:text-white">Bookings</h2>
      {bookings.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No bookings ahead.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Bookings ahead">
          {bookings.map((b) => (
            <li key={b._id} className="flex flex-wrap items-center gap-2">
              <span>{formatDateTime(b.startAt)} – {formatDateTime(b.endAt)}: {b.forWhom}</span>
              {mayEdit && b.assetId === asset._id && (
                <>
                  <Button size="sm" variant="outline" onClick={() => setCollecting(b._id)}>Collect</Button>
                  <Button size="sm" variant="ghost" onClick={() => void cancel({ bookingId: b._id }).then(() => toast.success("Booking cancelled"), () => toast.error("Could not cancel the booking"))}>Cancel</Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {collecting !== null && <CheckOutForm assetIds={[asset._id]} bookingId={collecting} onDone={() => setCollecting(null)} />}
      {mayEdit && collecting === null && (
        <Form onSubmit={submit} className="flex flex-col gap-2">
          <Input label="From" type="datetime-local" required value={from} onChange={(e) => setFrom(e.target.value)} />
          <Input label="Until" type="datetime-local" required value={to} onChange={(e) => setTo(e.target.value)} />
          <Input label="For" required maxLength={MAX_FOR_WHOM} placeholder="Class 4B" value={forWhom} error={error} onChange={(e) => setForWhom(e.target.value)} />
          <Button type="submit" size="sm" variant="outline" loading={busy} loadingText="Booking..." className="self-start">Book</Button>
        </Form>
      )}
    </section>
  );
}
