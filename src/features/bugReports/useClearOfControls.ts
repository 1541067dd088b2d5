import { useEffect, useState, type RefObject } from "react";

// What a tap must reach: the page's links, buttons and fields (`main` and the skip target, tabIndex -1, are not).
const CONTROLS = "a[href], button, input, select, textarea, summary, label, [role=button], [role=link], [role=checkbox], [tabindex]:not([tabindex='-1'])";

// Points sampled across the button's square and a margin around it (a control's rounded corner
// escapes a point on the edge): 5 × 5, about 14 px apart on a 48 px button.
const STEPS = [0, 0.25, 0.5, 0.75, 1];
const MARGIN = 4;

/** Whether some control of the page (outside `self`) lies under `area` or within MARGIN of it. */
function controlUnder(area: DOMRect, self: Element): boolean {
  const at = (from: number, size: number, step: number) => from - MARGIN + (size + 2 * MARGIN) * step;
  return STEPS.some((sx) =>
    STEPS.some((sy) =>
      document.elementsFromPoint(at(area.left, area.width, sx), at(area.top, area.height, sy)).some((el) => !self.contains(el) && el.closest(CONTROLS) !== null),
    ),
  );
}

/**
 * Whether the floating button, at `home` (an invisible box where it sits when shown in full),
 * would cover a control of the page: checked as the page scrolls, resizes or changes, at most
 * once a frame. The button then tucks itself into the screen's edge, where no control reaches.
 */
export function useCoversControls(home: RefObject<HTMLElement | null>, self: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (home.current && self.current) setCovers(controlUnder(home.current.getBoundingClientRect(), self.current));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [home, self, enabled]);
  return covers;
}
