// TMT top-ups: what a pack gives and costs. A business importing its stock
// buys the TMT its file needs; 12,000 TMT covers a 10,000-item import
// (lib/csv/pricing.ts: 11,300 TMT) with some left for tagging.
export const TOP_UP_CURRENCY = "GBP";

export const TOP_UP_PACKS = [
  { id: "tmt_1000", tmt: 1_000, priceMinor: 1_000 },
  { id: "tmt_12000", tmt: 12_000, priceMinor: 10_000 },
  { id: "tmt_60000", tmt: 60_000, priceMinor: 45_000 },
] as const;
type TopUpPack = (typeof TOP_UP_PACKS)[number];

export function packById(id: string): TopUpPack | null {
  return TOP_UP_PACKS.find((p) => p.id === id) ?? null;
}

/** The smallest pack that brings `balance` up to `needed`, else the largest. */
export function packFor(needed: number, balance: number): TopUpPack {
  const short = needed - balance;
  return TOP_UP_PACKS.find((p) => p.tmt >= short) ?? TOP_UP_PACKS[TOP_UP_PACKS.length - 1];
}

export const TOP_UP_TEXT = {
  unavailable: "Buying TMT is not set up on this deployment yet.",
  // What the screens say instead of offering packs, with what the user can do.
  unavailableForUser: "Buying TMT is not set up on this deployment yet: ask an administrator to credit your account.",
  testMode: "Test mode: no card is charged.",
  paymentFailed: "The payment did not go through",
  unknownPack: "Unknown top-up pack",
} as const;
