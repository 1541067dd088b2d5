import { ERASED_ON_DELETION, KEPT_AFTER_DELETION } from "../../../convex/lib/privacy/rules";

/** What deletion erases and what it keeps, as the privacy policy lists them. */
export function DeletionTerms() {
  return (
    <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
      <h3 className="font-semibold text-slate-900 dark:text-white">Erased</h3>
      <ul className="list-disc space-y-1 pl-5">
        {ERASED_ON_DELETION.map((line) => <li key={line}>{line}</li>)}
      </ul>
      <h3 className="font-semibold text-slate-900 dark:text-white">Kept, without your name, email address or phone number</h3>
      <ul className="list-disc space-y-1 pl-5">
        {KEPT_AFTER_DELETION.map((line) => <li key={line}>{line}</li>)}
      </ul>
    </div>
  );
}
