import type { ReactNode } from "react";
import { cn } from "./cn";

type BadgeTone = "green" | "amber" | "red" | "slate";

const TONES: Record<BadgeTone, string> = {
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  red: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
  slate: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

const SIZES = { sm: "px-2.5 py-0.5 text-xs", md: "px-3 py-1 text-sm" } as const;

/** A rounded status pill: the colour says how it stands, the text says what. */
export function Badge({
  tone,
  size = "sm",
  className,
  children,
  ...rest
}: { tone: BadgeTone; size?: keyof typeof SIZES; className?: string; children: ReactNode; "data-testid"?: string }) {
  return (
    <span {...rest} className={cn("inline-flex shrink-0 items-center rounded-full font-semibold", SIZES[size], TONES[tone], className)}>
      {children}
    </span>
  );
}
