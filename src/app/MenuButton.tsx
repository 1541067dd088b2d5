import { cn } from "../ui/cn";

/** The phone menu's open/close button, for visitors (hidden from md) and members (from lg). */
export function MenuButton({ open, onToggle, hideFrom }: { open: boolean; onToggle: () => void; hideFrom: "md" | "lg" }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls="mobile-menu"
      aria-label={open ? "Close menu" : "Open menu"}
      onClick={onToggle}
      className={cn(
        "grid h-10 w-9 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:w-10 dark:text-slate-200 dark:hover:bg-slate-800",
        hideFrom === "md" ? "md:hidden" : "lg:hidden",
      )}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-6 w-6" aria-hidden="true">
        {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}
