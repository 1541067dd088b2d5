// The dao tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { proposalFields, tallyFields, voteFields } from "./rules";

export const daoTables = {
  // DAO: proposals, one vote per member per proposal, and one tally
  // document per proposal that the vote mutation keeps current (the live tally reads it alone).
  // A member's own proposals and votes, for their data export.
  proposals: defineTable(proposalFields).index("by_createdBy", ["createdBy"]),
  proposalTallies: defineTable(tallyFields)
    // The tally of one proposal.
    .index("by_proposalId", ["proposalId"]),
  votes: defineTable(voteFields)
    // A member's vote on a proposal (one each; changed in place).
    .index("by_proposalId_and_voterId", ["proposalId", "voterId"])
    .index("by_voterId", ["voterId"]),
};
