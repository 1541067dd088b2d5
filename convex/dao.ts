// DAO: admins create proposals, members vote with the weight of their balance as it
// stood when the proposal opened (bought or moved TMT cannot swing a vote), everyone
// reads a live tally kept in one document per proposal.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { type MutationCtx, type QueryCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { adminMutation, publicQuery, userMutation } from "./lib/access";
import {
  checkProposal,
  DAO_LIST_LIMIT,
  DAO_MESSAGES,
  openedAt,
  proposalPhase,
  WEIGHT_MOMENT,
  proposalViewValidator,
  type ProposalInput,
  type ProposalView,
} from "./lib/dao/rules";
import { appError } from "./lib/errors";
import { balanceAt } from "./lib/ledger";

async function tallyOf(ctx: QueryCtx, proposalId: Id<"proposals">) {
  return await ctx.db
    .query("proposalTallies")
    .withIndex("by_proposalId", (q) => q.eq("proposalId", proposalId))
    .unique();
}

async function voteOf(ctx: QueryCtx, proposalId: Id<"proposals">, voterId: Id<"users">) {
  return await ctx.db
    .query("votes")
    .withIndex("by_proposalId_and_voterId", (q) => q.eq("proposalId", proposalId).eq("voterId", voterId))
    .unique();
}

async function view(ctx: QueryCtx, p: Doc<"proposals">, viewer: Doc<"users"> | null): Promise<ProposalView> {
  const tally = await tallyOf(ctx, p._id);
  const zeros = p.options.map(() => 0);
  const mine = viewer === null ? null : await voteOf(ctx, p._id, viewer._id);
  // Before the opening this is the balance so far: a transaction until then changes it (and
  // re-runs the query), none after can.
  const myWeight = viewer === null ? null : await balanceAt(ctx, viewer._id, openedAt(p));
  return {
    _id: p._id,
    _creationTime: p._creationTime,
    title: p.title,
    description: p.description,
    options: p.options,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    quorum: p.quorum,
    weights: tally?.weights ?? zeros,
    counts: tally?.counts ?? zeros,
    myVote: mine === null ? null : { option: mine.option, weight: mine.weight, castAt: mine.castAt },
    myWeight,
  };
}

/** /dao: the newest proposals with their tallies and the viewer's own vote. Anyone may read. */
export const list = publicQuery({
  args: {},
  returns: v.array(proposalViewValidator),
  handler: async (ctx) => {
    const proposals = await ctx.db.query("proposals").order("desc").take(DAO_LIST_LIMIT);
    return await Promise.all(proposals.map((p) => view(ctx, p, ctx.user)));
  },
});

export const get = publicQuery({
  args: { proposalId: v.id("proposals") },
  returns: v.union(v.null(), proposalViewValidator),
  handler: async (ctx, { proposalId }) => {
    const p = await ctx.db.get("proposals", proposalId);
    return p === null ? null : await view(ctx, p, ctx.user);
  },
});

async function insertProposal(ctx: MutationCtx, createdBy: Id<"users">, input: ProposalInput) {
  const checked = checkProposal(input, Date.now());
  if (!checked.ok) throw appError("INVALID", checked.message);
  const proposalId = await ctx.db.insert("proposals", { ...checked.value, createdBy });
  const zeros = checked.value.options.map(() => 0);
  await ctx.db.insert("proposalTallies", { proposalId, weights: zeros, counts: zeros });
  return proposalId;
}

const proposalArgs = {
  title: v.string(),
  description: v.string(),
  options: v.array(v.string()),
  startsAt: v.number(),
  endsAt: v.number(),
  quorum: v.number(),
};

export const create = adminMutation({
  args: proposalArgs,
  returns: v.id("proposals"),
  handler: async (ctx, input) => await insertProposal(ctx, ctx.user._id, input),
});

/**
 * One vote per member per proposal, changeable until the end. Each cast (first or
 * changed) weighs the voter's balance as it stood when the proposal opened, read from
 * the ledger's checkpoints, and stores it with the vote.
 */
export const vote = userMutation({
  args: { proposalId: v.id("proposals"), option: v.number() },
  returns: v.object({ weight: v.number() }),
  handler: async (ctx, { proposalId, option }) => {
    const proposal = await ctx.db.get("proposals", proposalId);
    if (proposal === null) throw appError("NOT_FOUND", DAO_MESSAGES.notFound);
    const now = Date.now();
    const phase = proposalPhase(proposal, now);
    if (phase === "upcoming") throw appError("INVALID", DAO_MESSAGES.notStarted);
    if (phase === "closed") throw appError("INVALID", DAO_MESSAGES.closed);
    if (!Number.isInteger(option) || option < 0 || option >= proposal.options.length) {
      throw appError("INVALID", DAO_MESSAGES.unknownOption);
    }
    // The voter's own wallet only (balanceAt reads the user index): a workspace's wallet never adds to a member's weight.
    const weight = await balanceAt(ctx, ctx.user._id, openedAt(proposal));
    const tally = await tallyOf(ctx, proposalId);
    const weights = tally?.weights.slice() ?? proposal.options.map(() => 0);
    const counts = tally?.counts.slice() ?? proposal.options.map(() => 0);

    const previous = await voteOf(ctx, proposalId, ctx.user._id);
    if (previous !== null) {
      weights[previous.option] -= previous.weight;
      counts[previous.option] -= 1;
      await ctx.db.patch("votes", previous._id, { option, weight, castAt: now });
    } else {
      await ctx.db.insert("votes", { proposalId, voterId: ctx.user._id, option, weight, castAt: now });
    }
    weights[option] += weight;
    counts[option] += 1;
    if (tally === null) await ctx.db.insert("proposalTallies", { proposalId, weights, counts });
    else await ctx.db.patch("proposalTallies", tally._id, { weights, counts });
    return { weight };
  },
});

/** Demo data: one open proposal, created by the seeded admin, once. */
export const seedDemo = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if ((await ctx.db.query("proposals").take(1)).length > 0) return null;
    const admin = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", "admin@example.com"))
      .unique();
    if (admin === null) return null;
    const now = Date.now();
    await insertProposal(ctx, admin._id, {
      title: "Lower the tagging cost for business inventory",
      description:
        "Business members tag stock in bulk. This proposal asks whether business tags should cost less " +
        "than personal ones, so shops can register whole inventories.\n\nVote with your TMT balance " +
        `${WEIGHT_MOMENT}; ` +
        "the result counts once the quorum is reached.",
      options: ["Yes, halve it for business tags", "Keep one price for everyone", "Discount only above 100 items"],
      startsAt: now - 60 * 60 * 1000,
      endsAt: now + 14 * 24 * 60 * 60 * 1000,
      quorum: 100,
    });
    return null;
  },
});
