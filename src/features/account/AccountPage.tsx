import type { ReactNode } from "react";

/** The frame of /profile and /settings: heading, intro, stacked sections. */
export function AccountPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      </header>
      <div className="flex flex-col gap-6">{children}</div>
    </div>
  );
}
