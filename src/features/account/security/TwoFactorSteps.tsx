import { useState, type FormEvent } from "react";
import { useAction, useMutation } from "convex/react";
import { QRCodeSVG } from "qrcode.react";
import { toast } from "sonner";
import { api } from "../../../../convex/_generated/api";
import { Button, Input, Form } from "../../../ui";
import { groupSecret } from "./securityFormat";
import { useSubmit } from "../../../lib/useSubmit";
import { completeTotp } from "../../../lib/totpCode";
import { downloadText } from "../../../lib/downloadFile";
import { NOT_IN_SCREENSHOTS } from "../../../lib/notInScreenshots";

const STEP_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  enabled: "Two-factor authentication is on",
  disabled: "Two-factor authentication is off",
  regenerated: "New recovery codes made; the old ones no longer work",
  failed: "Something went wrong. Please try again.",
} as const;

function CodeForm({ label, submitText, busyText, onSubmit, allowRecovery = false }: {
  label: string;
  submitText: string;
  busyText: string;
  onSubmit: (code: string) => Promise<void>;
  allowRecovery?: boolean;
}) {
  const [code, setCode] = useState("");
  // A used code is spent: the button stays busy until the panel swaps this form out.
  const { busy, error, setError, run } = useSubmit({ fallback: STEP_MESSAGES.failed, busyAfterSuccess: true });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = code.trim();
    if (clean === "") return setError(STEP_MESSAGES.codeRequired);
    await run(() => onSubmit(clean));
  }

  return (
    <Form onSubmit={submit} aria-label={submitText} className="flex max-w-sm flex-col gap-3">
      <Input
        label={label}
        name="totp"
        required
        autoComplete="one-time-code"
        inputMode={allowRecovery ? "text" : "numeric"}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          // The sixth digit submits, as the SMS code boxes do (a recovery code is longer).
          const totp = completeTotp(e.target.value);
          if (totp !== null && !busy) void run(() => onSubmit(totp));
        }}
        error={error}
        hint={allowRecovery ? "Or one of your recovery codes." : undefined}
      />
      <div>
        <Button type="submit" loading={busy} loadingText={busyText}>
          {submitText}
        </Button>
      </div>
    </Form>
  );
}

export function EnrolTwoFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const start = useMutation(api.twoFactor.start);
  const confirm = useAction(api.twoFactor.confirm);
  const [pending, setPending] = useState<{ secret: string; uri: string } | null>(null);
  const { busy: starting, run } = useSubmit({ fallback: STEP_MESSAGES.failed, show: "toast" });

  async function begin() {
    await run(async () => setPending(await start({})));
  }

  if (pending === null) {
    return (
      <div>
        <Button onClick={() => void begin()} loading={starting} loadingText="Starting...">
          Set up two-factor authentication
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Scan this QR code with your authenticator app, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div {...NOT_IN_SCREENSHOTS} className="w-fit rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <QRCodeSVG value={pending.uri} size={176} title="QR code for your authenticator app" />
      </div>
      <p {...NOT_IN_SCREENSHOTS} className="text-sm text-slate-600 dark:text-slate-400">
        Setup key:{" "}
        <code data-testid="totp-secret" className="font-mono text-slate-900 [overflow-wrap:anywhere] dark:text-white">
          {groupSecret(pending.secret)}
        </code>
      </p>
      <CodeForm
        label="Authentication code"
        submitText="Verify and turn on"
        busyText="Verifying..."
        onSubmit={async (code) => {
          const { recoveryCodes } = await confirm({ code });
          toast.success(STEP_MESSAGES.enabled);
          onEnabled(recoveryCodes);
        }}
      />
    </div>
  );
}

const RECOVERY_FILE = "tagmything-recovery-codes.txt";
const RECOVERY_FILE_HEADING = "TagMyThing recovery codes: each one signs you in once, in place of your authenticator app.";

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Recovery codes copied");
    } catch {
      toast.error("Could not copy. Please write the codes down.");
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <strong className="font-semibold">Save these recovery codes now.</strong> Each one signs you in once if you
        lose your phone. They will not be shown again.
      </p>
      <ul {...NOT_IN_SCREENSHOTS} aria-label="Recovery codes" className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 dark:text-white">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => downloadText(`${RECOVERY_FILE_HEADING}\n\n${codes.join("\n")}\n`, RECOVERY_FILE, "text/plain;charset=utf-8")}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}

export function DisableTwoFactor() {
  const disable = useAction(api.twoFactor.disable);
  return (
    <CodeForm
      label="Authentication code"
      submitText="Turn off two-factor authentication"
      busyText="Turning off..."
      allowRecovery
      onSubmit={async (code) => {
        await disable({ code });
        toast.success(STEP_MESSAGES.disabled);
      }}
    />
  );
}

/** A fresh set of recovery codes, behind a button so the panel shows one code field at a time. */
export function RegenerateRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const regenerate = useAction(api.twoFactor.regenerateRecoveryCodes);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Get new recovery codes
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Enter a code from your authenticator app. Your current recovery codes will stop working.
      </p>
      <CodeForm
        label="Authenticator code"
        submitText="Make new recovery codes"
        busyText="Making codes..."
        onSubmit={async (code) => {
          const { recoveryCodes } = await regenerate({ code });
          toast.success(STEP_MESSAGES.regenerated);
          onCodes(recoveryCodes);
        }}
      />
      <div>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
