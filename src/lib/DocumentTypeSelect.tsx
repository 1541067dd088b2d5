// The type of an item's file (receipt, warranty, manual…), chosen on upload and changed later.
import { FILE_KINDS, FILE_KIND_LABELS, type FileKind } from "../../convex/lib/assets/fileRules";
import { Select } from "../ui";

type Props = {
  /** The file's name, for the control's accessible name. */
  name: string;
  value: FileKind;
  onChange: (kind: FileKind) => void;
  /** Images may also be photos (the gallery); a PDF only a document. */
  allowPhoto?: boolean;
  disabled?: boolean;
};

export function DocumentTypeSelect({ name, value, onChange, allowPhoto = false, disabled }: Props) {
  const kinds = FILE_KINDS.filter((k) => allowPhoto || k !== "photo");
  return (
    <Select compact aria-label={`Type of ${name}`} value={value} disabled={disabled} containerClassName="w-40 shrink-0"
      onChange={(e) => onChange(e.target.value as FileKind)}>
      {kinds.map((k) => <option key={k} value={k}>{FILE_KIND_LABELS[k]}</option>)}
    </Select>
  );
}
