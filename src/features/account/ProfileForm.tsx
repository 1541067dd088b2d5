import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { FULL_NAME_MAX_LENGTH } from "../../../convex/lib/constants";
import { fullNameError, MESSAGES } from "../../../convex/lib/errors";
import type { Profile } from "../../lib/profile";
import { Button, Card, Input, Form } from "../../ui";
import { AvatarPreview } from "./AvatarPreview";
import { ROLE_LABELS, isHttpUrl } from "./profileFormat";
import { formatDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";

type Errors = { fullName?: string; avatarUrl?: string };

const PROFILE_SAVED = "Profile updated successfully";
const SAVE_FAILED = "Failed to update profile";

export function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useMutation(api.users.updateProfile);
  const [fullName, setFullName] = useState(profile.fullName ?? "");
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const { busy: saving, run } = useSubmit({ fallback: SAVE_FAILED, show: "toast" });
  const dirty = fullName.trim() !== (profile.fullName ?? "") || avatarUrl.trim() !== (profile.avatarUrl ?? "");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {
      fullName: fullNameError(fullName.trim()),
      avatarUrl: avatarUrl.trim() && !isHttpUrl(avatarUrl.trim()) ? MESSAGES.invalidAvatarUrl : undefined,
    };
    setErrors(next);
    if (next.fullName || next.avatarUrl) return;
    await run(async () => {
      await updateProfile({ fullName: fullName.trim(), avatarUrl: avatarUrl.trim() });
      toast.success(PROFILE_SAVED);
    });
  }

  return (
    <>
      <Card title="Account" description="These come from how you sign in and can't be edited here.">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Detail label={profile.email ? "Email" : "Phone"} value={profile.email ?? profile.phone ?? "Not set"} />
          <Detail
            label="Role"
            value={
              <span className="flex flex-wrap gap-1.5">
                <Badge>{ROLE_LABELS[profile.role]}</Badge>
                {profile.isBusinessUser && <Badge>Business</Badge>}
                {profile.isAdminInfluencer && <Badge>Admin influencer</Badge>}
              </span>
            }
          />
          <Detail label="Referral code" value={<span className="font-mono">{profile.referralCode}</span>} />
          <Detail label="Member since" value={formatDate(profile.createdAt)} />
        </dl>
      </Card>
      <Card title="Public profile" description="Your name and picture as other members see them.">
        <Form onSubmit={onSubmit} aria-label="Edit profile" className="flex flex-col gap-5">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <AvatarPreview key={avatarUrl.trim()} url={avatarUrl} name={fullName} fallbackText={profile.email ?? profile.phone} />
            <div className="flex w-full flex-col gap-4">
              <Input
                label="Full name"
                name="fullName"
                autoComplete="name"
                maxLength={FULL_NAME_MAX_LENGTH}
                value={fullName}
                onChange={(e) => setFullName(e.target.value)}
                error={errors.fullName}
              />
              <Input
                label="Avatar URL"
                name="avatarUrl"
                type="url"
                inputMode="url"
                placeholder="https://example.com/me.jpg"
                value={avatarUrl}
                onChange={(e) => setAvatarUrl(e.target.value)}
                error={errors.avatarUrl}
                hint="A link to an image (http:// or https://). Leave empty to show your initials."
              />
            </div>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={saving} loadingText="Saving..." disabled={!dirty}>
              Save changes
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 break-words text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200">
      {children}
    </span>
  );
}
