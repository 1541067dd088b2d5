// Custody (check-out, acceptance, check-in): limits, messages and texts, shared by the
// server and src/. Pure: no database.
import { messageNumber } from "../errors";
import { DAY_MS } from "../legacy/rules";

/** Items one check-out or check-in may carry (a kit counts with its parts). */
export const MAX_CHECKOUT_ITEMS = 50;
/** How far ahead a due date may be. */
const MAX_LOAN_DAYS = 365;
/** How long the borrower's acceptance link works. */
export const ACCEPT_LINK_DAYS = 7;
export const MAX_BORROWER_NAME = 80;
export const MAX_CONDITION = 500;
/** Loans a page of the custody list, an item's past loans and the column read at most. */
export const LOAN_HISTORY_MAX = 10;
export const LOANS_COLUMN_MAX = 100;

export const CUSTODY_FILTERS = ["out", "overdue"] as const;
export type CustodyFilter = (typeof CUSTODY_FILTERS)[number];
export const CUSTODY_FILTER_LABELS: Record<CustodyFilter, string> = { out: "Checked out", overdue: "Overdue" };

export const CUSTODY_MESSAGES = {
  noItems: "Choose at least one item to check out",
  tooMany: `Check out at most ${messageNumber(MAX_CHECKOUT_ITEMS)} items at once, kit parts included`,
  notActive: "Only an active item can be checked out",
  alreadyOut: "This item is checked out already",
  partOfKit: "This item is part of a kit: check out the kit",
  notOut: "This item is not checked out",
  dueInPast: "The due date must be in the future",
  dueTooFar: `The due date must be within ${messageNumber(MAX_LOAN_DAYS)} days`,
  nameRequired: "Borrower name is required",
  nameTooLong: `Borrower name must be at most ${messageNumber(MAX_BORROWER_NAME)} characters`,
  badPhone: "Enter the phone number in international format, e.g. +447911123456",
  notMember: "Choose a member of this workspace",
  conditionTooLong: `Condition notes must be at most ${messageNumber(MAX_CONDITION)} characters`,
  invalidLink: "This link is no longer valid. Ask whoever lent you the items for a new one.",
  signatureRequired: "Type your full name to sign",
  alreadyAccepted: "You have accepted these items already",
  onLoanMoves: "This item is checked out: check it in first",
} as const;

/** Bookings one item may hold ahead (the overlap check reads them all). */
export const MAX_BOOKINGS_AHEAD = 100;
export const MAX_FOR_WHOM = 80;
/** How long before its start a booking's reminder goes out. */
export const BOOKING_REMINDER_MS = DAY_MS;
export const BOOKINGS_READ_MAX = 50;

export const BOOKING_MESSAGES = {
  notFound: "Booking not found",
  badWindow: "The booking must end after it starts, and start in the future",
  tooFar: `A booking must start within ${messageNumber(MAX_LOAN_DAYS)} days`,
  overlap: "This item is already booked for part of that time",
  tooMany: `An item can hold at most ${messageNumber(MAX_BOOKINGS_AHEAD)} bookings ahead`,
  forWhomRequired: "Say who the booking is for",
  forWhomTooLong: `Who it is for must be at most ${messageNumber(MAX_FOR_WHOM)} characters`,
  notOpen: "This booking is no longer open",
  partOfKit: "This item is part of a kit: book the kit",
  otherItem: "This booking is for another item",
  reminderSubject: "A booking starts soon",
  reminderBody: (items: string, start: string) => `Hello,\n\nYour booking of ${items} starts ${start}. Collect it and check it out from the item's page.`,
} as const;

/** What /verify says of a lent item: that it is lent, never to whom. */
export const ON_LOAN_NOTICE = "On loan, the owner knows.";
/** What /verify says of a kit's part. */
export const KIT_PART_NOTICE = "Part of a kit.";

/** The "to whom" filter's key: names match whatever their case and spacing. */
export function borrowerKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The due-date problem, or null. */
export function dueDateProblem(dueAt: number, now: number): string | null {
  if (!Number.isFinite(dueAt) || dueAt <= now) return CUSTODY_MESSAGES.dueInPast;
  if (dueAt > now + MAX_LOAN_DAYS * DAY_MS) return CUSTODY_MESSAGES.dueTooFar;
  return null;
}

/** Texts the borrower and the workspace receive; member-written names stay out of subjects. */
export const CUSTODY_TEXTS = {
  acceptSubject: "Items lent to you: please confirm",
  acceptBody: (lender: string, workspace: string, link: string) =>
    `Hello,\n\n${lender} of “${workspace}” lent you some items. Open this link to see them and the due date, and to confirm you have them:\n${link}\n\nIf you were not expecting this, ignore this message.`,
  acceptSms: (link: string) => `Items were lent to you. Confirm you have them: ${link}`,
  overdueSubject: "Lent items are overdue",
  overdueBorrower: (items: string) => `Hello,\n\nThe items lent to you are due back now: ${items}. Please return them or contact whoever lent them.`,
  overdueSms: (items: string) => `Reminder: please return ${items}; they are due back now.`,
  overdueWorkspace: (borrower: string, items: string, workspace: string) =>
    `Hello,\n\n${borrower} has not returned ${items} (workspace “${workspace}”), which were due back now.`,
} as const;
