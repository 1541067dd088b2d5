import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { buttonClasses, cn } from "../../ui";
import { formatDateTime } from "../../lib/format";

type Message = NonNullable<FunctionReturnType<typeof api.outbox.list>>[number];

export function OutboxMessage({ message }: { message: Message }) {
  const isEmail = message.channel === "email";
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold uppercase",
            isEmail
              ? "bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200"
              : "bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200",
          )}
        >
          {isEmail ? "Email" : "SMS"}
        </span>
        <span className="break-all font-medium text-slate-900 dark:text-white">{message.to}</span>
        <time
          dateTime={new Date(message._creationTime).toISOString()}
          className="ml-auto text-xs text-slate-500 dark:text-slate-400"
        >
          {formatDateTime(message._creationTime)}
        </time>
      </div>
      {message.subject && (
        <h2 className="mt-3 font-semibold text-slate-900 dark:text-white">{message.subject}</h2>
      )}
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700 dark:text-slate-300">{message.body}</p>
      {message.link && (
        <div className="mt-4 flex flex-col gap-2">
          <a href={message.link} className={buttonClasses("primary", "sm", "self-start")}>
            Open link
          </a>
          <a href={message.link} className="break-all text-xs text-indigo-600 underline dark:text-indigo-400">
            {message.link}
          </a>
        </div>
      )}
    </li>
  );
}
