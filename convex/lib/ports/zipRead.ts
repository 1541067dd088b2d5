// Reading an uploaded ZIP as untrusted input. Every entry is checked from the central
// directory before anything is unpacked: its name (no path traversal, absolute paths,
// backslashes, drive letters or control characters), no name twice, how many entries there
// are, and how large each unpacks (a cap per entry and a packing-ratio limit against zip
// bombs). fflate unpacks into a buffer of the declared size, so a lying header cannot make
// an entry larger than what was checked.
import { unzipSync, type UnzipFileInfo } from "fflate";
import { hasControlChars } from "../oneLine";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { MAX_IMPORT_ENTRIES, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_JSON_BYTES, MAX_IMPORT_PART_BYTES, MAX_PACK_RATIO, PORT_MESSAGES } from "./rules";

/** A refusal whose message the importer reads (anything else is reported as a failure). */
export class ImportRefused extends Error {}

type ZipEntry = { name: string; size: number; originalSize: number };

/** A name whose parts never climb out of the folder it is unpacked into. */
function safeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 300 || hasControlChars(name) || /[\\:]/.test(name) || name.startsWith("/")) return false;
  return name.split("/").every((part, i, all) => part !== ".." && part !== "." && (part !== "" || i === all.length - 1));
}

const isJson = (name: string) => name.endsWith(".json");

function check(entry: UnzipFileInfo) {
  if (!safeEntryName(entry.name)) throw new ImportRefused(PORT_MESSAGES.badName(entry.name));
  if (entry.compression !== 0 && entry.compression !== 8) throw new ImportRefused(PORT_MESSAGES.notZip);
  const cap = isJson(entry.name) ? MAX_IMPORT_JSON_BYTES : MAX_IMPORT_FILE_BYTES;
  const ratio = entry.originalSize / Math.max(entry.size, 1);
  if (entry.originalSize > cap || (entry.originalSize > 1024 * 1024 && ratio > MAX_PACK_RATIO)) throw new ImportRefused(PORT_MESSAGES.bomb(entry.name));
}

/** An uploaded part's bytes, refused when it is gone or larger than a part may be. */
export async function loadPart(ctx: Pick<ActionCtx, "storage">, id: Id<"_storage">): Promise<Uint8Array> {
  const blob = await ctx.storage.get(id);
  if (blob === null) throw new ImportRefused(PORT_MESSAGES.noParts);
  if (blob.size > MAX_IMPORT_PART_BYTES) throw new ImportRefused(PORT_MESSAGES.partTooLarge);
  return new Uint8Array(await blob.arrayBuffer());
}

/** Every entry of the ZIP, checked; nothing is unpacked. */
export function listZip(bytes: Uint8Array): ZipEntry[] {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ImportRefused(PORT_MESSAGES.notZip);
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        check(entry);
        if (seen.has(entry.name)) throw new ImportRefused(PORT_MESSAGES.duplicateName(entry.name));
        seen.add(entry.name);
        if (entries.length >= MAX_IMPORT_ENTRIES) throw new ImportRefused(PORT_MESSAGES.tooManyEntries);
        if (!entry.name.endsWith("/")) entries.push({ name: entry.name, size: entry.size, originalSize: entry.originalSize });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(PORT_MESSAGES.notZip);
  }
  return entries;
}

/** The named entries unpacked (each checked again: the ZIP is read once more from its bytes). */
export function readEntries(bytes: Uint8Array, names: ReadonlySet<string>): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, {
      filter: (entry) => {
        if (!names.has(entry.name)) return false;
        check(entry);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(PORT_MESSAGES.notZip);
  }
}
