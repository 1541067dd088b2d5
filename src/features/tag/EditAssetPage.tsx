import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate, useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { KIND_LABELS, type FieldErrors } from "../../../convex/lib/assets/rules";
import { Button, Card, ConfirmModal, PageSpinner, Form } from "../../ui";
import { AssetFields } from "./AssetFields";
import { EditConflict } from "./EditConflict";
import { FilePicker } from "./FilePicker";
import { fromAsset, toInput, type FormState } from "./formModel";
import { useCategoryFields } from "../../lib/useCategoryFields";
import { coverFirst } from "./pickedFiles";
import { PHOTO_GRID, PhotoTile } from "./PhotoTile";
import { uploadPicked, type PickedFile } from "./uploadFiles";
import { useEditConflict } from "./useEditConflict";
import { clientErrorMessage } from "../../lib/errors";
import { PresenceBar } from "../../lib/PresenceBar";
import { UnsavedChangesGuard } from "../../lib/UnsavedChangesGuard";
import { useSubmit } from "../../lib/useSubmit";
import { useUploadFile } from "../../lib/useUploadFile";
import { useMayEdit, useWorkspaceQuery, useWorkspaceMutation } from "../../lib/useWorkspace";
import { ViewOnlyNotice } from "../../lib/ViewOnlyNotice";
import { FILE_KIND_LABELS } from "../../../convex/lib/assets/fileRules";

type AttachedFile = AssetDetail["files"][number];

/**
 * The asset's files: photos as thumbnails (the first is the cover; another can be made it), documents as rows.
 * Deleting one takes effect at once, not on Save, so it is confirmed first: Cancel on the form would not bring it back.
 */
function ExistingFiles({ asset }: { asset: AssetDetail }) {
  const removeFile = useWorkspaceMutation(api.assetFiles.remove);
  const setCover = useWorkspaceMutation(api.assetFiles.setCover);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AttachedFile | null>(null);
  if (asset.files.length === 0) return null;
  const photos = asset.files.filter((f) => f.kind === "photo");
  const documents = asset.files.filter((f) => f.kind !== "photo");
  const act = (action: Promise<unknown>, fallback: string) => {
    setError(null);
    action.catch((e) => setError(clientErrorMessage(e, fallback)));
  };
  const remove = (f: AttachedFile) => {
    setDeleting(null);
    act(removeFile({ assetId: asset._id, storageId: f.storageId }), "Could not delete the file.");
  };
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-sm font-medium text-slate-700 dark:text-slate-200">Attached files</h2>
      {photos.length > 0 && (
        <ul className={PHOTO_GRID} aria-label="Attached photos">
          {photos.map((f, index) => (
            <PhotoTile key={f.storageId} src={f.url} name={f.name} isCover={index === 0}
              onMakeCover={() => act(setCover({ assetId: asset._id, storageId: f.storageId }), "Could not change the cover.")}
              remove={{ label: "Delete", onClick: () => setDeleting(f) }} />
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {documents.map((f) => (
            <li key={f.storageId} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">{FILE_KIND_LABELS[f.kind]}</span>
                {f.name}
              </span>
              <Button variant="ghost" size="sm" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "this file"}?`}
        description="It is removed from this asset now, whether or not you save your other changes. This cannot be undone."
        cancelLabel="Keep it"
        confirmLabel="Delete file"
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}

function EditForm({ asset }: { asset: AssetDetail }) {
  const [form, setForm] = useState<FormState>(() => fromAsset(asset));
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [coverId, setCoverId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, error: formError, setError: setFormError, run } = useSubmit({ fallback: "Saving failed. Please try again.", clientErrors: true });
  const update = useWorkspaceMutation(api.assets.update);
  const addFiles = useWorkspaceMutation(api.assetFiles.add);
  const setCover = useWorkspaceMutation(api.assetFiles.setCover);
  const uploadFile = useUploadFile();
  const navigate = useNavigate();
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }) as FormState);
  const edit = useEditConflict(asset, form, setForm);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && (files.length > 0 || JSON.stringify(form) !== JSON.stringify(edit.loaded.form));
  const customFields = useCategoryFields(form.category);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { input, errors: found } = toInput(form, customFields);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return setFormError("Please fix the highlighted fields.");
    await run(async () => {
      const changed = JSON.stringify(toInput(edit.loaded.form, customFields).input) !== JSON.stringify(input);
      // Sent with the version the form loaded: a save someone else made since is never overwritten unseen.
      if (changed) await update({ assetId: asset._id, version: edit.loaded.version, ...input }).catch((e: unknown) => { edit.refused(e); throw e; });
      if (files.length > 0) {
        const uploaded = await uploadPicked(coverFirst(files, coverId), uploadFile);
        await addFiles({ assetId: asset._id, files: uploaded });
        // A new photo chosen as the cover goes ahead of the photos the asset already had.
        if (coverId !== null && asset.files.some((f) => f.kind === "photo")) {
          await setCover({ assetId: asset._id, storageId: uploaded[0].storageId });
        }
      }
      // Nothing left unsaved: the guard lets go before the page is left.
      flushSync(() => setSaved(true));
      void navigate(`/assets/${asset._id}`);
    });
  }

  return (
    <Form onSubmit={submit} className="flex flex-col gap-6" aria-label="Edit asset">
      <UnsavedChangesGuard dirty={dirty} what="this asset" />
      <AssetFields form={form} errors={errors} set={set} />
      <ExistingFiles asset={asset} />
      <FilePicker files={files} onChange={setFiles} coverId={coverId} onCoverChange={setCoverId} existing={asset.files.length}
        hasCover={asset.files.some((f) => f.kind === "photo")} disabled={busy} />
      <EditConflict edit={edit} onApplied={() => setFormError(null)} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Link to={`/assets/${asset._id}`} className="inline-flex h-10 items-center px-4 text-sm font-semibold text-slate-700 dark:text-slate-200">Cancel</Link>
        <Button type="submit" loading={busy} loadingText="Saving..." disabled={edit.conflict !== null}>Save changes</Button>
      </div>
      {formError && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{formError}</p>}
    </Form>
  );
}

/** /assets/:assetId/edit: the owner's fields and files. */
export default function EditAssetPage() {
  const { assetId } = useParams();
  const asset = useWorkspaceQuery(api.assets.get, { assetId: assetId as Id<"assets"> });
  const mayEdit = useMayEdit();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {asset === undefined ? (
        <PageSpinner label="Loading asset..." />
      ) : asset === null ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Asset not found</h1>
          <p className="mt-2"><Link className="text-indigo-600 underline" to="/assets">Back to my assets</Link></p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Edit {asset.name}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{KIND_LABELS[asset.kind]} · <span className="font-mono">{asset.serial}</span></p>
          <PresenceBar page={{ assetId: asset._id }} className="mt-2" />
          {mayEdit ? <Card className="mt-6"><EditForm asset={asset} /></Card> : <ViewOnlyNotice />}
        </>
      )}
    </section>
  );
}
