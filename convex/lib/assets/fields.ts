// What an asset of each kind holds, one entry per field. Everything about a field is said
// here once; the rest is derived from it: the stored shape and the functions' validators
// (tables.ts), cleaning, the server's checks and their messages, the search text (rules.ts),
// history labels (diff.ts), CSV import columns and export (csv/import.ts, exports.ts), the
// tag/edit form, the detail page, the inventory's columns, label lines and /verify.
// Adding a field to a kind is one entry below (tests/convex/field-table.test.ts proves it).
import { CHAINS, CHAIN_LABELS, ADDRESS_HINTS, contractAddressError, tokenIdError, type Chain } from "./chains";
import type { DocumentType } from "./fileRules";

/**
 * line: one line of text; text: several lines; date: YYYY-MM-DD, not in the future (unless `future`);
 * money: an amount in a currency (lib/money/currency.ts), typed as "12.50", "£12.50" or "12.50 EUR"; count: a whole number, 0 or more;
 * url: http(s) only; choice: one of `options`; identifier: a maker's serial, frame number
 * or IMEI, stored normalised (upper case, letters and digits only) so it is found however it was typed.
 */
type FieldType = "line" | "text" | "date" | "money" | "count" | "url" | "choice" | "identifier";

type Values = Readonly<Record<string, unknown>>;

export type FieldSpec = {
  readonly key: string;
  readonly label: string;
  readonly type: FieldType;
  /** Characters (text types) or the largest value (count). */
  readonly max?: number;
  /** Stored on every asset of the kind; empty is refused with "{label} is required". */
  readonly required?: boolean;
  readonly options?: readonly string[];
  readonly optionLabels?: Readonly<Record<string, string>>;
  /** Its text goes into the search index. */
  readonly searchable?: boolean;
  /** Its CSV column (export, and import for kinds that import), and headers other tools use for it. */
  readonly csv?: { readonly column: string; readonly synonyms?: readonly string[] };
  /** Shown on /verify for a public asset; `maskedBy` names the choice field that says "whole" (else masked). */
  readonly verify?: boolean | { readonly maskedBy: string };
  /** Printed on the item's labels, under its name. */
  readonly onLabel?: boolean;
  /** A column of the kind's list (the business inventory), with its short header. */
  readonly column?: string;
  /** A format rule beyond the type's: the value must match `test`. */
  readonly pattern?: { readonly test: RegExp; readonly message: string };
  /** A date that may lie ahead (a warranty's end, a custom "next inspection"); other dates are things that happened. */
  readonly future?: boolean;
  /** The item's document of this type (assetFiles' types) is linked beside the value: the receipt beside what it cost. */
  readonly beside?: DocumentType;
  /** Does not apply while field `key` holds `value` (a lifetime warranty has no end): not shown, not stored. */
  readonly unless?: { readonly key: string; readonly value: string };
  /** A rule that depends on other fields (an NFT's chain); replaces the required check. */
  readonly check?: (value: string, details: Values) => string | null;
  /** How the form presents it. */
  readonly form?: {
    readonly placeholder?: string;
    readonly hint?: string | ((details: Values) => string);
    readonly wide?: boolean;
    readonly mono?: boolean;
    readonly initial?: string;
  };
};

export const ASSET_LIMITS = {
  name: 100,
  description: 2000,
  category: 60,
  short: 100,
  location: 200,
  url: 2048,
  sku: 64,
  identifier: 64,
  instructions: 5000,
  quantity: 1_000_000_000,
} as const;

/** Fields every asset has, stored on the asset itself rather than in its details. */
export const COMMON_FIELDS = [
  { key: "name", label: "Name", type: "line", max: ASSET_LIMITS.name, required: true, searchable: true,
    csv: { column: "name", synonyms: ["item", "itemname", "product", "productname", "title"] } },
  { key: "category", label: "Category", type: "line", max: ASSET_LIMITS.category, searchable: true, column: "Category",
    csv: { column: "category", synonyms: ["type", "group", "department"] } },
  { key: "description", label: "Description", type: "text", max: ASSET_LIMITS.description, searchable: true,
    csv: { column: "description", synonyms: ["notes", "details", "comment"] } },
] as const satisfies readonly FieldSpec[];

const location = (placeholder: string, wide: boolean) =>
  ({ key: "location", label: "Location", type: "line", max: ASSET_LIMITS.location, searchable: true, column: "Location",
    csv: { column: "location", synonyms: ["place", "site", "warehouse", "bin", "shelf"] }, form: { placeholder, wide } }) as const;

const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

const SERIAL_SHOWN = ["masked", "whole"] as const;
const WARRANTY_KINDS = ["dated", "lifetime"] as const;

// The warranty: the Upcoming list and the reminders (lib/upkeep/) read its end; a lifetime one has none.
const WARRANTY_FIELDS = [
  { key: "warranty", label: "Warranty", type: "choice", options: WARRANTY_KINDS,
    optionLabels: { dated: "Until an end date (or none)", lifetime: "Lifetime" }, csv: { column: "warranty" }, form: { initial: "dated" } },
  { key: "warrantyEnd", label: "Warranty ends", type: "date", future: true, beside: "warranty", csv: { column: "warranty_end" },
    unless: { key: "warranty", value: "lifetime" }, form: { hint: "Owners and admins are reminded a month before it ends." } },
] as const;

/** Each kind's own fields, in the form's order. */
export const KIND_FIELD_SPECS = {
  general: [
    { key: "brand", label: "Brand", type: "line", max: ASSET_LIMITS.short, searchable: true, verify: true, csv: { column: "brand" } },
    { key: "model", label: "Model", type: "line", max: ASSET_LIMITS.short, searchable: true, verify: true, csv: { column: "model" } },
    { key: "colour", label: "Colour", type: "line", max: 60, searchable: true, verify: true, csv: { column: "colour" } },
    { key: "makerSerial", label: "Maker's serial number", type: "identifier", max: ASSET_LIMITS.identifier, searchable: true,
      verify: { maskedBy: "makerSerialShown" }, csv: { column: "maker_serial" },
      form: { hint: "Frame number, IMEI or the serial the maker put on it. Buyers can check it on the verify page.", mono: true } },
    { key: "makerSerialShown", label: "Maker's serial on the verify page", type: "choice", options: SERIAL_SHOWN,
      optionLabels: { masked: "Masked: last 4 characters", whole: "In full" }, form: { initial: "masked" } },
    { key: "purchaseDate", label: "Purchase date", type: "date", csv: { column: "purchase_date" } },
    { key: "purchaseValue", label: "Purchase value", type: "money", beside: "receipt", csv: { column: "purchase_value" }, form: { placeholder: "1200.00" } },
    ...WARRANTY_FIELDS,
    location("Where it is usually kept", true),
  ],
  nft: [
    { key: "chain", label: "Chain", type: "choice", required: true, options: CHAINS, optionLabels: CHAIN_LABELS, searchable: true,
      csv: { column: "chain" }, form: { initial: "ethereum" } },
    { key: "tokenId", label: "Token ID", type: "line", required: true, searchable: true, csv: { column: "token_id" },
      check: (value, d) => tokenIdError(d.chain as Chain, value),
      form: { hint: (d) => (d.chain === "solana" ? "Optional on Solana" : "Digits only") } },
    { key: "contractAddress", label: "Contract address", type: "line", required: true, searchable: true, csv: { column: "contract_address" },
      check: (value, d) => contractAddressError(d.chain as Chain, value),
      form: { wide: true, mono: true, hint: (d) => ADDRESS_HINTS[d.chain as Chain] } },
    { key: "marketplaceUrl", label: "Marketplace URL", type: "url", max: ASSET_LIMITS.url, csv: { column: "marketplace_url" },
      form: { wide: true, placeholder: "https://opensea.io/assets/..." } },
  ],
  will: [
    { key: "instructions", label: "Instructions", type: "text", max: ASSET_LIMITS.instructions, form: { placeholder: "What should happen to this asset" } },
  ],
  business: [
    { key: "sku", label: "SKU", type: "line", max: ASSET_LIMITS.sku, required: true, searchable: true, onLabel: true, column: "SKU", form: { mono: true },
      pattern: { test: SKU, message: "SKU may use letters, digits, dots, dashes and slashes" },
      csv: { column: "sku", synonyms: ["code", "itemcode", "productcode", "partnumber", "reference", "ref"] } },
    { key: "quantity", label: "Quantity", type: "count", max: ASSET_LIMITS.quantity, required: true, column: "Qty",
      csv: { column: "quantity", synonyms: ["qty", "stock", "count", "onhand", "units"] }, form: { initial: "1" } },
    { key: "unitCost", label: "Unit cost", type: "money", column: "Unit cost", beside: "invoice",
      csv: { column: "unit_cost", synonyms: ["cost", "unitprice", "price", "costeach"] }, form: { placeholder: "25.00" } },
    location("Warehouse, shelf", false),
  ],
} as const satisfies Record<string, readonly FieldSpec[]>; // every kind: tables.ts derives each kind's details from it
