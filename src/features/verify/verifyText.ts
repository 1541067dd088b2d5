import type { AssetStatus } from "../../../convex/lib/assets/tables";
import { STICKER_MESSAGES } from "../../../convex/lib/stickers/rules";
import { formatLongDate } from "../../lib/format";

export const VERIFY_TEXT = {
  loading: "Checking serial number...",
  lookupTitle: "Verify a serial number",
  lookupBody: "Type the serial printed on the tag, for example TMT-7K2Q-94XD, to see whether the item is registered and whether it has been reported lost or stolen.",
  invalidTitle: "Invalid serial number",
  invalidBody: "Serial numbers look like TMT-7K2Q-94XD: TMT, then two groups of four letters or digits.",
  notFoundTitle: "Serial not found",
  notFoundBody: "No asset is registered with this serial number. Check the label and try again: a mistyped character is the usual cause.",
  privateTitle: "Registered asset",
  privateBody: "This serial number is registered on TagMyThing. Its owner keeps the details private.",
  ownAsset: "This is your asset. Visitors see this page as it is, without this note.",
  manage: "Manage in My Assets",
  lost: "This item has been reported lost by its owner. If you have found it, please let them know with Report found below.",
  stolen:
    "Warning: this item has been reported stolen. Do not buy it. If you know where it is, tell the owner below and contact the police.",
  transferred: "This item has been transferred to a new owner.",
  verified: "Registered on TagMyThing",
  unclaimedTitle: "Unclaimed tag",
  unclaimedBody: "Nobody has registered anything with this sticker yet. Claim it to register the item it is on: the code becomes the item's serial number.",
  claimSignIn: "You sign in first, then come back to the form.",
  claim: "Claim this tag",
  makerSerialTitle: "Check a maker's serial number",
  makerSerialIntro: "Buying second-hand? Type the frame number, IMEI or the serial the maker put on it to see whether it is registered here, and whether it is reported stolen. Owners are never shown.",
  makerSerialFound: "Registered on TagMyThing:",
  makerSerialNotFound: "No public registration carries this number. That does not prove the item is not stolen: ask the seller for its TagMyThing serial number.",
  makerSerialOpen: "Open its verify page",
  makerSerialFailed: "The check failed. Please try again.",
  tooManyChecks: STICKER_MESSAGES.tooManyGuesses,
  tooManyVisitorChecks: STICKER_MESSAGES.tooManyVisitorGuesses,
} as const;

export const STATUS_WARNINGS: Partial<Record<AssetStatus, string>> = {
  lost: VERIFY_TEXT.lost,
  stolen: VERIFY_TEXT.stolen,
};

/** "This item was reported stolen on 26 November 2026." */
export const reportedStolenText = (at: number) => `This item was reported stolen on ${formatLongDate(at)}.`;
