// Photo and document limits, shared by the tag form (before upload) and the server (after).

/**
 * What a file of an item is: a photo (the gallery; one of them the cover) or a document of a
 * type. "document" is any other paper, and what every document attached before types were.
 */
export const FILE_KINDS = ["photo", "receipt", "warranty", "manual", "invoice", "document"] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export type DocumentType = Exclude<FileKind, "photo">;
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  photo: "Photo",
  receipt: "Receipt",
  warranty: "Warranty",
  manual: "Manual",
  invoice: "Invoice",
  document: "Other document",
};

// 20 files of 20 MB: room for the photos, receipts, manuals and service invoices of one item;
// a file travels in one request to POST /upload-file, and Convex caps an HTTP action's request at 20 MiB.
export const MAX_ASSET_FILES = 20;
export const MAX_FILE_MB = 20;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;
export const MAX_FILE_NAME = 200;
// Longest side of a photo after the browser resizes it, and the quality it is encoded at.
export const PHOTO_MAX_PX = 2000;
export const PHOTO_QUALITY = 0.85;
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const DOCUMENT_TYPES = ["application/pdf", ...PHOTO_TYPES] as const;

export const FILE_MESSAGES = {
  tooMany: `You can attach up to ${MAX_ASSET_FILES} photos and documents`,
  tooLarge: `Each file must be ${MAX_FILE_MB} MB or smaller`,
  notImage: "Photos must be images (JPEG, PNG, WebP or GIF)",
  notDocument: "Documents must be PDF files or images",
  missing: "That upload was not found. Please upload the file again.",
  inUse: "That upload is already attached to an asset",
  badName: `File names must be 1 to ${MAX_FILE_NAME} characters`,
  coverNotPhoto: "Only a photo can be the cover",
} as const;

/** The type a file is given until someone says otherwise: images are photos, anything else a document. */
export function kindOfType(contentType: string): FileKind {
  return contentType.toLowerCase().startsWith("image/") ? "photo" : "document";
}

/** Why a file of this type and size cannot be attached as `kind`, or null when it can. */
export function fileError(kind: FileKind, contentType: string, size: number): string | null {
  const type = contentType.toLowerCase().split(";")[0].trim();
  const allowed: readonly string[] = kind === "photo" ? PHOTO_TYPES : DOCUMENT_TYPES;
  if (!allowed.includes(type)) return kind === "photo" ? FILE_MESSAGES.notImage : FILE_MESSAGES.notDocument;
  if (size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}
