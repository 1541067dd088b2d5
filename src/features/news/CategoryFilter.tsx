import { cn } from "../../ui";

interface CategoryFilterProps {
  categories: string[];
  selected: string | null;
  onSelect: (category: string | null) => void;
}

const chip = (active: boolean) =>
  cn(
    "rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
    active
      ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500"
      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800",
  );

/** 'All' plus the categories; shown only when more than one category exists (one category has nothing to filter). */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  if (categories.length <= 1) return null;
  return (
    <div role="group" aria-label="Filter by category" className="mt-6 flex flex-wrap gap-2">
      {[null, ...categories].map((category) => (
        <button
          key={category ?? "All"}
          type="button"
          aria-pressed={selected === category}
          onClick={() => onSelect(category)}
          className={chip(selected === category)}
        >
          {category ?? "All"}
        </button>
      ))}
    </div>
  );
}
