// What the password-reset screens say. The wording is a product requirement:
// tests compare it word for word, so change it only on purpose.
export const RESET_MESSAGES = {
  invalidLink: "Invalid reset link. Please try requesting a new password reset.",
  expiredLink: "Invalid or expired reset link. Please request a new one.",
  verified: "Reset link verified! Please enter your new password.",
  verifying: "Verifying reset link...",
  invalidSession: "Invalid reset session. Please request a new password reset.",
  updateFailed: "Failed to update password",
  generic: "Something went wrong. Please try again.",
  success: "Password updated successfully! Please sign in with your new password.",
} as const;
