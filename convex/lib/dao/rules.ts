// DAO proposals: shapes shared by schema, args and returns, the input
// rules, and the outcome. src/ imports the limits, messages and `outcome`.
import { omit } from "convex-helpers";
import { withSystemFields } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { messageNumber } from "../errors";
import { hasControlChars, oneLineMessage } from "../oneLine";

export const DAO_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  optionsMin: 2,
  optionsMax: 6,
  optionMax: 80,
  quorumMax: 1_000_000_000,
} as const;
export const DAO_LIST_LIMIT = 50;

export const DAO_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${DAO_LIMITS.titleMax} characters`,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${DAO_LIMITS.descriptionMax} characters`,
  optionCount: `A proposal needs ${DAO_LIMITS.optionsMin} to ${DAO_LIMITS.optionsMax} options`,
  optionBlank: "Options cannot be empty",
  optionTooLong: `Each option must be at most ${DAO_LIMITS.optionMax} characters`,
  optionDuplicate: "Options must all be different",
  badTime: "Start and end must be valid dates",
  endBeforeStart: "The end must be after the start",
  endInPast: "The end must be in the future",
  quorum: `Quorum must be a whole number of TMT from 0 to ${messageNumber(DAO_LIMITS.quorumMax)}`,
  notFound: "Proposal not found",
  notStarted: "Voting has not started yet",
  closed: "Voting has closed for this proposal",
  unknownOption: "Unknown option for this proposal",
} as const;

/**
 * When a vote's weight is measured: the voter's TMT balance as it stood when the proposal
 * opened, so TMT bought, earned, spent or passed on during a vote changes nothing. /dao,
 * /documentation and the terms say it in these words.
 */
export const WEIGHT_MOMENT = "as it stood when the proposal opened";

/** The moment that counts: the proposal's start, or its creation if it was created already open. */
export function openedAt(p: { startsAt: number; _creationTime: number }): number {
  return Math.max(p.startsAt, p._creationTime);
}

export const proposalFields = {
  title: v.string(),
  description: v.string(),
  options: v.array(v.string()),
  startsAt: v.number(),
  endsAt: v.number(),
  // Total vote weight (TMT) needed for the result to count.
  quorum: v.number(),
  createdBy: v.id("users"),
};

export const tallyFields = {
  proposalId: v.id("proposals"),
  // Per option, in the proposal's option order.
  weights: v.array(v.number()),
  counts: v.array(v.number()),
};

export const voteFields = {
  proposalId: v.id("proposals"),
  voterId: v.id("users"),
  option: v.number(),
  // The voter's balance as it stood when the proposal opened.
  weight: v.number(),
  castAt: v.number(),
};

const myVoteValidator = v.object({ option: v.number(), weight: v.number(), castAt: v.number() });

// What a member sees of a proposal: its table fields but the author, plus the live tally.
export const proposalViewValidator = v.object({
  ...withSystemFields("proposals", omit(proposalFields, ["createdBy"])),
  weights: v.array(v.number()),
  counts: v.array(v.number()),
  myVote: v.union(v.null(), myVoteValidator),
  // The viewer's weight on this proposal (their balance at its opening, or so far); null to visitors.
  myWeight: v.union(v.null(), v.number()),
});
export type ProposalView = Infer<typeof proposalViewValidator>;

export type ProposalInput = {
  title: string;
  description: string;
  options: string[];
  startsAt: number;
  endsAt: number;
  quorum: number;
};

/** Cleans a new proposal, or names the first thing wrong with it. */
/** The proposal field a refusal is about, so the form can mark and focus it. */
export type ProposalField = "title" | "description" | "options" | "startsAt" | "endsAt" | "quorum";

export function checkProposal(
  input: ProposalInput,
  now: number,
): { ok: true; value: ProposalInput } | { ok: false; message: string; field: ProposalField } {
  const fail = (message: string, field: ProposalField) => ({ ok: false as const, message, field });
  const title = input.title.trim();
  const description = input.description.trim();
  const options = input.options.map((o) => o.trim());
  if (title === "") return fail(DAO_MESSAGES.titleRequired, "title");
  if (title.length > DAO_LIMITS.titleMax) return fail(DAO_MESSAGES.titleTooLong, "title");
  if (hasControlChars(title)) return fail(oneLineMessage("Title"), "title");
  if (description === "") return fail(DAO_MESSAGES.descriptionRequired, "description");
  if (description.length > DAO_LIMITS.descriptionMax) return fail(DAO_MESSAGES.descriptionTooLong, "description");
  if (options.length < DAO_LIMITS.optionsMin || options.length > DAO_LIMITS.optionsMax) {
    return fail(DAO_MESSAGES.optionCount, "options");
  }
  if (options.some((o) => o === "")) return fail(DAO_MESSAGES.optionBlank, "options");
  if (options.some((o) => o.length > DAO_LIMITS.optionMax)) return fail(DAO_MESSAGES.optionTooLong, "options");
  if (options.some(hasControlChars)) return fail(oneLineMessage("Options"), "options");
  if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return fail(DAO_MESSAGES.optionDuplicate, "options");
  if (!Number.isFinite(input.startsAt)) return fail(DAO_MESSAGES.badTime, "startsAt");
  if (!Number.isFinite(input.endsAt)) return fail(DAO_MESSAGES.badTime, "endsAt");
  if (input.endsAt <= input.startsAt) return fail(DAO_MESSAGES.endBeforeStart, "endsAt");
  if (input.endsAt <= now) return fail(DAO_MESSAGES.endInPast, "endsAt");
  if (!Number.isSafeInteger(input.quorum) || input.quorum < 0 || input.quorum > DAO_LIMITS.quorumMax) {
    return fail(DAO_MESSAGES.quorum, "quorum");
  }
  return { ok: true, value: { ...input, title, description, options } };
}

export type Phase = "upcoming" | "open" | "closed";

export function proposalPhase(p: { startsAt: number; endsAt: number }, now: number): Phase {
  if (now < p.startsAt) return "upcoming";
  return now < p.endsAt ? "open" : "closed";
}

export type Outcome = {
  totalWeight: number;
  totalVotes: number;
  quorumReached: boolean;
  /** Index of the option with the most weight; null on a tie, with no weight, or below quorum. */
  winner: number | null;
  tied: boolean;
};

/** The result as it stands (final once the proposal has ended). */
export function outcome(p: { weights: number[]; counts: number[]; quorum: number }): Outcome {
  const totalWeight = p.weights.reduce((a, b) => a + b, 0);
  const totalVotes = p.counts.reduce((a, b) => a + b, 0);
  const quorumReached = totalVotes > 0 && totalWeight >= p.quorum;
  const top = Math.max(0, ...p.weights);
  const leaders = p.weights.flatMap((w, i) => (w === top ? [i] : []));
  const tied = top > 0 && leaders.length > 1;
  const winner = quorumReached && top > 0 && !tied ? leaders[0] : null;
  return { totalWeight, totalVotes, quorumReached, winner, tied };
}
