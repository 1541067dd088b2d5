import { useQuery } from "convex/react";
import { useState } from "react";
import { api } from "../../../convex/_generated/api";
import { PageSpinner } from "../../ui";
import { OutboxMessage } from "./OutboxMessage";

const KEY_STORAGE = "tmt.devOutboxKey";

/**
 * The key `npm run dev` prints in the outbox link (#key=…). Kept for the tab's
 * session so the page survives a reload, and taken out of the address bar.
 */
function readOutboxKey(): string {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get("key");
  if (fromHash) {
    sessionStorage.setItem(KEY_STORAGE, fromHash);
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    return fromHash;
  }
  return sessionStorage.getItem(KEY_STORAGE) ?? "";
}

/**
 * The dev inbox: e-mails and text messages the deployment would have sent.
 * The server returns null unless it runs with LOCAL_OUTBOX (the local backend) and
 * the key matches.
 */
export default function DevOutboxPage() {
  const [key] = useState(readOutboxKey);
  const messages = useQuery(api.outbox.list, { key });

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">
        Development
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Dev outbox</h1>
      {messages === undefined ? (
        <PageSpinner label="Loading messages..." />
      ) : messages === null ? (
        <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          The dev outbox is not available here. It works only on a local backend (started by{" "}
          <code className="font-mono">npm run dev</code>), and only through the link with its key that{" "}
          <code className="font-mono">npm run dev</code> prints, because it shows reset links and sign-in codes.
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            E-mails and text messages sent by this local backend, newest first. The list updates live.
          </p>
          {messages.length === 0 ? (
            <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
              No messages yet. Sign up or request a code and it will appear here.
            </p>
          ) : (
            <ol className="mt-8 space-y-4">
              {[...messages]
                .sort((a, b) => b._creationTime - a._creationTime)
                .map((message) => (
                  <OutboxMessage key={message._id} message={message} />
                ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
