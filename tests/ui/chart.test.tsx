// Charts: the series built in the viewer's days, and the same figures as a table for screen readers.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dailyBalances, weeklyCounts } from "../../src/lib/chartSeries";
import { Chart } from "../../src/ui";

const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 5, 30, 15, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("series", () => {
  it("daily balances walk back from the balance now, one point per day, today last", () => {
    const now = Date.now();
    const changes = [
      { at: now - 1000, amount: -5 }, // today: 50 → 45
      { at: now - 2 * DAY, amount: 25 }, // two days ago: 25 → 50
      { at: now - 2 * DAY - 1000, amount: 25 }, // two days ago too: 0 → 25
    ];
    const points = dailyBalances(45, changes, now, 4);
    expect(points.map((p) => p.value)).toEqual([0, 50, 50, 45]);
    expect(points.at(-1)!.label).toBe("30 Jun");
    expect(points[0].label).toBe("27 Jun");
  });

  it("weekly counts: seven-day spans ending today, oldest first, labelled by their first day", () => {
    const now = Date.now();
    const points = weeklyCounts([now, now - 6 * DAY, now - 7 * DAY, now - 20 * DAY, now - 400 * DAY], now, 3);
    expect(points.map((p) => [p.label, p.value])).toEqual([["10 Jun", 1], ["17 Jun", 1], ["24 Jun", 2]]);
  });
});

describe("Chart", () => {
  it("hides the picture from screen readers and gives them a table of the same figures", () => {
    const { container } = render(
      <Chart title="Balance over time" summary="45 TMT now" kind="line" pointLabel="Day" valueLabel="Balance" format={(n) => `${n} TMT`}
        points={[{ key: "a", label: "29 Jun", value: 50 }, { key: "b", label: "30 Jun", value: 45 }]} />,
    );
    expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(container.querySelector("svg path")).not.toBeNull();
    const table = screen.getByRole("table", { name: "Balance over time" });
    expect(within(table).getAllByRole("row").map((r) => r.textContent)).toEqual(["DayBalance", "29 Jun50 TMT", "30 Jun45 TMT"]);
    expect(screen.getByText("45 TMT now")).toBeInTheDocument();
  });

  it("draws one bar per point, none for a zero", () => {
    const { container } = render(
      <Chart title="Sign-ups" summary="3" kind="bar" pointLabel="Week of" valueLabel="Sign-ups"
        points={[{ key: "a", label: "1 Jun", value: 0 }, { key: "b", label: "8 Jun", value: 3 }]} />,
    );
    const bars = container.querySelectorAll("rect[data-key]");
    expect(bars).toHaveLength(2);
    expect(Number(bars[0].getAttribute("height"))).toBe(0);
    expect(Number(bars[1].getAttribute("height"))).toBeGreaterThan(0);
  });

  it("labels the value axis and shows the point under the pointer in a tooltip", () => {
    render(
      <Chart title="Balance over time" summary="45 TMT now" kind="line" pointLabel="Day" valueLabel="Balance" format={(n) => `${n} TMT`}
        points={[{ key: "a", label: "28 Jun", value: 20 }, { key: "b", label: "29 Jun", value: 50 }, { key: "c", label: "30 Jun", value: 45 }]} />,
    );
    expect(screen.getByTestId("chart-axis")).toHaveTextContent(/^50 TMT0 TMT$/);
    const plot = screen.getByTestId("chart-axis").nextElementSibling as HTMLElement;
    plot.getBoundingClientRect = () => ({ left: 0, width: 300, top: 0, height: 160, right: 300, bottom: 160, x: 0, y: 0, toJSON: () => ({}) });
    expect(screen.queryByTestId("chart-tooltip")).not.toBeInTheDocument();
    fireEvent.pointerMove(plot, { clientX: 150, clientY: 50 });
    expect(screen.getByTestId("chart-tooltip")).toHaveTextContent("29 Jun: 50 TMT");
    fireEvent.pointerMove(plot, { clientX: 290, clientY: 50 });
    expect(screen.getByTestId("chart-tooltip")).toHaveTextContent("30 Jun: 45 TMT");
    fireEvent.pointerLeave(plot);
    expect(screen.queryByTestId("chart-tooltip")).not.toBeInTheDocument();
  });
});
