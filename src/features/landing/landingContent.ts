import { REFERRAL_REWARD, SIGNUP_BONUS, TAGGING_COST } from "../../../convex/lib/constants";
import { formatTmt } from "../../lib/format";

export const KINDS = [
  {
    title: "General Tagging",
    text: "Bikes, laptops, watches, art: give each one a serial number and photos that prove it is yours.",
    to: "/general-tagging",
  },
  {
    title: "NFT Tagging",
    text: "Keep digital assets and NFTs in the same registry as the things on your shelf.",
    to: "/nft-tagging",
  },
  {
    title: "MyWill Tagging",
    text: "Name your next of kin and choose who inherits each asset, released only when the time comes.",
    to: "/mywill-tagging",
  },
  {
    title: "Business Tagging",
    text: "Tag stock at scale, import and export it as CSV, and let customers check genuine products.",
    to: "/business-tagging",
  },
] as const;

export const VERIFY_STEPS = [
  { title: "Tag", text: "The owner registers the item and gets a serial number like TMT-7K2Q-94XD." },
  { title: "Mark", text: "Lost, stolen or transferred: the status changes everywhere the moment the owner says so." },
  { title: "Check", text: "Anyone types the serial at /verify and sees the item, its status and a masked owner." },
] as const;

export const TOKEN_POINTS = [
  { figure: formatTmt(SIGNUP_BONUS), text: "welcome bonus for joining" },
  { figure: formatTmt(REFERRAL_REWARD), text: "for each friend who joins with your link and verifies" },
  { figure: formatTmt(TAGGING_COST), text: "to tag an asset; your balance also weighs your DAO votes" },
] as const;
