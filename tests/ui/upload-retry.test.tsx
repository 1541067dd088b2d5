// A photo whose upload was cut off offline is sent again when the connection returns; a
// server's refusal is not retried.
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useUploadFile } from "../../src/lib/useUploadFile";

vi.mock("@convex-dev/auth/react", () => ({ useAuthToken: () => "token" }));
vi.mock("../../src/lib/convexSiteUrl", () => ({ convexSiteUrl: () => "https://site.example" }));

class FakeRequest {
  static sent: FakeRequest[] = [];
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onerror: (() => void) | null = null;
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    FakeRequest.sent.push(this);
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let online = true;

beforeEach(() => {
  FakeRequest.sent = [];
  online = true;
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const photo = new Blob(["x"], { type: "image/jpeg" });

describe("useUploadFile", () => {
  it("waits while offline and sends the photo again once back online", async () => {
    const { result } = renderHook(() => useUploadFile());
    const onOffline = vi.fn();
    const uploaded = result.current(photo, undefined, onOffline);
    expect(FakeRequest.sent).toHaveLength(1);
    online = false;
    await act(async () => FakeRequest.sent[0]!.onerror?.());
    expect(onOffline).toHaveBeenCalledTimes(1);
    expect(FakeRequest.sent).toHaveLength(1);

    online = true;
    await act(async () => window.dispatchEvent(new Event("online")));
    expect(FakeRequest.sent).toHaveLength(2);
    FakeRequest.sent[1]!.answer(200, { storageId: "s1" });
    await expect(uploaded).resolves.toBe("s1");
  });

  it("does not retry what the server refused", async () => {
    const { result } = renderHook(() => useUploadFile());
    const uploaded = result.current(photo);
    FakeRequest.sent[0]!.answer(413, { error: "Each file must be 20 MB or smaller" });
    await expect(uploaded).rejects.toThrow("Each file must be 20 MB or smaller");
    expect(FakeRequest.sent).toHaveLength(1);
  });
});
