// uploadPicked: one toast follows the uploads (progress, then done or the failure).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import { uploadPicked, type PickedFile } from "../../src/features/tag/uploadFiles";

vi.mock("sonner", () => ({ toast: { loading: vi.fn(() => "toast-1"), success: vi.fn(), error: vi.fn() } }));

const pdf = (name: string): PickedFile => ({ id: name, kind: "document", file: new File(["%PDF-1.7"], name, { type: "application/pdf" }) });

beforeEach(() => vi.clearAllMocks());

describe("uploadPicked", () => {
  it("reports each file's progress in one toast, then says it is done", async () => {
    const upload = vi.fn(async (_blob: Blob, onProgress?: (sent: number) => void) => {
      onProgress?.(0.5);
      onProgress?.(1);
      return `s${upload.mock.calls.length}` as never;
    });
    const out = await uploadPicked([pdf("a.pdf"), pdf("b.pdf")], upload);
    expect(out.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(vi.mocked(toast.loading).mock.calls.map((c) => c[0])).toEqual([
      "Uploading 1 of 2: a.pdf (0%)",
      "Uploading 1 of 2: a.pdf (50%)",
      "Uploading 1 of 2: a.pdf (100%)",
      "Uploading 2 of 2: b.pdf (50%)",
      "Uploading 2 of 2: b.pdf (100%)",
    ]);
    expect(toast.success).toHaveBeenCalledWith("2 files uploaded", { id: "toast-1" });
  });

  it("turns the toast into the server's refusal and stops", async () => {
    const upload = vi.fn(async () => {
      throw new Error("Each file must be 20 MB or smaller");
    });
    await expect(uploadPicked([pdf("a.pdf"), pdf("b.pdf")], upload)).rejects.toThrow("Upload of a.pdf failed. Each file must be 20 MB or smaller");
    expect(toast.error).toHaveBeenCalledWith("Upload of a.pdf failed. Each file must be 20 MB or smaller", { id: "toast-1" });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
