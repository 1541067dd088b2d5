// The header's responsive split: at every width from lg, each link is shown exactly once,
// either inline or inside "More", and "More" appears only when something overflows.
import { describe, expect, it } from "vitest";
import { navFit } from "../../src/app/navFit";

const WIDTHS = ["lg", "xl", "2xl"] as const;
type Width = (typeof WIDTHS)[number];

/** Whether Tailwind's classes leave the element displayed at `width` (mobile-first cascade). */
function shown(classes: string, width: Width, base = true): boolean {
  let visible = base;
  const applies = ["", ...WIDTHS.slice(0, WIDTHS.indexOf(width) + 1).map((w) => `${w}:`)];
  for (const prefix of applies) {
    for (const cls of classes.split(/\s+/).filter(Boolean)) {
      const [p, name] = cls.includes(":") ? [cls.slice(0, cls.indexOf(":") + 1), cls.slice(cls.indexOf(":") + 1)] : ["", cls];
      if (p !== prefix) continue;
      if (name === "hidden") visible = false;
      if (name === "block" || name === "flex") visible = true;
    }
  }
  return visible;
}

describe("navFit", () => {
  for (let count = 1; count <= 14; count++) {
    it(`splits ${count} links so each shows once at lg, xl and 2xl`, () => {
      const fit = navFit(count);
      for (const width of WIDTHS) {
        const moreOpen = fit.moreButton !== null && shown(`hidden ${fit.moreButton}`, width);
        const inline = Array.from({ length: count }, (_, i) => shown(fit.inlineItem(i), width));
        const inMore = Array.from({ length: count }, (_, i) => moreOpen && shown(fit.moreItem(i), width));
        inline.forEach((isInline, i) => expect(isInline !== inMore[i], `link ${i} at ${width}`).toBe(true));
        // Overflow takes the last links, keeping the header's link order across bar then menu.
        expect(inline).toEqual([...inline].sort((a, b) => Number(b) - Number(a)));
        expect(moreOpen).toBe(inMore.some(Boolean));
      }
      // Everything fits inline from 2xl.
      expect(Array.from({ length: count }, (_, i) => shown(fit.inlineItem(i), "2xl")).every(Boolean)).toBe(true);
    });
  }

  it("puts an admin's 12 links as 8 inline plus More at xl (1280 px) and 7 at lg", () => {
    const fit = navFit(12);
    expect(Array.from({ length: 12 }, (_, i) => shown(fit.inlineItem(i), "xl")).filter(Boolean)).toHaveLength(8);
    expect(Array.from({ length: 12 }, (_, i) => shown(fit.inlineItem(i), "lg")).filter(Boolean)).toHaveLength(7);
  });
});
