import { QRCodeSVG } from "qrcode.react";
import { toast } from "sonner";
import { Button } from "../../ui";
import { REFERRAL_TEXT, shareLink } from "./referralFormat";

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(REFERRAL_TEXT.copied);
  } catch {
    toast.error(REFERRAL_TEXT.copyFailed);
  }
}

/** My code, my link with a copy button, and the link as a QR code. */
export function ShareCard({ code }: { code: string }) {
  const link = shareLink(code);
  return (
    <section
      aria-labelledby="share-heading"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <h2 id="share-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Share your link
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Friends who sign up through it are linked to you, and you earn TMT when they verify.
        </p>
        <p className="mt-5 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
          Your referral code
        </p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest text-slate-900 dark:text-white" data-testid="referral-code">
          {code}
        </p>
        <label htmlFor="referral-link" className="mt-5 block text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
          Your share link
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="referral-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
          />
          <Button onClick={() => void copy(link)}>Copy link</Button>
        </div>
      </div>
      <figure className="flex flex-col items-center justify-center gap-2 justify-self-center">
        <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200 dark:ring-slate-700">
          <QRCodeSVG value={link} size={148} marginSize={0} title="QR code of your referral link" role="img" aria-label="QR code of your referral link" />
        </div>
        <figcaption className="text-xs text-slate-500 dark:text-slate-400">Scan to open your link</figcaption>
      </figure>
    </section>
  );
}
