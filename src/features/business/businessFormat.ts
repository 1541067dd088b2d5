import { ConvexError } from "convex/values";

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  }
  return fallback;
}

/** Minor units (pence) as money without a currency sign, like the asset pages. */
export const formatMoney = (minor: number) => (minor / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatCount = (n: number) => n.toLocaleString("en-GB");
export const moneyCell = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));

export const selectClass =
  "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-indigo-500 " +
  "focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
