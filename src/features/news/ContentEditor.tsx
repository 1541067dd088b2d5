import { useId, useState } from "react";
import { RequiredMark, Textarea, cn } from "../../ui";
import { ArticleContent } from "./ArticleContent";

interface ContentEditorProps {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  invalid?: boolean;
}

const tab = (active: boolean) =>
  cn(
    "rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500",
    active ? "bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white" : "text-slate-600 hover:text-slate-900 dark:text-slate-300",
  );

/** Content: a 12-row textarea with an Edit / Preview switch; the preview renders the Markdown as readers see it. */
export function ContentEditor({ value, onChange, maxLength, invalid = false }: ContentEditorProps) {
  const id = useId();
  const [mode, setMode] = useState<"edit" | "preview">("edit");
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-baseline">
          <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Content
          </label>
          <RequiredMark />
        </div>
        <div role="group" aria-label="Editor view" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          <button type="button" aria-pressed={mode === "edit"} className={tab(mode === "edit")} onClick={() => setMode("edit")}>
            Edit
          </button>
          <button type="button" aria-pressed={mode === "preview"} className={tab(mode === "preview")} onClick={() => setMode("preview")}>
            Preview
          </button>
        </div>
      </div>
      {mode === "edit" ? (
        <Textarea
          id={id}
          rows={12}
          value={value}
          maxLength={maxLength}
          required
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Write the article. Each line break starts a new paragraph. Markdown: # heading, **bold**, [link](https://…), - list, ![image](https://…)."
          className="leading-relaxed"
        />
      ) : (
        <div
          data-testid="content-preview"
          className="min-h-[18rem] rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-700 dark:bg-slate-950"
        >
          {value.trim() === "" ? (
            <p className="text-slate-400 dark:text-slate-500">Nothing to preview yet.</p>
          ) : (
            <ArticleContent content={value} />
          )}
        </div>
      )}
    </div>
  );
}
