import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AdminUserRow } from "../../../convex/lib/admin/rules";
import type { Role } from "../../../convex/lib/validators";
import { Select } from "../../ui";
import { useSubmit } from "../../lib/useSubmit";
import { RoleChangeConfirm } from "../../lib/RoleChangeConfirm";
import { ROLES } from "../../../convex/lib/validators";
import { FORMER_MEMBER } from "../../../convex/lib/privacy/rules";

type Change = { role?: Role; isBusinessUser?: boolean; isAdminInfluencer?: boolean };

const roleLabel = (role: Role) => role[0].toUpperCase() + role.slice(1);

export const userName = (user: AdminUserRow) => (user.erased ? FORMER_MEMBER : (user.email ?? user.phone ?? "No email"));

/** Sends one change through admin.setUserAccess; your own row is read-only. */
function useAccessChange(user: AdminUserRow, isSelf: boolean) {
  const setUserAccess = useMutation(api.admin.setUserAccess);
  const { busy, run } = useSubmit({ fallback: "Failed to update access", show: "toast" });
  const change = async (wanted: Change) => {
    await run(async () => {
      await setUserAccess({ userId: user._id, ...wanted });
      toast.success(`Access updated for ${userName(user)}`);
    });
  };
  // An erased account has nothing left to change.
  return { locked: isSelf || busy || user.erased, busy, change };
}

export function UserIdentity({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-slate-900 dark:text-white">
        {userName(user)}
        {isSelf && (
          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            You
          </span>
        )}
      </p>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.erased ? "Account erased" : (user.fullName ?? "No name")}</p>
    </div>
  );
}

export function RoleSelect({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const { locked, busy, change } = useAccessChange(user, isSelf);
  const [chosen, setChosen] = useState<Role | null>(null);
  return (
    <>
      <Select compact aria-label={`Role of ${userName(user)}`} value={user.role} disabled={locked} onChange={(e) => setChosen(e.target.value as Role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </Select>
      <RoleChangeConfirm
        name={userName(user)}
        role={chosen && roleLabel(chosen)}
        busy={busy}
        onCancel={() => setChosen(null)}
        onConfirm={() => void change({ role: chosen ?? undefined }).then(() => setChosen(null))}
      />
    </>
  );
}

export function FlagBoxes({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const { locked, change } = useAccessChange(user, isSelf);
  const name = userName(user);
  return (
    <div className="flex flex-wrap gap-3 text-sm text-slate-700 dark:text-slate-200">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          aria-label={`Business features for ${name}`}
          checked={user.isBusinessUser}
          disabled={locked}
          onChange={(e) => void change({ isBusinessUser: e.target.checked })}
          className="h-4 w-4 accent-indigo-600"
        />
        Business
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          aria-label={`Admin-influencer for ${name}`}
          checked={user.isAdminInfluencer}
          disabled={locked}
          onChange={(e) => void change({ isAdminInfluencer: e.target.checked })}
          className="h-4 w-4 accent-indigo-600"
        />
        Admin-influencer
      </label>
    </div>
  );
}
