// Shared by convex/ and src/: product limits and amounts, the token economy among them.
export const PRODUCT_NAME = "TagMyThing";
export const TOKEN_SYMBOL = "TMT";
export const SUPPORT_EMAIL = "support@tagmything.com";
// Items in one CSV import file (its price and the TMT packs are sized by it).
export const MAX_IMPORT_ROWS = 10_000;

export const MIN_PASSWORD_LENGTH = 6;
// Hashing cost grows with length; nobody types more than this.
export const MAX_PASSWORD_LENGTH = 256;
export const OTP_LENGTH = 6;
/** Digits of an authenticator (TOTP) code. */
export const TOTP_DIGITS = 6;
export const OTP_RESEND_SECONDS = 60;
export const OTP_TTL_MS = 10 * 60 * 1000;
// The spec's six, first in every phone country list (then every other country); `region` is the
// ISO 3166 country, as libphonenumber-js names it (+1 is also Canada's, so a code is not enough).
export const PHONE_COUNTRIES = [
  { code: "+44", label: "UK", region: "GB" },
  { code: "+1", label: "US", region: "US" },
  { code: "+237", label: "CM", region: "CM" },
  { code: "+234", label: "NG", region: "NG" },
  { code: "+33", label: "FR", region: "FR" },
  { code: "+49", label: "DE", region: "DE" },
] as const;
export const DEFAULT_PHONE_COUNTRY = "+44";

export const PROFILE_FETCH_TIMEOUT_MS = 5000;
export const CALLBACK_SUCCESS_DELAY_MS = 2000;
export const CALLBACK_ERROR_DELAY_MS = 3000;
export const TOAST_DURATION_MS = 4000;

export const SIGNUP_BONUS = 50;
export const REFERRAL_REWARD = 25;
export const TAGGING_COST = 5;

export const ARTICLE_CATEGORIES = [
  "Company News",
  "Product Updates",
  "Industry News",
  "Announcements",
  "Technical Updates",
  "General",
] as const;
export const DEFAULT_ARTICLE_CATEGORY = "General";
export const NEWS_CARD_PREVIEW_CHARS = 150;
export const NEWS_MANAGEMENT_PREVIEW_CHARS = 200;
export const WALLET_HISTORY_LIMIT = 20;

export const ACTIVITY_THROTTLE_MS = 60_000;

// Server-only limits.
export const EMAIL_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const LINK_CODE_LENGTH = 32;
export const MAX_FAILED_SIGN_INS_PER_HOUR = 10;
export const REFERRAL_CODE_LENGTH = 8;
// No 0/O, 1/I/L: codes are read aloud and typed by hand.
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const FULL_NAME_MAX_LENGTH = 100;
export const AVATAR_URL_MAX_LENGTH = 2048;
export const OUTBOX_LIST_LIMIT = 50;
export const DEFAULT_VERIFICATION_SOURCE = "email_verification";
