import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { ROLE_LABELS, WORKSPACE_MESSAGES } from "../../../convex/lib/workspaces/rules";
import { formatDate } from "../../lib/format";
import { forgetInvitation, pendingInvitation, rememberInvitation } from "../../lib/pendingInvitation";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Card, PageSpinner, buttonClasses } from "../../ui";
import { membersPath } from "./paths";
import { WS_TEXT } from "./workspaceText";

/**
 * /invite/:token (an e-mail invitation) and /join/:token (a join link). A visitor is sent to
 * sign up or sign in and comes back here; the acceptance they chose then completes by itself.
 * Accepting is a button, never the page load alone, so link scanners join nobody.
 */
export default function InvitationPage() {
  const { token = "" } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated, isLoading } = useConvexAuth();
  const preview = useQuery(api.workspaceMembers.preview, { token });
  const accept = useMutation(api.workspaceMembers.accept);
  const decline = useMutation(api.workspaceMembers.decline);
  const [declined, setDeclined] = useState(false);
  const { busy, error, run } = useSubmit({ fallback: WS_TEXT.acceptFailed, busyAfterSuccess: true });
  const declining = useSubmit({ fallback: WS_TEXT.acceptFailed });
  const resumed = useRef(false);

  const join = () =>
    void run(async () => {
      forgetInvitation();
      navigate(membersPath(await accept({ token })), { replace: true });
    });

  // Back from signing in or up: the visitor already pressed "accept" here.
  useEffect(() => {
    if (resumed.current || !isAuthenticated || !preview || pendingInvitation() !== pathname) return;
    resumed.current = true;
    if (preview.mayAccept) join();
    else forgetInvitation();
  });

  if (isLoading || preview === undefined) return <PageSpinner label="Loading invitation..." />;
  const role = preview ? ROLE_LABELS[preview.role].toLowerCase() : "";
  const via = preview?.via;
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12">
      <Card title={WS_TEXT.invitationTitle} titleAs="h1">
        {declined ? (
          <p role="status">{WS_TEXT.declined}</p>
        ) : preview === null ? (
          <p role="alert" className="text-red-700 dark:text-red-400">{WORKSPACE_MESSAGES.invalidLink}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="break-words text-slate-800 dark:text-slate-200">
              {via === "email" ? WS_TEXT.invitedYou(preview.invitedBy, preview.workspaceName, role) : WS_TEXT.linkInvites(preview.workspaceName, role)}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{WS_TEXT.expires(formatDate(preview.expiresAt))}</p>
            {(error ?? declining.error) && <p role="alert" className="text-red-700 dark:text-red-400">{error ?? declining.error}</p>}
            {!isAuthenticated ? (
              <div className="flex flex-wrap gap-3">
                <Link to="/signup" state={{ from: pathname }} onClick={() => rememberInvitation(pathname)} className={buttonClasses("primary")}>
                  {WS_TEXT.signUpToAccept}
                </Link>
                <Link to="/auth" state={{ from: pathname }} onClick={() => rememberInvitation(pathname)} className={buttonClasses("outline")}>
                  {WS_TEXT.signInToAccept}
                </Link>
              </div>
            ) : preview.alreadyMember ? (
              <p role="status">{WS_TEXT.alreadyMember} <Link to="/workspaces" className="text-indigo-700 underline dark:text-indigo-300">{WS_TEXT.open}</Link></p>
            ) : preview.mayAccept ? (
              <div className="flex flex-wrap gap-3">
                <Button onClick={join} loading={busy} loadingText={WS_TEXT.joining}>{via === "email" ? WS_TEXT.accept : WS_TEXT.join}</Button>
                {via === "link" && <Button variant="outline" onClick={() => navigate("/dashboard")}>{WS_TEXT.notNow}</Button>}
              </div>
            ) : (
              <p role="alert" className="text-red-700 dark:text-red-400">{WORKSPACE_MESSAGES.wrongAddress}</p>
            )}
            {via === "email" && !preview.alreadyMember && (
              <div>
                <Button variant="ghost" loading={declining.busy}
                  onClick={() => void declining.run(async () => {
                    await decline({ token });
                    forgetInvitation();
                    setDeclined(true);
                  })}>
                  {WS_TEXT.decline}
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}
