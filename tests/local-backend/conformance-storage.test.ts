// Conformance: file storage over HTTP as Convex serves it (crates/local_backend/src/storage.rs,
// crates/file_storage/src/core.rs, the storage syscalls in crates/isolate).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { withConformanceApp } from "./helpers";

const TEXT = "hello world";
const digest = (text: string) => createHash("sha256").update(text).digest("base64");

describe("file storage", () => {
  const ctx = withConformanceApp("storage");

  async function upload(body: string, headers: Record<string, string> = {}, url?: string) {
    const res = await fetch(url ?? (await ctx.http.mutation(api.files.uploadUrl, {})), {
      method: "POST",
      headers: { "Content-Type": "text/plain", ...headers },
      body,
    });
    return { status: res.status, body: await res.json() };
  }

  it("refuses an upload whose Digest does not match its bytes, and stores one that does", async () => {
    const before = await ctx.http.query(api.files.count, {});
    expect(await upload(TEXT, { Digest: `sha-256=${digest("something else")}` })).toEqual({
      status: 400,
      body: { code: "Sha256Mismatch", message: `Sha256 mismatch. Expected: ${digest("something else")} Actual: ${digest(TEXT)}` },
    });
    expect(await ctx.http.query(api.files.count, {})).toBe(before);
    const stored = await upload(TEXT, { Digest: `sha-256=${digest(TEXT)}` });
    expect(stored.status).toBe(200);
    expect(await ctx.http.query(api.files.count, {})).toBe(before + 1);
  });

  it("serves one byte range as 206 Partial Content, the whole file with its Digest", async () => {
    const { body } = await upload(TEXT);
    const url = await ctx.http.query(api.files.url, { id: body.storageId });
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("digest")).toBe(`sha-256=${digest(TEXT)}`);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const part = await fetch(url, { headers: { Range: "bytes=6-10" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 6-10/11");
    expect(await part.text()).toBe("world");
    const tail = await fetch(url, { headers: { Range: "bytes=-5" } });
    expect([tail.status, await tail.text()]).toEqual([206, "world"]);
    expect((await fetch(url, { headers: { Range: "bytes=0-1,3-4" } })).status).toBe(416);
  });

  it("answers getMetadata with the hex sha256", async () => {
    const { body } = await upload(TEXT);
    expect(await ctx.http.query(api.files.metadata, { id: body.storageId })).toEqual({
      storageId: body.storageId,
      sha256: createHash("sha256").update(TEXT).digest("hex"),
      size: TEXT.length,
      contentType: "text/plain",
    });
  });

  it("names a missing file and a bad upload token with Convex's codes", async () => {
    const { body } = await upload(TEXT);
    const url = await ctx.http.query(api.files.url, { id: body.storageId });
    await ctx.http.mutation(api.files.remove, { id: body.storageId });
    const gone = await fetch(url);
    expect([gone.status, await gone.json()]).toEqual([404, { code: "FileNotFound", message: `File ${body.storageId} not found` }]);
    const forged = `${ctx.backend.url}/api/storage/upload?token=${Date.now() + 60_000}.forged`;
    expect(await upload(TEXT, {}, forged)).toEqual({ status: 401, body: { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" } });
  });
});
