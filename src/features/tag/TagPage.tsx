import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { KIND_LABELS, type FieldErrors } from "../../../convex/lib/assets/rules";
import { ASSET_KINDS, type AssetKind } from "../../../convex/lib/assets/tables";
import { TAGGING_COST } from "../../../convex/lib/constants";
import { isStickerCode, normaliseSerial } from "../../../convex/lib/assets/serial";
import { STICKER_MESSAGES } from "../../../convex/lib/stickers/rules";
import { Button, Card, Form, RadioCards } from "../../ui";
import { AssetFields } from "./AssetFields";
import { FilePicker } from "./FilePicker";
import { emptyForm, toInput, type FormState } from "./formModel";
import { useCategoryFields } from "../../lib/useCategoryFields";
import { KIND_BLURBS } from "./tagText";
import { coverFirst } from "./pickedFiles";
import { uploadPicked, type PickedFile } from "./uploadFiles";
import { formatTmt } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { useUploadFile } from "../../lib/useUploadFile";
import { toastSpendFailure } from "../../lib/spendToasts";
import { useConnection } from "../../lib/useConnection";
import { forgetClaim, pendingClaim } from "../../lib/pendingClaim";
import { useMayEdit, useWorkspaceMutation } from "../../lib/useWorkspace";
import { ViewOnlyNotice } from "../../lib/ViewOnlyNotice";
import { PaidFrom, shortToTagText, usePayer } from "../../lib/PaidFrom";
import { UnsavedChangesGuard } from "../../lib/UnsavedChangesGuard";

const isKind = (value: string | null): value is AssetKind => ASSET_KINDS.includes(value as AssetKind);

/** /tag: one form per kind, files, visibility, the cost; success opens the new asset. */
export default function TagPage() {
  const [params, setParams] = useSearchParams();
  const initialKind = params.get("kind");
  // /tag?claim=CODE comes from "Claim this tag" on a sticker's verify page; a visitor who
  // signed up on the way comes back without it, and the code waits in pendingClaim.
  const [claimCode, setClaimCode] = useState(() => {
    const claimParam = normaliseSerial(params.get("claim") ?? "");
    return isStickerCode(claimParam) ? claimParam : pendingClaim();
  });
  const [form, setForm] = useState<FormState>(() => emptyForm(isKind(initialKind) ? initialKind : "general"));
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [coverId, setCoverId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // This filling-in of the form: the server tags once per key, however often it is sent.
  const [requestKey] = useState(() => crypto.randomUUID());
  const [tagged, setTagged] = useState(false);
  const dirty = !tagged && (files.length > 0 || JSON.stringify(form) !== JSON.stringify(emptyForm(form.kind)));
  const { busy, error: formError, setError: setFormError, run } = useSubmit({ fallback: "Tagging failed. Please try again.", clientErrors: true });
  const payer = usePayer();
  const uploadFile = useUploadFile();
  const tag = useWorkspaceMutation(api.assets.tag);
  const claim = useWorkspaceMutation(api.stickers.claim);
  const navigate = useNavigate();
  const connection = useConnection();
  const mayEdit = useMayEdit();
  const balanceValue = payer?.balance ?? null;
  const short = balanceValue !== null && balanceValue < TAGGING_COST;

  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }) as FormState);
  const customFields = useCategoryFields(form.category);
  function chooseKind(kind: AssetKind) {
    // Visibility goes back to the kind's default: a will asset starts private.
    setForm((f) => ({ ...emptyForm(kind), name: f.name, description: f.description, category: f.category }));
    setErrors({});
    setParams(claimCode === null ? { kind } : { kind, claim: claimCode }, { replace: true });
  }

  async function claimTag(code: string, args: Parameters<typeof tag>[0]) {
    const result = await claim({ code, ...args });
    // Claimed now, or not claimable at all: either way nothing is left to come back to.
    if (result.ok || result.reason === "notClaimable") forgetClaim();
    if (!result.ok) throw new Error(result.reason === "rateLimited" ? STICKER_MESSAGES.tooManyGuesses : STICKER_MESSAGES.notClaimable);
    return result;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { input, errors: found } = toInput(form, customFields);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      setFormError("Please fix the highlighted fields.");
      return;
    }
    await run(async () => {
      const uploaded = await uploadPicked(coverFirst(files, coverId), uploadFile);
      const args = { ...input, files: uploaded, requestKey };
      const sent = claimCode === null ? tag(args) : claimTag(claimCode, args);
      const { assetId, serial } = await sent.catch((error: unknown) => {
        // Tagging is where tokens are spent: the wallet's messages are toasted too.
        toastSpendFailure(error);
        throw error;
      });
      // Nothing left unsaved (the guard lets go at once), and the filled form is replaced in
      // history: Back goes to where tagging started, not to a form that would charge again.
      flushSync(() => setTagged(true));
      void navigate(`/assets/${assetId}`, { replace: true, state: { taggedSerial: serial } });
    });
  }

  const title = <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Tag an asset</h1>;
  if (!mayEdit) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        {title}
        <ViewOnlyNotice />
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <UnsavedChangesGuard dirty={dirty} what="this asset" />
      {title}
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Register something you own and get a serial number anyone can verify.
      </p>
      {claimCode !== null && (
        <p role="status" data-testid="claim-banner" className="mt-4 rounded-xl bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
          You are claiming the tag <code className="break-all font-mono font-semibold">{claimCode}</code>: it becomes this item's serial number.{" "}
          <button type="button" className="font-medium underline" onClick={() => { forgetClaim(); setClaimCode(null); setParams({ kind: form.kind }, { replace: true }); }}>
            Tag without this sticker
          </button>
        </p>
      )}
      <RadioCards label="Asset kind" value={form.kind} onChange={chooseKind} className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4"
        options={ASSET_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind], description: KIND_BLURBS[kind] }))} />
      <Card className="mt-6">
        <Form onSubmit={submit} className="flex flex-col gap-6" aria-label={`Tag a ${KIND_LABELS[form.kind]} asset`}>
          <AssetFields form={form} errors={errors} set={set} />
          <FilePicker files={files} onChange={setFiles} coverId={coverId} onCoverChange={setCoverId} disabled={busy} />
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            <div className="flex flex-col gap-1">
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="tag-cost">
                Tagging costs <strong>{formatTmt(TAGGING_COST)}</strong>
                {payer?.holder === "you" && <> · Your balance: {formatTmt(payer.balance)}</>}
              </p>
              <PaidFrom payer={payer} />
            </div>
            <Button type="submit" loading={busy} loadingText="Tagging..." disabled={short}>
              Tag Asset
            </Button>
          </div>
          {busy && connection.lost && (
            <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
              You are offline. Tagging will finish when you are back online.
            </p>
          )}
          {short && payer && <p className="text-sm text-amber-700 dark:text-amber-400">{shortToTagText(payer, TAGGING_COST)}</p>}
          {formError && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{formError}</p>}
        </Form>
      </Card>
    </section>
  );
}
