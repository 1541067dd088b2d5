import type { AssetStatus } from "../../../convex/lib/assets/tables";

export const STATUS_STYLES: Record<AssetStatus, string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  lost: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  stolen: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  transferred: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

export const formatDate = (at: number) => new Date(at).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
export const formatDateTime = (at: number) =>
  new Date(at).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
export const formatMoney = (minor: number) => (minor / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function errorText(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | null)?.data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return fallback;
}

export function verifyUrl(serial: string): string {
  return `${window.location.origin}/verify/${serial}`;
}
