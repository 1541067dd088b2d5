import { useMutation } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "../../../convex/_generated/api";
import { FOUND_CONTACT_MAX, FOUND_MESSAGE_MAX, VERIFY_MESSAGES } from "../../../convex/lib/verify/rules";
import { Button, Input, Textarea, Form, RequiredMark } from "../../ui";
import { visitorId } from "./visitorId";

const REPORT_TEXT = {
  title: "Report found",
  intro: "Found this item? Send its owner a message. They get it in the app and by email; your details stay private unless you add them.",
  message: "Message for the owner",
  contact: "Your email or phone (optional)",
  submit: "Send to owner",
  sending: "Sending...",
  sent: "Thank you! Your message has been sent to the owner.",
  failed: "Something went wrong. Please try again.",
} as const;

function errorMessage(error: unknown): string {
  const data = (error as { data?: { message?: unknown } }).data;
  return typeof data?.message === "string" ? data.message : REPORT_TEXT.failed;
}

export function ReportFoundForm({ serial }: { serial: string }) {
  const report = useMutation(api.verify.reportFound);
  const messageId = useId();
  const [message, setMessage] = useState("");
  const [contact, setContact] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === "") return setError(VERIFY_MESSAGES.emptyMessage);
    setSending(true);
    setError(null);
    try {
      await report({ serial, message, contact: contact.trim() || undefined, visitorId: visitorId() });
      setSent(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="report-found" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="report-found" className="text-lg font-semibold text-slate-900 dark:text-white">
        {REPORT_TEXT.title}
      </h2>
      {sent ? (
        <p role="status" className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {REPORT_TEXT.sent}
        </p>
      ) : (
        <Form onSubmit={submit} aria-label={REPORT_TEXT.title} className="mt-2 flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{REPORT_TEXT.intro}</p>
          <div className="flex flex-col gap-1.5">
            <div className="flex items-baseline">
              <label htmlFor={messageId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {REPORT_TEXT.message}
              </label>
              <RequiredMark />
            </div>
            <Textarea
              id={messageId}
              required
              aria-invalid={error !== null && message.trim() === "" ? true : undefined}
              rows={4}
              maxLength={FOUND_MESSAGE_MAX}
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setError(null);
              }}
            />
            <p className="text-right text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {message.length}/{FOUND_MESSAGE_MAX}
            </p>
          </div>
          <Input
            label={REPORT_TEXT.contact}
            value={contact}
            maxLength={FOUND_CONTACT_MAX}
            autoComplete="email"
            onChange={(e) => setContact(e.target.value)}
          />
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <Button type="submit" loading={sending} loadingText={REPORT_TEXT.sending} className="self-start">
            {REPORT_TEXT.submit}
          </Button>
        </Form>
      )}
    </section>
  );
}
