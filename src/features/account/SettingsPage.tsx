import { useState } from "react";
import { useQuery } from "convex/react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { useSignOut } from "../../lib/useSignOut";
import { Button, Card, PageSpinner, buttonClasses } from "../../ui";
import { AccountPage } from "./AccountPage";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { DeleteAccountCard } from "./DeleteAccountCard";
import { DownloadDataCard } from "./DownloadDataCard";
import { SessionsPanel } from "./security/SessionsPanel";
import { TwoFactorPanel } from "./security/TwoFactorPanel";

/** /settings: change password (email accounts), sessions, your data (download, deletion) and sign out. */
export default function SettingsPage() {
  const profile = useQuery(api.users.me);
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  if (profile === undefined) return <PageSpinner label="Loading profile..." />;

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
  }

  return (
    <AccountPage title="Settings" intro="Security and session settings for your account.">
      <Card title="Change password" description="Enter your current password, then choose a new one.">
        {profile?.email ? (
          <ChangePasswordForm />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            You sign in with a code sent to your phone, so there is no password to change.
          </p>
        )}
      </Card>
      <Card title="Workspaces" description="Share a household or business register: members, invitations and activity.">
        <Link to="/workspaces" className={buttonClasses("outline")}>Manage workspaces</Link>
      </Card>
      {/* Account security: TOTP two-factor, and the sessions list with the logout scopes. */}
      <TwoFactorPanel />
      <SessionsPanel />
      <DownloadDataCard />
      <DeleteAccountCard />
      <Card title="Sign out" description="End your session on this device. Saved data in this browser is cleared.">
        <Button variant="danger" onClick={handleSignOut} loading={signingOut} loadingText="Signing out...">
          Sign Out
        </Button>
      </Card>
    </AccountPage>
  );
}
