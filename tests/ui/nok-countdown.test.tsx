// The legacy countdown on /nok: time left, ticking down, urgent in the last week.
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { DAY_MS } from "../../convex/lib/legacy/rules";
import { Countdown } from "../../src/lib/ReleaseClock";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

test("shows the days and hours left and ticks down", () => {
  const deadline = Date.now() + 45 * DAY_MS + 3 * 3_600_000;
  render(<Countdown deadline={deadline} />);
  const timer = screen.getByTestId("legacy-countdown");
  expect(timer).toHaveTextContent("45 days, 3 hours");
  expect(timer.className).not.toMatch(/red/);
  act(() => {
    vi.advanceTimersByTime(39 * DAY_MS);
  });
  expect(timer).toHaveTextContent("6 days, 3 hours");
  expect(timer.className).toMatch(/red/);
});

test("under a day it shows hours and minutes, then 'Due now'", () => {
  render(<Countdown deadline={Date.now() + 90 * 60_000} />);
  expect(screen.getByTestId("legacy-countdown")).toHaveTextContent("1 hour, 30 minutes");
  act(() => {
    vi.advanceTimersByTime(2 * 3_600_000);
  });
  expect(screen.getByTestId("legacy-countdown")).toHaveTextContent("Due now");
});
