// A small SVG chart (bars or a line over evenly spaced points) with the same data as a
// table for screen readers: the picture is hidden from them, the table is hidden from
// sight. Hand-written because two shapes of a few dozen points need no chart library.
import { useState, type PointerEvent } from "react";
import { cn } from "./cn";

export type ChartPoint = {
  key: string;
  /** Axis and table label of the point ("14 May"). */
  label: string;
  value: number;
};

interface ChartProps {
  title: string;
  /** One sentence with what the chart shows ("7 sign-ups in the last 12 weeks"), shown under the title. */
  summary: string;
  points: ChartPoint[];
  kind: "bar" | "line";
  /** Headers of the table's columns: what each point is ("Day", "Week of") and its value ("Balance"). */
  pointLabel: string;
  valueLabel: string;
  /** How a value reads in the table and tooltips. */
  format?: (value: number) => string;
  className?: string;
}

const WIDTH = 300;
const HEIGHT = 100;
const PAD = 4;

export function Chart({ title, summary, points, kind, pointLabel, valueLabel, format = String, className }: ChartProps) {
  const top = Math.max(1, ...points.map((p) => p.value));
  const bottom = Math.min(0, ...points.map((p) => p.value));
  const y = (value: number) => HEIGHT - PAD - ((value - bottom) / (top - bottom)) * (HEIGHT - 2 * PAD);
  const slot = WIDTH / Math.max(points.length, 1);
  const x = (i: number) => i * slot + slot / 2;
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(2)},${y(p.value).toFixed(2)}`).join(" ");
  // The point under the pointer (mouse or touch), shown in a tooltip; screen readers have the table.
  const [active, setActive] = useState<number | null>(null);
  const point = active === null ? null : points[active];
  function track(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || points.length === 0) return;
    const i = Math.floor(((event.clientX - box.left) / box.width) * points.length);
    setActive(Math.min(points.length - 1, Math.max(0, i)));
  }
  return (
    <figure className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900", className)}>
      <figcaption>
        <span className="block text-lg font-semibold text-slate-900 dark:text-white">{title}</span>
        <span className="block text-sm text-slate-500 dark:text-slate-400">{summary}</span>
      </figcaption>
      <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        {/* The value axis: the top and the bottom of the scale. */}
        <div aria-hidden="true" data-testid="chart-axis" className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-slate-500 dark:text-slate-400">
          <span>{format(top)}</span>
          <span>{format(bottom)}</span>
        </div>
        <div aria-hidden="true" className="relative" onPointerMove={track} onPointerDown={track} onPointerLeave={() => setActive(null)}>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" className="h-40 w-full" data-chart={kind}>
            <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300 dark:stroke-slate-700" strokeWidth="1" />
            {kind === "bar"
              ? points.map((p, i) => {
                  const h = p.value <= 0 ? 0 : Math.max(2, HEIGHT - PAD - y(p.value));
                  return (
                    <rect key={p.key} data-key={p.key} x={x(i) - slot * 0.35} y={HEIGHT - 1 - h} width={slot * 0.7} height={h} rx="1" className="fill-indigo-500 dark:fill-indigo-400">
                      <title>{`${p.label}: ${format(p.value)}`}</title>
                    </rect>
                  );
                })
              : points.length > 0 && (
                  <path d={line} fill="none" strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" className="stroke-indigo-500 dark:stroke-indigo-400" />
                )}
          </svg>
          {point && active !== null && (
            <>
              <span
                className="pointer-events-none absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-indigo-600 ring-2 ring-white dark:bg-indigo-300 dark:ring-slate-900"
                style={{ left: `${(x(active) / WIDTH) * 100}%`, top: `${(y(point.value) / HEIGHT) * 100}%` }}
              />
              <span
                data-testid="chart-tooltip"
                className="pointer-events-none absolute -top-2 z-10 -translate-x-1/2 -translate-y-full whitespace-nowrap rounded-lg bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow dark:bg-slate-100 dark:text-slate-900"
                style={{ left: `${Math.min(85, Math.max(15, (x(active) / WIDTH) * 100))}%` }}
              >
                {point.label}: {format(point.value)}
              </span>
            </>
          )}
        </div>
        {points.length > 0 && (
          <div aria-hidden="true" className="col-start-2 flex justify-between text-xs text-slate-500 dark:text-slate-400">
            <span>{points[0].label}</span>
            <span>{points[points.length - 1].label}</span>
          </div>
        )}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{pointLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.key}>
              <th scope="row">{p.label}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
