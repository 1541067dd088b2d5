// The owner is back. Once a release has started (lapsed) or happened (released), any
// sign of life from the owner (a sign-in: legacy.signedIn from the password and phone
// providers; or any mutation they make: the builders in lib/access.ts) cancels it on the
// spot: links revoked, contacts told, the log says so. "I'm still here" is one such
// sign, not the only one. (A mutation that then fails rolls its cancellation back with it.)
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { cancelRelease, getSettings, runCheck } from "./engine";

/** One indexed read when nothing is under way. */
export async function noteSignOfLife(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  const s = await getSettings(ctx, user._id);
  if (s === null || s.state === "active") return;
  const now = Date.now();
  // The clock restarts from now, or the next look would find the old silence and lapse again.
  await ctx.db.patch("users", user._id, { lastActiveAt: now });
  await cancelRelease(ctx, s, now, "You were active again: release cancelled and every link revoked");
  await runCheck(ctx, user._id, now);
}

/** What a contact reads when the owner's release is cancelled under them. */
export function releaseCancelledEmail(contact: { email: string; name: string }, ownerName: string) {
  return {
    to: contact.email,
    subject: "A legacy release was cancelled",
    body:
      `Hello ${contact.name},\n\n${ownerName} is active on TagMyThing again, so the release of their will assets ` +
      "has been cancelled. The link we sent you no longer works, and nothing more is needed from you.",
  };
}
