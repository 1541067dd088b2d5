import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { errorCode } from "./errors";

// The wallet's error messages, word for word (product requirement; tests assert them).
const SPEND_MESSAGES = {
  insufficient: "Insufficient tokens",
  failed: "Failed to spend tokens",
} as const;

/**
 * For a call that spends tokens (tagging, a business import): toasts the wallet's message
 * when the spend itself failed: 'Insufficient tokens' when the balance is short, 'Failed to spend
 * tokens' when the call failed without a reason of ours (server or network). A refusal with its
 * own message (a validation error) is the caller's to show; returns whether a toast was shown.
 */
export function toastSpendFailure(error: unknown): boolean {
  if (errorCode(error) === "INSUFFICIENT_TOKENS") {
    toast.error(SPEND_MESSAGES.insufficient);
    return true;
  }
  if (!(error instanceof ConvexError)) {
    toast.error(SPEND_MESSAGES.failed);
    return true;
  }
  return false;
}
