import type { AssetKind } from "../../../convex/lib/assets/tables";
import { MAX_ASSET_FILES } from "../../../convex/lib/assets/fileRules";

/** What one tagging landing page says about its kind of asset. */
export interface TaggingKindInfo {
  kind: AssetKind;
  path: string;
  eyebrow: string;
  title: string;
  lead: string;
  /** Who it is for, one line each. */
  uses: { title: string; text: string }[];
  /** What the tag form asks for. */
  fields: string[];
  cta: string;
  verifyNote: string;
}

export const TAGGING_KINDS: Record<AssetKind, TaggingKindInfo> = {
  general: {
    kind: "general",
    path: "/general-tagging",
    eyebrow: "General Tagging",
    title: "Tag the things you own",
    lead: "Bikes, laptops, cameras, watches, instruments, art: give each one a serial number, photos and receipts that prove it is yours, so a lost or stolen item can find its way home.",
    uses: [
      { title: "Proof of ownership", text: "Photos, receipts and purchase details in one record you can show an insurer or the police." },
      { title: "Lost and found", text: "A finder who checks the serial sees it is registered and can message you without learning who you are." },
      { title: "Safer second-hand sales", text: "Buyers check the serial before paying; a stolen item carries a clear warning." },
    ],
    fields: ["Name, category and description", "Brand, model, colour and the maker's serial (frame number, IMEI)", "Purchase date and value, warranty end or lifetime", "Where it is kept", `Up to ${MAX_ASSET_FILES} photos, receipts, manuals and other documents`],
    cta: "Tag an item",
    verifyNote: "Stick the printable QR label on the item: scanning it opens its verify page.",
  },
  nft: {
    kind: "nft",
    path: "/nft-tagging",
    eyebrow: "NFT Tagging",
    title: "Register your digital assets and NFTs",
    lead: "Keep your NFTs in the same registry as your physical things, with the chain, contract and token id checked for the right format and a link to where it is listed.",
    uses: [
      { title: "One registry", text: "Your digital holdings beside your physical ones, with the same history of every change." },
      { title: "Provenance buyers can check", text: "The verify page shows the asset's status and how many owners it has had, never who they are." },
      { title: "Plan for what comes next", text: "Record NFTs you want to pass on, then name who inherits them with MyWill tagging." },
    ],
    fields: ["Chain", "Contract address (validated for the chain)", "Token id", "Marketplace URL", "Name, description and images"],
    cta: "Tag an NFT",
    verifyNote: "Share the verify link wherever you list the NFT so buyers can confirm it is registered to you.",
  },
  will: {
    kind: "will",
    path: "/mywill-tagging",
    eyebrow: "MyWill Tagging",
    title: "Record what passes to your next of kin",
    lead: "Tag what you want to pass on, name the beneficiaries from your next of kin and leave instructions, so your wishes are recorded with the asset itself.",
    uses: [
      { title: "Clear wishes", text: "Each item names who receives it and what share, in your own words." },
      { title: "Kept private", text: "Make the record private: the verify page then shows only that the serial exists and its status." },
      { title: "Always up to date", text: "Change beneficiaries or instructions at any time; every change is kept in the item's history." },
    ],
    fields: ["The asset's name and description", "Beneficiaries from your next of kin", "Instructions", "Photos and documents (deeds, certificates)"],
    cta: "Tag for my will",
    verifyNote: "Most will records stay private; only you see their details.",
  },
  business: {
    kind: "business",
    path: "/business-tagging",
    eyebrow: "Business Tagging",
    title: "Tag your inventory and let customers verify it",
    lead: "Give your stock serial numbers, track quantity, unit cost and location, and let customers confirm a product is genuine with one scan.",
    uses: [
      { title: "Inventory in one place", text: "SKU, quantity, unit cost and location for every tagged line." },
      { title: "Genuine products", text: "Customers scan the label and see the registered item and its status before they buy." },
      { title: "Lost stock alerts", text: "Mark stock lost or stolen and learn at once when someone checks its serial." },
    ],
    fields: ["SKU", "Quantity", "Unit cost", "Location", "Photos and documents"],
    cta: "Tag stock",
    verifyNote: "Print QR labels from the asset page and attach them to your products or packaging.",
  },
};

export const TAGGING_ORDER: AssetKind[] = ["general", "nft", "will", "business"];
