// What the phone sign-in and verification screens say. The wording is a product
// requirement: tests compare it word for word, so change it only on purpose.
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
