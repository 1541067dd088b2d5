// A workspace's activity log: who did what. Every membership change writes here, and the
// register logs its own events through the same `logActivity`, so the feed is one list.
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { displayName } from "../assets/read";
import { PRODUCT_NAME } from "../constants";
import { ROLE_LABELS } from "./rules";
import type { ActivityKind, WorkspaceRole } from "./tables";

const MAX_SUBJECT = 300;
/** The most entries one page of the feed may ask for. */
const MAX_ACTIVITY_PAGE = 50;

type ActivityInput = {
  workspaceId: Id<"workspaces">;
  /** The member who acted; omit it for someone without an account. */
  actorId?: Id<"users">;
  kind: ActivityKind;
  /** What it concerned, in words as it reads now (an address, a name). */
  subject: string;
  /** The member it concerned: the feed shows their name as it is when read. */
  userId?: Id<"users">;
  role?: WorkspaceRole;
};

/** Adds one entry to the workspace's log, in the caller's transaction. */
export async function logActivity(ctx: MutationCtx, entry: ActivityInput): Promise<void> {
  await ctx.db.insert("workspaceActivity", { ...entry, subject: entry.subject.slice(0, MAX_SUBJECT), at: Date.now() });
}

const role = (r: WorkspaceRole | undefined) => (r === undefined ? "" : ROLE_LABELS[r].toLowerCase());
const aRole = (r: WorkspaceRole | undefined) => `${/^[aeiou]/.test(role(r)) ? "an" : "a"} ${role(r)}`;

/** What the entry says after the actor's name; `member` is the concerned member's name now. */
const TEXT: Record<ActivityKind, (e: Doc<"workspaceActivity">, member: string) => string> = {
  created: (e) => `created the workspace “${e.subject}”`,
  renamed: (e) => `renamed the workspace to “${e.subject}”`,
  currency: (e) => `made ${e.subject} the currency of new amounts`,
  invited: (e) => `invited ${e.subject} as ${role(e.role)}`,
  invitationRevoked: (e) => `withdrew ${e.subject}`,
  invitationDeclined: () => "declined the invitation",
  joinLinkCreated: (e) => `created a join link for new ${role(e.role)}s`,
  joined: (e) => `joined as ${role(e.role)} ${e.subject}`,
  roleChanged: (e, member) => `made ${member} ${aRole(e.role)}`,
  removed: (_, member) => `removed ${member}`,
  left: () => "left the workspace",
  ownershipTransferred: (_, member) => `handed ownership to ${member} and became an admin`,
  itemsMoved: (e) => `moved ${e.subject}`,
  verifiedNameRequested: (e) => `asked to publish the verified name “${e.subject}”`,
  verifiedNameApproved: (e) => `approved the verified name “${e.subject}”`,
  verifiedNameDeclined: (e) => `declined the verified name “${e.subject}”`,
  verifiedNameRemoved: (e) => `removed the verified name “${e.subject}”`,
  auditStarted: (e) => `started the audit “${e.subject}”`,
  auditFinished: (e) => `finished the audit ${e.subject}`,
  auditCancelled: (e) => `cancelled the audit “${e.subject}”`,
  auditResolved: (e) => `followed up the audit ${e.subject}`,
};

/** Who an entry without an actor reads as: the invitee who declined, or the site's review of a verified name. */
function unnamedActor(e: Doc<"workspaceActivity">): string {
  if (e.kind === "invitationDeclined") return e.subject;
  if (e.kind === "verifiedNameApproved" || e.kind === "verifiedNameDeclined") return PRODUCT_NAME;
  return displayName(null);
}

type Entry = { _id: Id<"workspaceActivity">; at: number; kind: ActivityKind; actor: string; text: string };

/** One page of the feed, newest first, with members' names as they are now. */
export async function activityPage(
  ctx: QueryCtx,
  workspaceId: Id<"workspaces">,
  opts: PaginationOptions,
): Promise<PaginationResult<Entry>> {
  const result = await ctx.db
    .query("workspaceActivity")
    .withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId))
    .order("desc")
    .paginate({ ...opts, numItems: Math.min(Math.max(1, opts.numItems), MAX_ACTIVITY_PAGE) });
  const names = new Map<Id<"users">, string>();
  const nameOf = async (userId: Id<"users"> | undefined, fallback: string) => {
    if (userId === undefined) return fallback;
    if (!names.has(userId)) {
      const user = await ctx.db.get("users", userId);
      names.set(userId, user === null ? fallback : displayName(user));
    }
    return names.get(userId) ?? fallback;
  };
  const page: Entry[] = [];
  for (const e of result.page) {
    const member = await nameOf(e.userId, e.subject);
    const actor = await nameOf(e.actorId, unnamedActor(e));
    page.push({ _id: e._id, at: e.at, kind: e.kind, actor, text: TEXT[e.kind](e, member) });
  }
  return { ...result, page };
}
