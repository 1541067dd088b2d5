/** localStorage key holding the referral code seen on the first visit (read at sign-up). */
export const REFERRAL_STORAGE_KEY = "tmt_referral_code";

// Codes are short identifiers; anything else in ?ref= is ignored rather than stored.
const VALID_CODE = /^[A-Za-z0-9_-]{1,64}$/;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): referrals simply are not kept
  }
}

/**
 * Keeps `?ref=CODE` from the current URL. The first visit wins: a code already
 * captured is never replaced. Returns the code now stored, if any.
 */
export function captureReferralFromUrl(search: string = window.location.search): string | null {
  const store = storage();
  if (!store) return null;
  const existing = store.getItem(REFERRAL_STORAGE_KEY);
  if (existing) return existing;
  const code = new URLSearchParams(search).get("ref")?.trim();
  if (!code || !VALID_CODE.test(code)) return null;
  store.setItem(REFERRAL_STORAGE_KEY, code);
  return code;
}

/** The captured referral code, or null. */
export function getCapturedReferral(): string | null {
  return storage()?.getItem(REFERRAL_STORAGE_KEY) ?? null;
}

/** Forgets the captured code (after it has been applied). */
export function clearCapturedReferral(): void {
  storage()?.removeItem(REFERRAL_STORAGE_KEY);
}
