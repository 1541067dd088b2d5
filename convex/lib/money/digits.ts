// How many minor units a currency has (ISO 4217's "minor unit"), apart from the rest of the money
// rules: the app's shell formats amounts with it (src/lib/format.ts), and the rules' validators
// (convex/values) would otherwise come with it into every visitor's first download.
/** Currencies with other than 2 minor digits (ISO 4217's "minor unit"). */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** Digits after the decimal point in `currency` (2 for GBP, 0 for JPY, 3 for KWD). */
export const minorDigits = (currency: string): number => MINOR_DIGITS[currency] ?? 2;
