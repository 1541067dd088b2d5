import { zipSync } from "fflate";

/**
 * A ZIP written in parts of at most about `maxBytes` each, so an export of thousands of
 * photos never holds more than one part in an action's memory. `store` receives each
 * finished part in order.
 */
export class ZipParts {
  private files: Record<string, Uint8Array> = {};
  private bytes = 0;
  private stored = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly store: (zip: Uint8Array) => Promise<void>,
  ) {}

  async add(path: string, data: Uint8Array): Promise<void> {
    if (this.bytes > 0 && this.bytes + data.length > this.maxBytes) await this.flush();
    this.files[path] = data;
    this.bytes += data.length;
  }

  /** Writes the last part (an empty export still gets one). */
  async finish(): Promise<void> {
    if (this.bytes > 0 || this.stored === 0) await this.flush();
  }

  private async flush(): Promise<void> {
    // Photos are already compressed: the fastest level keeps the build quick.
    const zip = zipSync(this.files, { level: 1 });
    this.files = {};
    this.bytes = 0;
    this.stored += 1;
    await this.store(zip);
  }
}
