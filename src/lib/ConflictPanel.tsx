import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../ui";

type ConflictSide = "theirs" | "yours";

/** One field whose saved value (theirs) differs from the one in the form (yours), as text. */
export type ConflictField = {
  key: string;
  label: string;
  theirs: string;
  yours: string;
  /** Who changed it since the form was opened: the choice starts on that side (yours when both did). */
  changedBy: "them" | "you" | "both";
};

export type ConflictChoices = Record<string, ConflictSide>;

const CHANGED_BY = { them: "changed by them", you: "changed by you", both: "changed by both" } as const;
const EMPTY = "(empty)";

function initialChoices(fields: readonly ConflictField[]): ConflictChoices {
  return Object.fromEntries(fields.map((f) => [f.key, f.changedBy === "them" ? "theirs" : "yours"]));
}

type Props = {
  title: string;
  fields: readonly ConflictField[];
  /** Called with a side for every field; the form takes those values and saves against the new version. */
  onApply: (choices: ConflictChoices) => void;
};

/**
 * A save refused because someone else saved first: each differing field side by side, theirs
 * or yours to keep, field by field or all at once. Focus moves to its heading when it opens,
 * so a screen reader hears why the save did not go through.
 */
export function ConflictPanel({ title, fields, onApply }: Props) {
  const [choices, setChoices] = useState(() => initialChoices(fields));
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), []);
  const all = (side: ConflictSide) => setChoices(Object.fromEntries(fields.map((f) => [f.key, side])));
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none dark:text-white">{title}</h2>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Their changes do not touch any field you edit here.</p>
      ) : (
        fields.map((f) => (
          <fieldset key={f.key} className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
              {f.label} <span className="font-normal text-slate-600 dark:text-slate-400">({CHANGED_BY[f.changedBy]})</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(["theirs", "yours"] as const).map((side) => (
                <label key={side} className="flex min-w-0 cursor-pointer items-start gap-2 rounded-md border border-slate-200 bg-white p-2 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700 dark:bg-slate-900">
                  <input type="radio" name={`${id}-${f.key}`} value={side} checked={choices[f.key] === side} className="mt-1"
                    onChange={() => setChoices((c) => ({ ...c, [f.key]: side }))} />
                  <span className="min-w-0">
                    <span className="block text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">{side === "theirs" ? "Theirs" : "Yours"}</span>
                    <span className="block break-words">{(side === "theirs" ? f.theirs : f.yours) || EMPTY}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {fields.length > 0 && (
          <>
            <Button type="button" variant="outline" size="sm" onClick={() => all("theirs")}>Keep all theirs</Button>
            <Button type="button" variant="outline" size="sm" onClick={() => all("yours")}>Keep all yours</Button>
          </>
        )}
        <Button type="button" size="sm" onClick={() => onApply(choices)}>Use these values</Button>
      </div>
    </section>
  );
}
