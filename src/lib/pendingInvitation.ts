// A visitor who opens a workspace invitation while signed out signs in or up first. Signing
// up goes through an e-mailed link that may come back in another tab, far from the page:
// the invitation's path waits here for a day, so the e-mail callback returns to it and the
// page completes the acceptance the visitor already chose.
const KEY = "tmt.pendingInvitation";
const KEEP_MS = 24 * 60 * 60 * 1000;
const INVITATION_PATH = /^\/(invite|join)\/[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{1,100}$/;

/** Whether `path` is an invitation page's (an e-mail invitation or a join link). */
function isInvitationPath(path: string): boolean {
  return INVITATION_PATH.test(path);
}

export function rememberInvitation(path: string): void {
  if (!isInvitationPath(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Without storage the visitor opens the invitation's link again after signing up.
  }
}

/** The invitation path kept within the last day, or null. */
export function pendingInvitation(): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { path, at } = value as { path?: unknown; at?: unknown };
    if (typeof path !== "string" || typeof at !== "number" || Date.now() - at > KEEP_MS) return null;
    return isInvitationPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
