// The header's dropdown menus (account, "More") share one look.
export const menuContentClass =
  "z-50 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900";

/** An item without its display, for items that set their own (cn is clsx: no class merging). */
export const menuItemLook =
  "w-full cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none text-slate-700 " +
  "data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-700 " +
  "dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white";

export const menuItemClass = `flex ${menuItemLook}`;

/** A header nav link (bar and phone menu), highlighted on its own page. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  "block whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors " +
  (isActive
    ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
    : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white");
