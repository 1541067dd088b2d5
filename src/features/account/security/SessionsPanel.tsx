import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../../convex/_generated/api";
import { useSignOut } from "../../../lib/useSignOut";
import { Button, Card, Spinner } from "../../../ui";
import { describeDevice, describePlace } from "./securityFormat";
import { errorMessage } from "../../../lib/errors";
import { formatDateTime } from "../../../lib/format";

const SESSION_MESSAGES = {
  othersSignedOut: "Signed out of your other devices",
  oneSignedOut: (device: string) => `Signed out of ${device}`,
  failed: "Could not sign out. Please try again.",
} as const;

/**
 * Where the account is signed in, with the logout scopes beyond this
 * device (the 'Sign out' card below is the local scope): others, and global.
 */
export function SessionsPanel() {
  const sessions = useQuery(api.sessions.list);
  const signOutScope = useMutation(api.sessions.signOut);
  const endOne = useMutation(api.sessions.end);
  const signOutHere = useSignOut();
  const [busy, setBusy] = useState<string | null>(null);

  async function end(sessionId: string, device: string) {
    setBusy(sessionId);
    try {
      await endOne({ sessionId });
      toast.success(SESSION_MESSAGES.oneSignedOut(device));
    } catch (error) {
      toast.error(errorMessage(error, SESSION_MESSAGES.failed));
    } finally {
      setBusy(null);
    }
  }

  async function run(scope: "others" | "global") {
    setBusy(scope);
    try {
      await signOutScope({ scope });
      if (scope === "global") {
        // This session is gone too: clear storage and go to / as a local sign-out does.
        await signOutHere();
        return;
      }
      toast.success(SESSION_MESSAGES.othersSignedOut);
    } catch (error) {
      toast.error(errorMessage(error, SESSION_MESSAGES.failed));
    } finally {
      setBusy(null);
    }
  }

  const list = Array.isArray(sessions) ? sessions : null;
  const others = list?.filter((s) => !s.current).length ?? 0;

  return (
    <Card title="Where you're signed in" description="Sessions of your account on this and other devices.">
      {list === null ? (
        <Spinner label="Loading sessions..." />
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((s) => {
            const device = describeDevice(s.userAgent);
            const place = describePlace(s.timeZone);
            return (
              <li key={s._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">
                    {device}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-300">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {place && <>{place} · </>}
                    Signed in {formatDateTime(s.createdAt)}
                    {s.lastSeenAt !== null && <> · last seen {formatDateTime(s.lastSeenAt)}</>}
                  </p>
                </div>
                {!s.current && (
                  <Button size="sm" variant="outline" onClick={() => void end(s._id, device)} disabled={busy !== null} loading={busy === s._id}
                    loadingText="Signing out..." aria-label={`Sign out ${device}, signed in ${formatDateTime(s.createdAt)}`}>
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void run("others")}
          disabled={busy !== null || others === 0}
          loading={busy === "others"}
          loadingText="Signing out..."
        >
          Sign out other devices
        </Button>
        <Button
          variant="danger"
          onClick={() => void run("global")}
          disabled={busy !== null}
          loading={busy === "global"}
          loadingText="Signing out..."
        >
          Sign out of all devices
        </Button>
      </div>
    </Card>
  );
}
