import { isValidElement, lazy } from "react";
import { createRoutesFromElements, matchRoutes, Navigate, Route } from "react-router";
import type { FrameId } from "../features/frames/frames";
import { lazyPage } from "../lib/lazyPage";
import { TOKEN_LINKS } from "../../convex/lib/tokenLinks";

// The guard (profile, workspaces, roles) is only needed on a guarded route: not in a visitor's first download.
const ProtectedRoute = lazy(() => import("./ProtectedRoute").then((m) => ({ default: m.ProtectedRoute })));
const AuthPage = lazyPage(() => import("../features/auth/AuthPage"));
const PhoneSignInPage = lazyPage(() => import("../features/auth/PhoneSignInPage"));
const AuthCallbackPage = lazyPage(() => import("../features/auth/AuthCallbackPage"));
const CheckEmailPage = lazyPage(() => import("../features/auth/CheckEmailPage"));
const ForgotPasswordPage = lazyPage(() => import("../features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazyPage(() => import("../features/auth/ResetPasswordPage"));
const ProfilePage = lazyPage(() => import("../features/account/ProfilePage"));
const MyBugReports = lazyPage(() => import("../features/bugReports/MyBugReports").then((m) => ({ default: m.MyBugReports })));
const SettingsPage = lazyPage(() => import("../features/account/SettingsPage"));
const InfoPage = lazyPage(() => import("../features/info/InfoPage"));
const LandingPage = lazyPage(() => import("../features/landing/LandingPage"));
const LaunchPage = lazyPage(() => import("../features/launch/LaunchPage"));
const DaoPage = lazyPage(() => import("../features/dao/DaoPage"));
const AdminPage = lazyPage(() => import("../features/admin/AdminPage"));
const BusinessUpgradePage = lazyPage(() => import("../features/businessUpgrade/BusinessUpgradePage"));
const FramePage = lazyPage(() => import("../features/frames/FramePage"));
const VerifyPage = lazyPage(() => import("../features/verify/VerifyPage"));
const TaggingLandingPage = lazyPage(() => import("../features/tagging/TaggingLandingPage"));
const PublicAssetsPage = lazyPage(() => import("../features/publicAssets/PublicAssetsPage"));
const DashboardPage = lazyPage(() => import("../features/dashboard/DashboardPage"));
const UnauthorizedPage = lazyPage(() => import("../features/frames/UnauthorizedPage"));
const DevOutboxPage = lazyPage(() => import("../features/dev/DevOutboxPage"));
const BugReportsPage = lazyPage(() => import("../features/bugReports/BugReportsPage"));
const ModeratorPage = lazyPage(() => import("../features/bugReports/ModeratorPage"));
const NewsPage = lazyPage(() => import("../features/news/NewsPage"));
const NewsManagementPage = lazyPage(() => import("../features/news/NewsManagementPage"));
const WalletPage = lazyPage(() => import("../features/wallet/WalletPage"));
const TagPage = lazyPage(() => import("../features/tag/TagPage"));
const EditAssetPage = lazyPage(() => import("../features/tag/EditAssetPage"));
const AssetsPage = lazyPage(() => import("../features/assets/AssetsPage"));
const AssetDetailPage = lazyPage(() => import("../features/assets/AssetDetailPage"));
const LabelsPage = lazyPage(() => import("../features/labels/LabelsPage"));
const StickersPage = lazyPage(() => import("../features/stickers/StickersPage"));
const NokPage = lazyPage(() => import("../features/nok/NokPage"));
const ConfirmContactPage = lazyPage(() => import("../features/nok/ConfirmContactPage"));
const ConfirmLapsePage = lazyPage(() => import("../features/legacy/ConfirmLapsePage"));
const LegacyViewPage = lazyPage(() => import("../features/legacy/LegacyViewPage"));
const BusinessDashboardPage = lazyPage(() => import("../features/business/BusinessDashboardPage"));
const ReferralsPage = lazyPage(() => import("../features/referrals/ReferralsPage"));
const WorkspacesPage = lazyPage(() => import("../features/workspaces/WorkspacesPage"));
const WorkspaceMembersPage = lazyPage(() => import("../features/workspaces/MembersPage"));
const WorkspaceActivityPage = lazyPage(() => import("../features/workspaces/ActivityPage"));
const InvitationPage = lazyPage(() => import("../features/workspaces/InvitationPage"));
const LocationsPage = lazyPage(() => import("../features/locations/LocationsPage"));
const LocationPage = lazyPage(() => import("../features/locations/LocationPage"));
const AuditsPage = lazyPage(() => import("../features/audits/AuditsPage"));
const AuditPage = lazyPage(() => import("../features/audits/AuditPage"));
const LoanPage = lazyPage(() => import("../features/loan/LoanPage"));
const ScanPage = lazyPage(() => import("../features/scan/ScanPage"));
const AdminInfluencerDashboardPage = lazyPage(() => import("../features/adminInfluencer/AdminInfluencerDashboardPage"));

const INFO_SLUGS = [
  "privacy-policy",
  "terms-of-service",
  "cookie-policy",
  "gdpr-compliance",
  "data-processing-agreement",
  "support",
  "faq",
  "about-us",
  "careers",
  "documentation",
] as const;

const PUBLIC_FRAMES: FrameId[] = [
  "influencer-signup",
];

const frameRoute = (id: FrameId) => <Route key={id} path={`/${id}`} element={<FramePage frame={id} />} />;

/** Every route of the app, rendered inside the common layout. */
export function appRoutes() {
  return (
    <>
      <Route path="/" element={<LandingPage />} />
      {["/auth", "/login", "/signup", "/business-auth"].map((path) => (
        <Route key={path} path={path} element={<AuthPage />} />
      ))}
      <Route path="/auth/phone" element={<PhoneSignInPage />} />
      <Route path={TOKEN_LINKS.emailVerification.path} element={<AuthCallbackPage />} />
      <Route path="/check-email" element={<CheckEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path={TOKEN_LINKS.passwordReset.path} element={<ResetPasswordPage />} />
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      {INFO_SLUGS.map((slug) => (
        <Route key={slug} path={`/${slug}`} element={<InfoPage slug={slug} />} />
      ))}
      {PUBLIC_FRAMES.map(frameRoute)}
      <Route path="/news" element={<NewsPage />} />
      {/* An article's shareable address: the same page (kept mounted), the article open over the list. */}
      <Route path="/news/:articleId" element={<NewsPage />} />
      <Route path="/launch" element={<LaunchPage />} />
      <Route path="/dao" element={<DaoPage />} />
      {/* Public page; requesting needs sign-in (the page says so, the server refuses visitors). */}
      <Route path="/business-upgrade" element={<BusinessUpgradePage />} />
      {/* Without a serial: the lookup form (the visitor header's Verify). */}
      <Route path="/verify" element={<VerifyPage />} />
      <Route path="/verify/:serialNumber" element={<VerifyPage />} />
      {/* Anyone may scan: members' scans open or act on their items, everyone else's verify. */}
      <Route path="/scan" element={<ScanPage />} />
      <Route path="/general-tagging" element={<TaggingLandingPage kind="general" />} />
      <Route path="/nft-tagging" element={<TaggingLandingPage kind="nft" />} />
      <Route path="/mywill-tagging" element={<TaggingLandingPage kind="will" />} />
      <Route path="/business-tagging" element={<TaggingLandingPage kind="business" />} />
      <Route path="/public-assets" element={<PublicAssetsPage />} />
      <Route path={TOKEN_LINKS.devOutbox.path} element={<DevOutboxPage />} />
      {/* Next of kin and beneficiaries act through signed links, without an account. */}
      <Route path={TOKEN_LINKS.nokConfirm.path} element={<ConfirmContactPage />} />
      <Route path={TOKEN_LINKS.lapseConfirm.path} element={<ConfirmLapsePage />} />
      <Route path={TOKEN_LINKS.legacyGrant.path} element={<LegacyViewPage />} />
      <Route path={TOKEN_LINKS.legacyGrantAsset.path} element={<LegacyViewPage />} />
      {/* Workspace invitations: visitors see what they are invited to, then sign up or in. */}
      <Route path={TOKEN_LINKS.workspaceInvite.path} element={<InvitationPage />} />
      <Route path={TOKEN_LINKS.workspaceJoin.path} element={<InvitationPage />} />
      <Route path={TOKEN_LINKS.loanAccept.path} element={<LoanPage />} />

      <Route element={<ProtectedRoute />}>
        <Route path="/nok" element={<NokPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/wallet" element={<WalletPage />} />
        <Route path="/tag" element={<TagPage />} />
        <Route path="/assets" element={<AssetsPage />} />
        <Route path="/assets/:assetId" element={<AssetDetailPage />} />
        <Route path="/assets/:assetId/edit" element={<EditAssetPage />} />
        <Route path="/labels" element={<LabelsPage />} />
        <Route path="/locations" element={<LocationsPage />} />
        <Route path="/locations/:locationId" element={<LocationPage />} />
        <Route path="/audits" element={<AuditsPage />} />
        <Route path="/audits/:auditId" element={<AuditPage />} />
        <Route path="/referrals" element={<ReferralsPage />} />
        <Route path="/profile" element={<ProfilePage extraSections={<MyBugReports />} />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/workspaces" element={<WorkspacesPage />} />
        <Route path="/workspaces/:workspaceId" element={<Navigate to="members" replace />} />
        <Route path="/workspaces/:workspaceId/members" element={<WorkspaceMembersPage />} />
        <Route path="/workspaces/:workspaceId/activity" element={<WorkspaceActivityPage />} />
      </Route>
      <Route path="/influencer-referrals" element={<Navigate to="/referrals" replace />} />
      <Route element={<ProtectedRoute requireBusiness />}>
        <Route path="/business-dashboard" element={<BusinessDashboardPage />} />
        <Route path="/stickers" element={<StickersPage />} />
      </Route>
      <Route element={<ProtectedRoute requireAdmin />}>
        <Route path="/admin" element={<AdminPage />} />
      </Route>
      <Route element={<ProtectedRoute requireAdmin allowAdminInfluencer />}>
        <Route path="/bug-reports" element={<BugReportsPage />} />
        <Route path="/news-management" element={<NewsManagementPage />} />
        <Route path="/admin-influencer-dashboard" element={<AdminInfluencerDashboardPage />} />
      </Route>
      <Route element={<ProtectedRoute requireModeration />}>
        <Route path="/moderator" element={<ModeratorPage />} />
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </>
  );
}

/**
 * Starts loading the page chunk(s) of the route at `pathname` now, rather than when the route
 * renders: on a first visit the page then downloads alongside the Convex layer, not after it.
 */
export function preloadRoutePage(pathname: string): void {
  for (const { route } of matchRoutes(createRoutesFromElements(appRoutes()), pathname) ?? []) {
    const page: unknown = isValidElement(route.element) ? route.element.type : null;
    if (typeof page === "object" && page !== null && "preload" in page && typeof page.preload === "function") page.preload();
  }
}
