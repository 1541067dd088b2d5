// A workspace import's part too large for POST /import-zip goes through a Convex upload URL:
// announced with its size and SHA-256, its bytes posted to the URL, the returned storage id
// taken into the import; the user sees each step, and a failed step says so and sends nothing more.
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_HTTP_PART_BYTES, MAX_IMPORT_PART_BYTES, PORT_MESSAGES } from "../../convex/lib/ports/rules";
import { WorkspacePorts } from "../../src/features/workspaces/WorkspacePorts";
import type { CurrentWorkspace } from "../../src/features/workspaces/WorkspaceFrame";
import { fake, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const WS = { _id: "ws1", name: "The Smiths", kind: "household", role: "owner", verifiedName: null } as unknown as CurrentWorkspace;
const UPLOAD_URL = "https://storage.example/upload?token=t1";

/** The browser's request object, answered by the test: what postBlob sends, and when it hears back. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  url = "";
  body: unknown = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onerror: (() => void) | null = null;
  onload: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

// Just over the threshold, with bytes that are not all alike, so a digest of the wrong bytes differs.
const bytes = new Uint8Array(MAX_HTTP_PART_BYTES + 1).map((_, i) => (i * 31) & 0xff);
const bigPart = new File([bytes], "export.zip", { type: "application/zip" });
// jsdom's ArrayBuffers are of another realm than Node's WebCrypto takes: the same bytes, from a Node Buffer.
bigPart.arrayBuffer = async () => Buffer.from(bytes).buffer;
const digest = createHash("sha256").update(bytes).digest("hex");

const browserRequest = globalThis.XMLHttpRequest;

/** The mutations by what they are asked: the announcement gets the URL, the rest succeed. */
const announced = (args: unknown) => typeof args === "object" && args !== null && "sha256" in args;

beforeEach(() => {
  resetFakes();
  signedIn();
  FakeRequest.sent = [];
  globalThis.XMLHttpRequest = FakeRequest as unknown as typeof XMLHttpRequest;
  fake.queries["workspacePorts:latestPorts"] = { export: null, import: null };
  fake.mutation.mockImplementation((async (args: unknown) => (announced(args) ? UPLOAD_URL : null)) as never);
});

afterEach(() => {
  globalThis.XMLHttpRequest = browserRequest;
});

async function chooseAndImport() {
  render(<WorkspacePorts ws={WS} />);
  await userEvent.upload(screen.getByLabelText("Export ZIP file(s)"), bigPart);
  await userEvent.click(screen.getByRole("button", { name: "Import ZIP" }));
  // Hashing is asynchronous: the upload starts once the part is announced.
  await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
  return FakeRequest.sent[0]!;
}

const calls = () => fake.mutation.mock.calls.map((c) => (c as unknown[])[0]);

describe("importing a part over the HTTP action's limit", () => {
  it("announces its size and SHA-256, posts it to the upload URL with progress, then adds the stored file and starts", async () => {
    const upload = await chooseAndImport();
    expect(calls()).toEqual([{ workspaceId: "ws1", size: bigPart.size, sha256: digest }]);
    expect(upload.url).toBe(UPLOAD_URL);
    expect(upload.body).toBe(bigPart);
    expect(screen.getByRole("status")).toHaveTextContent("Uploading export.zip…");
    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 }));
    expect((screen.getByRole("progressbar", { name: "Uploading export.zip…" }) as HTMLProgressElement).value).toBe(0.75);
    await act(async () => upload.answer(200, { storageId: "kg2stored" }));
    await vi.waitFor(() => expect(calls()).toHaveLength(3));
    expect(calls().slice(1)).toEqual([{ workspaceId: "ws1", storageId: "kg2stored" }, { workspaceId: "ws1" }]);
    await vi.waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says so when the network drops, the storage refuses or the server does not take the file, and starts nothing", async () => {
    const first = await chooseAndImport();
    await act(async () => first.onerror?.());
    expect(await screen.findByRole("alert")).toHaveTextContent("Upload failed. Please try again.");
    expect(screen.queryByRole("status")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Import ZIP" }));
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    await act(async () => FakeRequest.sent[1]!.answer(500, { code: "InternalError" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Upload failed. Please try again.");

    fake.mutation.mockImplementation((async (args: unknown) => {
      if (announced(args)) return UPLOAD_URL;
      if (typeof args === "object" && args !== null && "storageId" in args) throw new ConvexError({ code: "INVALID", message: PORT_MESSAGES.notAnnounced });
      return null;
    }) as never);
    await userEvent.click(screen.getByRole("button", { name: "Import ZIP" }));
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(3));
    await act(async () => FakeRequest.sent[2]!.answer(200, { storageId: "kg2other" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PORT_MESSAGES.notAnnounced);
    // Three announcements, one refused claim, and never a start; the form is there to try again.
    expect(calls().filter((a) => !announced(a))).toEqual([{ workspaceId: "ws1", storageId: "kg2other" }]);
    expect(screen.getByRole("button", { name: "Import ZIP" })).toBeEnabled();
  });

  it("refuses a part too large for any import before sending anything, and a retry sends only the parts not yet taken", async () => {
    render(<WorkspacePorts ws={WS} />);
    const huge = new File(["PK"], "huge.zip", { type: "application/zip" });
    Object.defineProperty(huge, "size", { value: MAX_IMPORT_PART_BYTES + 1 });
    const input = screen.getByLabelText("Export ZIP file(s)");
    await userEvent.upload(input, huge);
    await userEvent.click(screen.getByRole("button", { name: "Import ZIP" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PORT_MESSAGES.partTooLarge);
    expect(fake.mutation).not.toHaveBeenCalled();
    expect(FakeRequest.sent).toHaveLength(0);

    const small = new File(["PK small"], "part1.zip", { type: "application/zip" });
    await userEvent.upload(input, [small, bigPart]);
    await userEvent.click(screen.getByRole("button", { name: "Import ZIP" }));
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    expect(FakeRequest.sent[0]!.url).toMatch(/\/import-zip\?workspaceId=ws1$/);
    expect(screen.getByRole("status")).toHaveTextContent("Uploading part 1 of 2…");
    await act(async () => FakeRequest.sent[0]!.answer(200, { ok: true }));
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    await act(async () => FakeRequest.sent[1]!.onerror?.());
    expect(await screen.findByRole("alert")).toHaveTextContent("Upload failed. Please try again.");

    await userEvent.click(screen.getByRole("button", { name: "Import ZIP" }));
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(3));
    expect(FakeRequest.sent[2]!.body).toBe(bigPart);
    await act(async () => FakeRequest.sent[2]!.answer(200, { storageId: "kg2stored" }));
    await vi.waitFor(() => expect(calls().at(-1)).toEqual({ workspaceId: "ws1" }));
  });
});
