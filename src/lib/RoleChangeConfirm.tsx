import { ConfirmModal } from "../ui/ConfirmModal";

const ROLE_CHANGE_TEXT = {
  title: (name: string, role: string) => `Change the role of ${name} to ${role}?`,
  body: "The new role's rights apply at once, on every device they use.",
  confirm: "Change role",
  busy: "Changing...",
} as const;

/**
 * Asked before a role change is sent: a role select changes on a stray key or scroll, and the
 * change gives or takes rights at once. `role` is the label of the role chosen (null: closed).
 */
export function RoleChangeConfirm({ name, role, busy, onCancel, onConfirm }: { name: string; role: string | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmModal
      open={role !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={role === null ? "" : ROLE_CHANGE_TEXT.title(name, role)}
      description={ROLE_CHANGE_TEXT.body}
      confirmLabel={ROLE_CHANGE_TEXT.confirm}
      busyLabel={ROLE_CHANGE_TEXT.busy}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
