// A small SVG chart (bars or a line over evenly spaced points) with the same data as a
// table for screen readers: the picture is hidden from them, the table is hidden from
// sight. Hand-written because two shapes of a few dozen points need no chart library.
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
  return (
    <figure className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900", className)}>
      <figcaption>
        <span className="block text-lg font-semibold text-slate-900 dark:text-white">{title}</span>
        <span className="block text-sm text-slate-500 dark:text-slate-400">{summary}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" className="mt-4 h-40 w-full" data-chart={kind}>
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
      {points.length > 0 && (
        <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-500 dark:text-slate-400">
          <span>{points[0].label}</span>
          <span>{points[points.length - 1].label}</span>
        </div>
      )}
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
