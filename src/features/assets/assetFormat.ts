import type { AssetStatus } from "../../../convex/lib/assets/tables";

export const STATUS_STYLES: Record<AssetStatus, string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  lost: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  stolen: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  transferred: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

export function verifyUrl(serial: string): string {
  return `${window.location.origin}/verify/${serial}`;
}
