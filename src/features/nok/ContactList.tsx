import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { ContactView } from "../../../convex/lib/legacy/nokRules";
import { Button, cn, Modal } from "../../ui";
import { ContactForm } from "./ContactForm";
import { errorMessage } from "../../lib/errors";

export function ContactList({ contacts }: { contacts: ContactView[] }) {
  const remove = useMutation(api.nextOfKin.remove);
  const resend = useMutation(api.nextOfKin.resendInvite);
  const [editing, setEditing] = useState<ContactView | null>(null);
  if (contacts.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No contacts yet. Add the people who should be told and asked to confirm.</p>;
  }
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, "Something went wrong"));
    }
  };
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {contacts.map((c) => (
          <li key={c._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">
                {c.name} <span className="font-normal text-slate-500 dark:text-slate-400">· {c.relationship}</span>
              </p>
              <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                {[c.email || "No email yet: edit to add one", c.phone].filter(Boolean).join(" · ")}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={cn(
                  "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                  c.status === "confirmed"
                    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
                    : "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
                )}
              >
                {c.status === "confirmed" ? "Confirmed" : c.email === "" ? "Needs an email" : "Awaiting confirmation"}
              </span>
              <Button size="sm" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                Edit
              </Button>
              {c.status === "pending" && c.email !== "" && (
                <Button size="sm" variant="ghost" onClick={() => void act(() => resend({ contactId: c._id }), "Confirmation email sent again")}>
                  Resend
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${c.name}`}
                onClick={() => {
                  if (window.confirm(`Remove ${c.name}? Their beneficiary assignments go too.`)) void act(() => remove({ contactId: c._id }), "Contact removed");
                }}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <Modal open onOpenChange={(open) => !open && setEditing(null)} title={`Edit ${editing.name}`} description="A new email address is asked to confirm again." size="lg">
          <ContactForm contact={editing} onDone={() => setEditing(null)} />
        </Modal>
      )}
    </>
  );
}
