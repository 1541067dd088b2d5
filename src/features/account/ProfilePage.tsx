import type { ReactNode } from "react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { PageSpinner } from "../../ui";
import { AccountPage } from "./AccountPage";
import { ProfileForm } from "./ProfileForm";

/**
 * /profile: name and avatar (editable), sign-in identity and role (read-only).
 * `extraSections` lets the app shell add other domains' panels (e.g. the
 * reporter's bug reports) without features importing each other.
 */
export default function ProfilePage({ extraSections }: { extraSections?: ReactNode }) {
  const profile = useQuery(api.users.me);

  if (profile === undefined) return <PageSpinner label="Loading profile..." />;
  return (
    <AccountPage title="Profile" intro="How you appear in TagMyThing, and the details of your account.">
      {profile === null ? (
        <p role="alert" className="text-sm text-slate-600 dark:text-slate-400">
          We could not find your profile. Try signing out and in again.
        </p>
      ) : (
        // Keyed so the form starts from the stored values for this user.
        <ProfileForm key={profile._id} profile={profile} />
      )}
      {profile !== null && extraSections}
    </AccountPage>
  );
}
