import { useRef, useState, type PointerEvent } from "react";
import { Button, cn } from "../../ui";
import { HIGHLIGHT_COLOR, boxFromPoints, type Box, type BoxKind } from "./screenshotBoxes";

interface Props {
  screenshot: string;
  boxes: Box[];
  onBoxesChange: (boxes: Box[]) => void;
}

// Boxes shorter than this (a click, not a drag) are ignored.
const MIN_SIZE = 0.01;

/** The screenshot with boxes drawn over it: highlight (red outline) or redact (black fill). */
export function ScreenshotEditor({ screenshot, boxes, onBoxesChange }: Props) {
  const [tool, setTool] = useState<BoxKind>("highlight");
  const [draft, setDraft] = useState<Box | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };
  const onDown = (event: PointerEvent<SVGSVGElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = point(event);
  };
  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    if (start.current) setDraft(boxFromPoints(tool, start.current, point(event)));
  };
  const onUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!start.current) return;
    const box = boxFromPoints(tool, start.current, point(event));
    start.current = null;
    setDraft(null);
    if (box.w > MIN_SIZE && box.h > MIN_SIZE) onBoxesChange([...boxes, box]);
  };

  const toolButton = (kind: BoxKind, label: string) => (
    <Button size="sm" variant={tool === kind ? "secondary" : "ghost"} aria-pressed={tool === kind} onClick={() => setTool(kind)}>
      {label}
    </Button>
  );

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-1" role="toolbar" aria-label="Screenshot tools">
        {toolButton("highlight", "Highlight")}
        {toolButton("redact", "Redact")}
        <span className="flex-1" />
        <Button size="sm" variant="ghost" disabled={boxes.length === 0} onClick={() => onBoxesChange(boxes.slice(0, -1))}>
          Undo
        </Button>
        <Button size="sm" variant="ghost" disabled={boxes.length === 0} onClick={() => onBoxesChange([])}>
          Clear
        </Button>
      </div>
      <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
        <img src={screenshot} alt="Screenshot of the page" className="block h-auto w-full select-none" draggable={false} />
        <svg
          className={cn("absolute inset-0 h-full w-full touch-none", "cursor-crosshair")}
          viewBox="0 0 1 1"
          preserveAspectRatio="none"
          aria-label={`Draw a box to ${tool === "redact" ? "black out private data" : "highlight a problem"}`}
          role="img"
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={() => {
            start.current = null;
            setDraft(null);
          }}
        >
          {[...boxes, ...(draft ? [draft] : [])].map((b, i) => (
            <rect
              key={i}
              x={b.x}
              y={b.y}
              width={b.w}
              height={b.h}
              fill={b.kind === "redact" ? "#000" : "none"}
              stroke={b.kind === "redact" ? "none" : HIGHLIGHT_COLOR}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Drag on the screenshot to highlight the problem or black out private data. Boxes are burned into the image sent.
      </p>
    </div>
  );
}
