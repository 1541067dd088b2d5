import { SessionGuard } from "../features/account/security/SessionGuard";
import { BugReportWidget } from "../features/bugReports/BugReportWidget";
import { VisitAlertListener } from "../features/verify/VisitAlertListener";

/** What the layout adds for a signed-in member: loaded only once someone is signed in. */
export function MemberExtras() {
  return (
    <>
      {/* The floating 'Report a Bug' button. */}
      <BugReportWidget />
      {/* Verify-page visit alerts and found reports, toasted live to the owner. */}
      <VisitAlertListener />
      {/* Account security: signs this device out live when its session is ended elsewhere. */}
      <SessionGuard />
    </>
  );
}
