import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../ui";
import { FRAMES, type FrameId } from "./frames";

/** A screen's heading and what it will hold, until its issue brings the content. */
export default function FramePage({ frame, children }: { frame: FrameId; children?: ReactNode }) {
  const info = FRAMES[frame];
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">
        {info.eyebrow}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {info.title}
      </h1>
      <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-600 sm:text-lg dark:text-slate-300">
        {info.description}
      </p>
      {children}
      <div className="mt-10 rounded-2xl border border-dashed border-slate-300 bg-white/60 p-8 text-center dark:border-slate-700 dark:bg-slate-900/60">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">This screen is on its way.</p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Its content arrives in a coming release of TagMyThing.
        </p>
        <Link to="/" className={buttonClasses("outline", "sm", "mt-5")}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
