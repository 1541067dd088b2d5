// Which header links fit inline at which width. Below lg every link is behind the menu button;
// from lg the bar shows as many as fit and a "More" menu holds the rest; from 2xl all fit.
// Class names are whole literals so Tailwind's scanner sees them.

/** How many links fit inline at lg (1024 px) and at xl (1280 px); 2xl fits them all. */
const FIT_LG = 8;
const FIT_XL = 9;

export interface NavFit {
  /** Classes for the inline item at index i (hides it where it overflows). */
  inlineItem(i: number): string;
  /** Classes for the same link inside "More" (shows it only where it overflows). */
  moreItem(i: number): string;
  /** Classes for the "More" trigger, or null when every link fits from lg. */
  moreButton: string | null;
}

export function navFit(count: number): NavFit {
  // With overflow, one slot goes to the "More" button itself.
  const lg = count <= FIT_LG ? count : FIT_LG - 1;
  const xl = count <= FIT_XL ? count : FIT_XL - 1;
  return {
    inlineItem(i) {
      const hiddenLg = i >= lg;
      const hiddenXl = i >= xl;
      if (hiddenLg && hiddenXl) return "lg:hidden 2xl:block";
      if (hiddenLg) return "lg:hidden xl:block";
      if (hiddenXl) return "xl:hidden 2xl:block";
      return "";
    },
    moreItem(i) {
      const hiddenLg = i >= lg;
      const hiddenXl = i >= xl;
      if (hiddenLg && hiddenXl) return "flex";
      if (hiddenLg) return "flex xl:hidden";
      if (hiddenXl) return "hidden xl:flex";
      return "hidden";
    },
    moreButton: count > FIT_XL ? "lg:flex 2xl:hidden" : count > FIT_LG ? "lg:flex xl:hidden" : null,
  };
}
