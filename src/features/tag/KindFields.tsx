import { CHAINS } from "../../../convex/lib/assets/tables";
import { ADDRESS_HINTS, CHAIN_LABELS } from "../../../convex/lib/assets/chains";
import type { FieldErrors } from "../../../convex/lib/assets/rules";
import { Link } from "react-router";
import { PRICE_CURRENCY } from "../../../convex/lib/constants";
import { Input, Select, Textarea } from "../../ui";
import type { FormState } from "./formModel";

export type FieldsProps = {
  form: FormState;
  errors: FieldErrors;
  set: (patch: Partial<FormState>) => void;
};

function GeneralFields({ form, errors, set }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input label="Brand" value={form.brand} error={errors.brand} onChange={(e) => set({ brand: e.target.value })} />
      <Input label="Model" value={form.model} error={errors.model} onChange={(e) => set({ model: e.target.value })} />
      <Input label="Purchase date" type="date" value={form.purchaseDate} error={errors.purchaseDate} onChange={(e) => set({ purchaseDate: e.target.value })} />
      <Input label="Purchase value" unit={PRICE_CURRENCY} inputMode="decimal" placeholder="1200.00" value={form.purchaseValue} error={errors.purchaseValue} onChange={(e) => set({ purchaseValue: e.target.value })} />
      <Input label="Location" containerClassName="sm:col-span-2" placeholder="Where it is usually kept" value={form.location} error={errors.location} onChange={(e) => set({ location: e.target.value })} />
    </div>
  );
}

function NftFields({ form, errors, set }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select label="Chain" value={form.chain} onChange={(e) => set({ chain: e.target.value as FormState["chain"] })}>
        {CHAINS.map((c) => <option key={c} value={c}>{CHAIN_LABELS[c]}</option>)}
      </Select>
      <Input label={form.chain === "solana" ? "Token ID (optional)" : "Token ID"} required={form.chain !== "solana"} inputMode="numeric" value={form.tokenId} error={errors.tokenId} onChange={(e) => set({ tokenId: e.target.value })} />
      <Input label="Contract address" required containerClassName="sm:col-span-2" className="font-mono" autoComplete="off" spellCheck={false}
        hint={ADDRESS_HINTS[form.chain]} value={form.contractAddress} error={errors.contractAddress} onChange={(e) => set({ contractAddress: e.target.value })} />
      <Input label="Marketplace URL" containerClassName="sm:col-span-2" type="url" placeholder="https://opensea.io/assets/..." value={form.marketplaceUrl} error={errors.marketplaceUrl} onChange={(e) => set({ marketplaceUrl: e.target.value })} />
    </div>
  );
}

function WillFields({ form, errors, set }: FieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        Beneficiaries come from your next of kin: after tagging, choose who receives it (and their share) on the asset's page or on{" "}
        <Link to="/nok" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">Next of kin</Link>.
      </p>
      <Textarea label="Instructions" rows={4} placeholder="What should happen to this asset" value={form.instructions} error={errors.instructions} onChange={(e) => set({ instructions: e.target.value })} />
    </div>
  );
}

function BusinessFields({ form, errors, set }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input label="SKU" required value={form.sku} error={errors.sku} onChange={(e) => set({ sku: e.target.value })} />
      <Input label="Quantity" required inputMode="numeric" value={form.quantity} error={errors.quantity} onChange={(e) => set({ quantity: e.target.value })} />
      <Input label="Unit cost" unit={PRICE_CURRENCY} inputMode="decimal" placeholder="25.00" value={form.unitCost} error={errors.unitCost} onChange={(e) => set({ unitCost: e.target.value })} />
      <Input label="Location" placeholder="Warehouse, shelf" value={form.location} error={errors.location} onChange={(e) => set({ location: e.target.value })} />
    </div>
  );
}

export const KIND_FIELDS = { general: GeneralFields, nft: NftFields, will: WillFields, business: BusinessFields } as const;
