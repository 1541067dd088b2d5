import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { checkProposal, DAO_LIMITS, type ProposalField } from "../../../convex/lib/dao/rules";
import { Button, Input, Modal, Textarea, Form } from "../../ui";
import { fromLocalInput, toLocalInput } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";

const DAY = 24 * 60 * 60 * 1000;

function initial() {
  const start = Math.ceil(Date.now() / 60_000) * 60_000;
  return {
    title: "",
    description: "",
    options: ["Yes", "No"],
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(start + 7 * DAY),
    quorum: "100",
  };
}

export function CreateProposalModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useMutation(api.dao.create);
  const [form, setForm] = useState(initial);
  const { busy, error, setError, run } = useSubmit({ fallback: "Failed to create proposal" });
  // The field the local check refused: marked invalid (and so focused by Form), pointing at the message.
  const [badField, setBadField] = useState<ProposalField | null>(null);
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
    setBadField(null);
  };
  const invalid = (field: ProposalField, when = true) =>
    badField === field && when ? { "aria-invalid": true as const, "aria-describedby": "proposal-error" } : {};
  const setOption = (i: number, value: string) => set({ options: form.options.map((o, j) => (j === i ? value : o)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      title: form.title,
      description: form.description,
      options: form.options,
      startsAt: fromLocalInput(form.startsAt) ?? Number.NaN,
      endsAt: fromLocalInput(form.endsAt) ?? Number.NaN,
      quorum: form.quorum.trim() === "" ? Number.NaN : Number(form.quorum),
    };
    // The server checks the same rules; checking here first saves a round trip.
    const checked = checkProposal(input, Date.now());
    if (!checked.ok) {
      setError(checked.message);
      setBadField(checked.field);
      return;
    }
    await run(async () => {
      await create(input);
      toast.success("Proposal created");
      setForm(initial());
      onOpenChange(false);
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="New proposal"
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="proposal-form" loading={busy} loadingText="Creating...">
            Create proposal
          </Button>
        </>
      }
    >
      <Form id="proposal-form" onSubmit={submit} className="flex flex-col gap-4">
        <Input
          label="Title"
          required
          value={form.title}
          maxLength={DAO_LIMITS.titleMax}
          onChange={(e) => set({ title: e.target.value })}
          {...invalid("title")}
          hint={`${form.title.length}/${DAO_LIMITS.titleMax}`}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="proposal-description" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Description
          </label>
          <Textarea
            id="proposal-description"
            value={form.description}
            rows={6}
            maxLength={DAO_LIMITS.descriptionMax}
            required
            {...invalid("description")}
            onChange={(e) => set({ description: e.target.value })}
          />
          <span className="text-xs text-slate-500">
            {form.description.length}/{DAO_LIMITS.descriptionMax}
          </span>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            Options ({DAO_LIMITS.optionsMin} to {DAO_LIMITS.optionsMax})
          </legend>
          {form.options.map((option, i) => (
            <div key={i} className="flex items-end gap-2">
              <Input
                aria-label={`Option ${i + 1}`}
                value={option}
                maxLength={DAO_LIMITS.optionMax}
                containerClassName="flex-1"
                onChange={(e) => setOption(i, e.target.value)}
                {...invalid("options", form.options.some((o) => o.trim() === "") ? option.trim() === "" : true)}
              />
              <Button
                variant="ghost"
                aria-label={`Remove option ${i + 1}`}
                disabled={form.options.length <= DAO_LIMITS.optionsMin}
                onClick={() => set({ options: form.options.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            disabled={form.options.length >= DAO_LIMITS.optionsMax}
            onClick={() => set({ options: [...form.options, ""] })}
          >
            Add option
          </Button>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Input label="Starts" type="datetime-local" value={form.startsAt} {...invalid("startsAt")} onChange={(e) => set({ startsAt: e.target.value })} />
          <Input label="Ends" type="datetime-local" value={form.endsAt} {...invalid("endsAt")} onChange={(e) => set({ endsAt: e.target.value })} />
          <Input
            label="Quorum (TMT)"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={form.quorum}
            {...invalid("quorum")}
            onChange={(e) => set({ quorum: e.target.value })}
          />
        </div>
        {error && (
          <p id="proposal-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </Form>
    </Modal>
  );
}
