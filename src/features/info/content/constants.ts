// Product facts come from the shared constants so the copy never drifts from the real amounts.
import { OTP_TTL_MS } from "../../../../convex/lib/constants";
export { VERIFY_API_EXAMPLE, VERIFY_API_PER_MINUTE } from "../../../../convex/lib/verify/apiRules";
export { VERIFY_API_EXAMPLE_FACTS } from "../../../../convex/lib/verify/openapi";
export {
  DELETION_GRACE_DAYS,
  ERASED_ON_DELETION,
  EXPORT_TTL_DAYS,
  KEPT_AFTER_DELETION,
} from "../../../../convex/lib/privacy/rules";

export {
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  PRODUCT_NAME,
  REFERRAL_REWARD,
  SIGNUP_BONUS,
  SUPPORT_EMAIL,
  TAGGING_COST,
  TOKEN_SYMBOL,
  WALLET_HISTORY_LIMIT,
} from "../../../../convex/lib/constants";

/** Sign-in code lifetime in minutes, as the copy states it. */
export const OTP_TTL_MINUTES = Math.round(OTP_TTL_MS / 60_000);

/** Date the legal texts last changed; bump it with any material edit. */
export const LEGAL_LAST_UPDATED = "2026-11-26";
