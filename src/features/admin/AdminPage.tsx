import { useConvexAuth, useQuery } from "convex/react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { AdminCounts } from "./AdminCounts";
import { AuditLogPanel } from "./AuditLogPanel";
import { BusinessRequestsPanel } from "./BusinessRequestsPanel";
import { UsersTable } from "./UsersTable";
import { VerifiedNamesPanel } from "./VerifiedNamesPanel";

/** /admin (admins only; the route guard and every query check it). All panels are live. */
export default function AdminPage() {
  const { isAuthenticated } = useConvexAuth();
  const me = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  const selfId = me?._id ?? null;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Admin</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Users, roles and flags, business upgrade requests, verified business names and the audit log. Nobody can change their own access.
      </p>
      <p className="mt-1 text-sm">
        <Link to="/stickers" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">QR sticker batches of every creator</Link>
      </p>
      <div className="mt-6">
        <AdminCounts />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <UsersTable selfId={selfId} />
        <div className="flex flex-col gap-6">
          <BusinessRequestsPanel selfId={selfId} />
          <VerifiedNamesPanel />
          <AuditLogPanel />
        </div>
      </div>
    </div>
  );
}
