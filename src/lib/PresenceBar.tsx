// Who else is on this page of the workspace, live (@convex-dev/presence's hook): joins on
// mount, beats while the tab is visible, leaves on unmount, on a hidden tab and (by beacon)
// when the tab closes; the server times out a tab that vanished without a word.
import usePresence from "@convex-dev/presence/react";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import { PRESENCE_INTERVAL_MS, roomId, type PresencePage } from "../../convex/lib/presence/rooms";
import { cn } from "../ui";
import { presenceText } from "./presenceText";
import { useWorkspace } from "./useWorkspace";

const FALLBACK_NAME = "A member";

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("");
}

type Props = { page: PresencePage; className?: string };

function Room({ room, me, className }: { room: string; me: string; className?: string }) {
  const present = usePresence(api.presence, room, me, PRESENCE_INTERVAL_MS);
  const others = (present ?? []).filter((p) => p.online && p.userId !== me).map((p) => p.name ?? FALLBACK_NAME);
  const text = presenceText(others);
  // The live region is there from the start, so arrivals are announced; empty while alone.
  return (
    <div aria-live="polite">
      {text !== null && (
        <p className={cn("flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400", className)}>
          <span aria-hidden="true" className="flex -space-x-2">
            {others.slice(0, 3).map((name, i) => (
              <span key={i} className="inline-flex size-7 items-center justify-center rounded-full border-2 border-white bg-indigo-100 text-xs font-semibold text-indigo-800 dark:border-slate-900 dark:bg-indigo-900 dark:text-indigo-100">
                {initials(name)}
              </span>
            ))}
          </span>
          <span>{text}</span>
        </p>
      )}
    </div>
  );
}

/** The others on `page` of the current workspace, by name; nothing while signed out or loading. */
export function PresenceBar({ page, className }: Props) {
  const { isAuthenticated } = useConvexAuth();
  const me = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  const { workspaceId } = useWorkspace();
  if (!me || workspaceId === null) return null;
  return <Room room={roomId(workspaceId, page)} me={me._id} className={className} />;
}
