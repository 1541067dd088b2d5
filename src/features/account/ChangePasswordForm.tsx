import { useState, type FormEvent } from "react";
import { useAction } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { MIN_PASSWORD_LENGTH } from "../../../convex/lib/constants";
import { MESSAGES } from "../../../convex/lib/errors";
import { Button, Input, Form } from "../../ui";
import { errorMessage } from "../../lib/errors";
import { useSubmit } from "../../lib/useSubmit";

type Field = "current" | "next" | "confirm";
const INPUT_NAMES: Record<Field, string> = {
  current: "current-password",
  next: "new-password",
  confirm: "confirm-password",
};
type Errors = Partial<Record<Field, string>>;

const PASSWORD_CHANGED = "Password changed successfully";
const CURRENT_REQUIRED = "Please enter your current password";
const SAME_PASSWORD = "New password must be different from your current password";
const CHANGE_FAILED = "Failed to update password";

export function ChangePasswordForm() {
  const changePassword = useAction(api.users.changePassword);
  const [values, setValues] = useState<Record<Field, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Errors>({});
  const { busy: saving, run } = useSubmit({ fallback: CHANGE_FAILED, show: "toast" });

  function validate(): Errors {
    const { current, next, confirm } = values;
    return {
      current: current ? undefined : CURRENT_REQUIRED,
      next:
        next.length < MIN_PASSWORD_LENGTH ? MESSAGES.shortPassword : next === current ? SAME_PASSWORD : undefined,
      confirm: next !== confirm ? "Passwords do not match" : undefined,
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focusField = (f: Field) => (form.elements.namedItem(INPUT_NAMES[f]) as HTMLInputElement | null)?.focus();
    const found = validate();
    setErrors(found);
    const first = (["current", "next", "confirm"] as const).find((f) => found[f]);
    if (first) return focusField(first);
    const changed = await run(async () => {
      try {
        await changePassword({ currentPassword: values.current, newPassword: values.next });
      } catch (error) {
        // A wrong current password also marks its field; the toast comes from useSubmit.
        if (errorMessage(error, CHANGE_FAILED) === MESSAGES.wrongCurrentPassword) {
          setErrors({ current: MESSAGES.wrongCurrentPassword });
          focusField("current");
        }
        throw error;
      }
    });
    if (!changed) return;
    setValues({ current: "", next: "", confirm: "" });
    toast.success(PASSWORD_CHANGED);
  }

  const field = (name: Field) => ({
    name: INPUT_NAMES[name],
    type: "password",
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <Form onSubmit={onSubmit} aria-label="Change password" className="flex max-w-md flex-col gap-4">
      <Input label="Current password" required autoComplete="current-password" {...field("current")} />
      <Input
        label="New password"
        required
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        {...field("next")}
      />
      <Input label="Confirm new password" required autoComplete="new-password" {...field("confirm")} />
      <div>
        <Button type="submit" loading={saving} loadingText="Updating...">
          Update password
        </Button>
      </div>
    </Form>
  );
}
