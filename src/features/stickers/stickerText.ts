import { STICKER_BATCH_MAX } from "../../../convex/lib/stickers/rules";
import { formatNumber } from "../../lib/format";

export const STICKER_TEXT = {
  title: "QR stickers",
  intro:
    "Print stickers before you know what they will go on. Each carries its own code: whoever scans it can register the item it is stuck on, and the code becomes that item's serial.",
  newBatch: "New batch",
  countLabel: "Number of stickers",
  countHint: `From 1 to ${formatNumber(STICKER_BATCH_MAX)} per batch.`,
  create: "Create batch",
  creating: "Creating...",
  batches: "Batches",
  noBatches: "No batches yet.",
  printSheet: "Print sheet",
  labelName: "Unclaimed tag",
  batchMissing: "This batch does not exist or is not yours.",
} as const;
