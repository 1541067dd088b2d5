// The tag/edit form's state (what people type, as text) and its conversion to
// the server's input, with the same checks the server runs.
import { assetErrors, cleanAsset, defaultVisibility, type AssetInput, type FieldErrors } from "../../../convex/lib/assets/rules";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import type { AssetKind, Chain, Visibility } from "../../../convex/lib/assets/tables";

export type FormState = {
  kind: AssetKind;
  name: string;
  description: string;
  category: string;
  visibility: Visibility;
  brand: string;
  model: string;
  purchaseDate: string;
  purchaseValue: string;
  location: string;
  chain: Chain;
  contractAddress: string;
  tokenId: string;
  marketplaceUrl: string;
  instructions: string;
  sku: string;
  quantity: string;
  unitCost: string;
};

export function emptyForm(kind: AssetKind): FormState {
  return {
    kind,
    name: "",
    description: "",
    category: "",
    visibility: defaultVisibility(kind),
    brand: "",
    model: "",
    purchaseDate: "",
    purchaseValue: "",
    location: "",
    chain: "ethereum",
    contractAddress: "",
    tokenId: "",
    marketplaceUrl: "",
    instructions: "",
    sku: "",
    quantity: "1",
    unitCost: "",
  };
}

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,10}$/;
const MONEY_MESSAGE = "Enter an amount like 1200 or 1200.50";

const minor = (major: number) => (major / 100).toFixed(2);

function parseMoney(text: string, key: string, errors: FieldErrors): number | undefined {
  const value = text.replace(/[,\s£$€]/g, "");
  if (value === "") return undefined;
  if (!MONEY.test(value)) {
    errors[key] = MONEY_MESSAGE;
    return undefined;
  }
  return Math.round(Number(value) * 100);
}

/** The server input of a form, and every field error the server would raise. */
export function toInput(form: FormState): { input: AssetInput; errors: FieldErrors } {
  const parseErrors: FieldErrors = {};
  let details: AssetInput["details"];
  if (form.kind === "general") {
    const purchaseValue = parseMoney(form.purchaseValue, "purchaseValue", parseErrors);
    details = { kind: "general", brand: form.brand, model: form.model, purchaseDate: form.purchaseDate, purchaseValue, location: form.location };
  } else if (form.kind === "nft") {
    details = { kind: "nft", chain: form.chain, contractAddress: form.contractAddress, tokenId: form.tokenId, marketplaceUrl: form.marketplaceUrl };
  } else if (form.kind === "will") {
    details = { kind: "will", instructions: form.instructions };
  } else {
    const quantityText = form.quantity.trim();
    const quantity = WHOLE.test(quantityText) ? Number(quantityText) : -1;
    const unitCost = parseMoney(form.unitCost, "unitCost", parseErrors);
    details = { kind: "business", sku: form.sku, quantity, unitCost, location: form.location };
  }
  const input = cleanAsset({
    kind: form.kind,
    name: form.name,
    description: form.description,
    category: form.category,
    visibility: form.visibility,
    details,
  });
  return { input, errors: { ...assetErrors(input), ...parseErrors } };
}

/** The values the form edits, as an asset's page or a refused save (AssetEditable) has them. */
type EditableValues = Pick<AssetDetail, "kind" | "name" | "description" | "category" | "visibility" | "details">;

/** The form pre-filled from an asset (edit). */
export function fromAsset(asset: EditableValues): FormState {
  const form = { ...emptyForm(asset.kind), name: asset.name, description: asset.description ?? "", category: asset.category ?? "", visibility: asset.visibility };
  const d = asset.details;
  if (d.kind === "general") {
    return { ...form, brand: d.brand ?? "", model: d.model ?? "", purchaseDate: d.purchaseDate ?? "", purchaseValue: d.purchaseValue === undefined ? "" : minor(d.purchaseValue), location: d.location ?? "" };
  }
  if (d.kind === "nft") return { ...form, chain: d.chain, contractAddress: d.contractAddress, tokenId: d.tokenId, marketplaceUrl: d.marketplaceUrl ?? "" };
  if (d.kind === "will") return { ...form, instructions: d.instructions ?? "" };
  return { ...form, sku: d.sku, quantity: String(d.quantity), unitCost: d.unitCost === undefined ? "" : minor(d.unitCost), location: d.location ?? "" };
}
