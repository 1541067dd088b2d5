export const REFERRAL_TEXT = {
  title: "Referrals",
  loading: "Loading referrals...",
  loadFailed: "Failed to load referrals",
  copied: "Referral link copied!",
  copyFailed: "Could not copy the link. Please copy it by hand.",
  empty: "No one has joined through your link yet",
  emptyHint: "Share your link or QR code. Everyone who signs up with it appears here.",
} as const;

/** The share link of a code: `${origin}/?ref=CODE`. */
export function shareLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}
