import { Link } from "react-router";

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex shrink-0 items-center gap-1.5 rounded-lg font-bold sm:gap-2 tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-white"
    >
      <span
        aria-hidden="true"
        className="grid h-7 w-7 place-items-center sm:h-8 sm:w-8 rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} className="h-4.5 w-4.5">
          <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" strokeLinejoin="round" />
          <circle cx="7.5" cy="7.5" r="1.5" fill="currentColor" stroke="none" />
        </svg>
      </span>
      {/* Below 385 px the header's buttons need the room: the mark alone, the name still read out. */}
      <span className="text-[15px] max-[384px]:sr-only sm:text-lg">
        TagMy<span className="text-indigo-600 dark:text-indigo-400">Thing</span>
      </span>
    </Link>
  );
}
