import { ConvexError } from "convex/values";

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    if (typeof data === "string") return data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  }
  return fallback;
}

export const formatDateTime = (at: number) =>
  new Date(at).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

export const selectClass =
  "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-indigo-500 " +
  "focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
