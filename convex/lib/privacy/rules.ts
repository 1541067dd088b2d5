// Account deletion: the grace period, the words the confirmation, the banner and the
// privacy policy share, and what is kept after erasure (listed once, shown everywhere).
export const DELETION_GRACE_DAYS = 30;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * 24 * 3_600_000;
/** An e-mailed or texted deletion code: six digits, valid for 15 minutes, five tries. */
export const DELETION_CODE_LENGTH = 6;
export const DELETION_CODE_TTL_MS = 15 * 60_000;
export const DELETION_CODE_TRIES = 5;
/** Rows erased per scheduled step, so each step stays well inside a mutation's limits. */
export const ERASE_BATCH = 100;

export const FORMER_MEMBER = "Former member";
/** Whether the account was erased: what is left of it is a tombstone, shown as FORMER_MEMBER. */
export const isErased = (user: { deletedAt?: number } | null): boolean => user?.deletedAt !== undefined;

export const DELETION_MESSAGES = {
  wrongCode: "That code is wrong or has expired. Request a new one.",
  noCode: "Request a code first.",
  alreadyScheduled: "Your account is already scheduled for deletion.",
  notScheduled: "Your account is not scheduled for deletion.",
  hasPassword: "Confirm with your password.",
  noAddress: "This account has no e-mail address or phone number to send a code to.",
  notSelf: "Use Settings to delete your own account.",
};

/** What deletion erases, said on the confirmation and in the privacy policy. */
export const ERASED_ON_DELETION = [
  "Your profile: name, e-mail address, phone number, avatar and referral code.",
  "Your sign-in methods, sessions, two-factor settings and devices (every session ends).",
  "Your next-of-kin contacts, legacy plan and its history.",
  "Your bug reports and their screenshots.",
  "Workspaces only you belong to, with their items, photos and files (move items you want to keep to another workspace first).",
  "Your membership of shared workspaces.",
  "Invitations, transfer offers, sign-in links and codes sent to your e-mail address or phone number (pending offers are withdrawn), and the sending limits and \"who is here\" records kept under your account.",
] as const;

/** How long a data export's download link works; the ZIP is deleted then. */
export const EXPORT_TTL_DAYS = 7;
export const EXPORT_TTL_MS = EXPORT_TTL_DAYS * 24 * 3_600_000;

/** What is kept, anonymised (the account is shown as "Former member"), and why. */
export const KEPT_AFTER_DELETION = [
  "Ledger entries (your wallet's TMT transactions and payments), with your name removed, so every balance still adds up and our accounts stay auditable.",
  "Records in shared workspaces (items you tagged, their history, activity, what was lent to you), shown as by or to a \"Former member\"; if you were a shared workspace's only owner, ownership passes to its longest-standing member.",
  "Referral records, without your name, so the referrer's rewards still add up.",
  "Audit entries the law requires us to keep (administrator role and flag changes), without your name.",
  "News articles you published as an administrator, shown as by a \"Former member\".",
  "What other people typed themselves and is not linked to your account: in a shared workspace, an outside borrower's name and contact details, who a booking is for, notes; your name and address as someone's next-of-kin contact; a message you sent an item's owner as its finder. These are their records, which they can change or delete.",
  "Copies of e-mails we sent you, held by our e-mail provider's integration: each is deleted a week after it was sent at the latest.",
  "Records of text messages we sent to your phone number (the number, the text and whether it was delivered), which our SMS provider's integration keeps as proof of delivery.",
  `A copy of a shared workspace's data that one of its owners downloaded before your account was erased (it names its members): its link and file expire within ${EXPORT_TTL_DAYS} days.`,
] as const;

/** A new export may be asked for this long after the last one. */
export const EXPORT_COOLDOWN_MS = 10 * 60_000;
/**
 * An export larger than this comes as several ZIPs, so an action never holds more than one in
 * memory, and each part can be sent back in for an import: an HTTP action takes at most 20 MiB
 * (Convex's limit, local-backend/limits.mjs), so a part stays well below it.
 */
export const EXPORT_PART_BYTES = 16 * 1024 * 1024;
/** Rows per read while building an export (each read is one bounded internal query). */
export const EXPORT_PAGE = 200;

export const EXPORT_MESSAGES = {
  busy: "Your data is already being prepared.",
  notBuilding: "No copy of your data is being prepared.",
  tooSoon: "You asked for a copy a few minutes ago. Please try again later.",
};
