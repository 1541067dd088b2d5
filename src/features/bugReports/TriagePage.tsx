import type { ReactNode } from "react";
import { TriageBoard } from "./TriageBoard";

export function TriagePage({ eyebrow, title, intro, notifyNew }: { eyebrow: string; title: string; intro: ReactNode; notifyNew?: boolean }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">{eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
      <p className="mt-2 mb-6 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      <TriageBoard notifyNew={notifyNew} />
    </section>
  );
}
