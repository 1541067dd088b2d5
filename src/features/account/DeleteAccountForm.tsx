import { useState, type FormEvent } from "react";
import { useAction } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { DELETION_CODE_LENGTH } from "../../../convex/lib/privacy/rules";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Form, Input } from "../../ui";

const FAILED = "Failed to delete your account";
const CODE_SENT = "We sent you a code. Enter it below to confirm.";

/**
 * The confirmation itself: the password, or for accounts without one a code sent to them,
 * so that a session left open on someone else's screen cannot delete the account.
 */
export function DeleteAccountForm({ confirmWith, onDone }: { confirmWith: "password" | "code"; onDone: () => void }) {
  const confirmWithPassword = useAction(api.accountDeletion.confirmWithPassword);
  const sendCode = useAction(api.accountDeletion.sendCode);
  const confirmWithCode = useAction(api.accountDeletion.confirmWithCode);
  const [secret, setSecret] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const submit = useSubmit({ fallback: FAILED });
  const sending = useSubmit({ fallback: "Failed to send the code" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (secret.trim() === "") return submit.setError(confirmWith === "password" ? "Please enter your password" : "Please enter the code");
    const done = await submit.run(() =>
      confirmWith === "password" ? confirmWithPassword({ password: secret }) : confirmWithCode({ code: secret.trim() }),
    );
    if (done) onDone();
  }

  if (confirmWith === "code" && !codeSent) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">Your account has no password. We will send a code to your email address (or phone) to confirm.</p>
        {sending.error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{sending.error}</p>}
        <Button variant="outline" loading={sending.busy} loadingText="Sending..." onClick={async () => setCodeSent(await sending.run(() => sendCode({})))}>
          Send code
        </Button>
      </div>
    );
  }

  return (
    <Form onSubmit={onSubmit} aria-label="Confirm account deletion" className="flex max-w-md flex-col gap-4">
      {confirmWith === "password" ? (
        <Input label="Password" name="password" type="password" required autoComplete="current-password" value={secret} error={submit.error ?? undefined} onChange={(e) => setSecret(e.target.value)} />
      ) : (
        <Input
          label="Code"
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={DELETION_CODE_LENGTH}
          hint={CODE_SENT}
          value={secret}
          error={submit.error ?? undefined}
          onChange={(e) => setSecret(e.target.value)}
        />
      )}
      <div>
        <Button type="submit" variant="danger" loading={submit.busy} loadingText="Deleting...">
          Delete my account
        </Button>
      </div>
    </Form>
  );
}
