import { TAGGING_COST } from "../../../convex/lib/constants";
import type { TaggingKindInfo } from "./taggingKinds";
import { formatTmt } from "../../lib/format";

function Steps({ id, title, steps }: { id: string; title: string; steps: { title: string; text: string }[] }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      <ol className="mt-6 flex flex-col gap-5">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-500"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-slate-900 dark:text-white">{step.title}</p>
              <p className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** How tagging and verification work, with what this kind's form asks for. */
export function HowItWorks({ info }: { info: TaggingKindInfo }) {
  const tagging = [
    { title: "Describe it", text: `Fill in the details: ${info.fields.join(", ").toLowerCase()}.` },
    {
      title: `Pay ${formatTmt(TAGGING_COST)}`,
      text: "The cost comes out of your wallet balance. If your balance is too low nothing is charged and nothing is saved.",
    },
    {
      title: "Get a serial number",
      text: "A unique serial such as TMT-7K2Q-94XD, never reused, with a QR code and a printable label.",
    },
    {
      title: "Choose who sees it",
      text: "Public assets appear in Public Assets; private ones show only that the serial exists and its status.",
    },
  ];
  const verification = [
    { title: "Anyone checks the serial", text: "Scanning the label or typing the serial opens /verify/{serial}: no account needed." },
    {
      title: "They see what matters",
      text: "The item's name, kind, photo, status and tagged date, with a masked owner. Lost or stolen items carry a clear warning.",
    },
    {
      title: "You hear about it at once",
      text: "Every visit raises a live alert for you (time, and a rough area only if the visitor agrees), and a finder can send you a message.",
    },
  ];
  return (
    <div className="grid gap-12 lg:grid-cols-2">
      <Steps id="tagging-heading" title="How tagging works" steps={tagging} />
      <div className="flex flex-col gap-6">
        <Steps id="verify-heading" title="How verification works" steps={verification} />
        <p className="rounded-xl bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
          {info.verifyNote}
        </p>
      </div>
    </div>
  );
}
