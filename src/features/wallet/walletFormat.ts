import { TOKEN_SYMBOL } from "../../../convex/lib/constants";

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

export function formatTokens(n: number): string {
  return `${n.toLocaleString("en-GB")} ${TOKEN_SYMBOL}`;
}

/** '+25 TMT' / '−5 TMT' (a true minus sign). */
export function signedTokens(amount: number): string {
  return `${amount < 0 ? "\u2212" : "+"}${formatTokens(Math.abs(amount))}`;
}

export function formatDateTime(time: number): string {
  return new Date(time).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}
