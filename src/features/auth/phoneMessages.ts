// Spec sections 4 and 8, phone rows, word for word.
export const PHONE_MESSAGES = {
  invalidNumber: "Please enter a valid phone number",
  sent: "Verification code sent!",
  sendFailed: "Failed to send verification code",
  verified: "Phone verified successfully!",
  invalidCode: "Invalid verification code",
  // Section 8, "Verification returns no user".
  noUser: "No user returned after verification",
  resent: "Verification code resent!",
  resendFailed: "Failed to resend code",
} as const;
