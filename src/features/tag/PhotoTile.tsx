import { cn } from "../../ui";

type Props = {
  src: string | null | undefined;
  name: string;
  isCover: boolean;
  /** Absent on the cover itself. */
  onMakeCover?: () => void;
  remove: { label: "Remove" | "Delete"; onClick: () => void };
  disabled?: boolean;
};

/** One photo as a square thumbnail: the cover marked, a way to make it the cover, and to remove it. */
export function PhotoTile({ src, name, isCover, onMakeCover, remove, disabled }: Props) {
  return (
    <li className="flex min-w-0 flex-col gap-1">
      <div className={cn("relative aspect-square overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800", isCover && "ring-2 ring-indigo-500")}>
        {src && <img src={src} alt={name} className="h-full w-full object-cover" />}
        {isCover && <span className="absolute left-1 top-1 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">Cover</span>}
      </div>
      <div className="flex flex-wrap gap-x-2 text-xs">
        {!isCover && onMakeCover && (
          <button type="button" disabled={disabled} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            aria-label={`Make ${name} the cover`} onClick={onMakeCover}>
            Make cover
          </button>
        )}
        <button type="button" disabled={disabled} aria-label={`${remove.label} ${name}`} onClick={remove.onClick}
          className={cn("hover:underline", remove.label === "Delete" ? "text-red-600 dark:text-red-400" : "text-slate-600 dark:text-slate-400")}>
          {remove.label}
        </button>
      </div>
    </li>
  );
}

export const PHOTO_GRID = "grid grid-cols-3 gap-2 sm:grid-cols-5";
