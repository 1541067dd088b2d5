import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { CUSTODY_MESSAGES, MAX_BORROWER_NAME, MAX_CONDITION } from "../../../convex/lib/custody/rules";
import { Button, Form, Input, Select, Textarea } from "../../ui";
import { fromLocalInput, toLocalInput } from "../format";
import { useSubmit } from "../useSubmit";
import { useWorkspaceMutation, useWorkspaceQuery } from "../useWorkspace";
import { BorrowerLink } from "./BorrowerLink";

const WEEK_MS = 7 * 24 * 3_600_000;

/**
 * Check items out (one, a selection or a kit) to a member or an outside person, with a due
 * date and the condition they leave in. Shows the borrower's acceptance link once.
 */
export function CheckOutForm({ assetIds, bookingId, onDone, onCheckedOut }: {
  assetIds: Id<"assets">[];
  bookingId?: Id<"bookings">;
  onDone?: () => void;
  /** The items went out (the link is now on screen, until Done). */
  onCheckedOut?: () => void;
}) {
  const checkOut = useWorkspaceMutation(api.custody.checkOut);
  const members = useWorkspaceQuery(api.workspaceMembers.list, {});
  const [who, setWho] = useState<string>("outside");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [due, setDue] = useState(() => toLocalInput(Date.now() + WEEK_MS));
  const [notes, setNotes] = useState("");
  const [link, setLink] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not check the items out." });

  if (link !== null) return <BorrowerLink link={link} onDone={onDone} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const dueAt = fromLocalInput(due);
    if (dueAt === undefined || dueAt <= Date.now()) return setError(CUSTODY_MESSAGES.dueInPast);
    if (who === "outside" && name.trim() === "") return setError(CUSTODY_MESSAGES.nameRequired);
    const borrower =
      who === "outside"
        ? { kind: "outside" as const, name, email: email.trim() || undefined, phone: phone.trim() || undefined }
        : { kind: "member" as const, userId: who as Id<"users"> };
    await run(async () => {
      const result = await checkOut({ assetIds, borrower, dueAt, notes: notes.trim() || undefined, bookingId });
      toast.success(assetIds.length === 1 ? "Checked out" : "Items checked out");
      setLink(result.link);
      onCheckedOut?.();
    });
  }

  return (
    <Form onSubmit={submit} className="flex flex-col gap-3">
      <Select label="Borrower" value={who} onChange={(e) => setWho(e.target.value)}>
        <option value="outside">Someone outside the workspace</option>
        {(members ?? []).map((m) => <option key={m.userId} value={m.userId}>{m.name}</option>)}
      </Select>
      {who === "outside" && (
        <>
          <Input label="Name" required maxLength={MAX_BORROWER_NAME} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          <Input label="E-mail" type="email" autoComplete="off" hint="The link to accept goes here, and a reminder if the items are late." value={email} onChange={(e) => setEmail(e.target.value)} />
          <Input label="Phone" type="tel" autoComplete="off" placeholder="+447911123456" hint="Or by SMS, in international format." value={phone} onChange={(e) => setPhone(e.target.value)} />
        </>
      )}
      <Input label="Due back" type="datetime-local" required value={due} onChange={(e) => setDue(e.target.value)} />
      <Textarea label="Condition notes" maxLength={MAX_CONDITION} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <Button type="submit" loading={busy} loadingText="Checking out..." className="self-start">Check out</Button>
    </Form>
  );
}
