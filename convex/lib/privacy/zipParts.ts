import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** Already-compressed files (photos, PDFs) are stored as they are: deflating them again only costs time. */
const STORED = /\.(jpe?g|png|webp|gif|pdf|zip)$/i;

/**
 * A ZIP written in parts of at most about `maxBytes` each, streamed through fflate: each file
 * is compressed as it is added and only the part's compressed bytes are held, so an export
 * of thousands of photos never holds more than one part in an action's memory. `store`
 * receives each finished part in order.
 */
export class ZipParts {
  private zip: Zip | null = null;
  private chunks: Uint8Array[] = [];
  // What was added to this part, uncompressed: the compressed part is never larger.
  private bytes = 0;
  private stored = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly store: (zip: Blob) => Promise<void>,
  ) {}

  async add(path: string, data: Uint8Array): Promise<void> {
    if (this.zip !== null && this.bytes > 0 && this.bytes + data.length > this.maxBytes) await this.flush();
    this.zip ??= this.open();
    const entry = STORED.test(path) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 1 });
    this.zip.add(entry);
    entry.push(data, true);
    this.bytes += data.length;
  }

  /** Writes the last part (an empty export still gets one). */
  async finish(): Promise<void> {
    if (this.zip !== null || this.stored === 0) await this.flush();
  }

  private open(): Zip {
    return new Zip((error, chunk) => {
      if (error) throw error;
      this.chunks.push(chunk);
    });
  }

  private async flush(): Promise<void> {
    // Deflate and pass-through entries run synchronously: end() has written the whole part.
    (this.zip ?? this.open()).end();
    const blob = new Blob(this.chunks as Uint8Array<ArrayBuffer>[], { type: "application/zip" });
    this.zip = null;
    this.chunks = [];
    this.bytes = 0;
    this.stored += 1;
    await this.store(blob);
  }
}
