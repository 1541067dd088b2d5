const SOURCE_LABELS: Record<string, string> = {
  signup_bonus: "Sign-up bonus",
  referral: "Referral",
  tagging: "Tagging",
};

/** 'signup_bonus' → 'Sign-up bonus'; unknown sources read as words. */
export function sourceLabel(source: string): string {
  const known = SOURCE_LABELS[source];
  if (known) return known;
  const words = source.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
