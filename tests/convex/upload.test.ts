// POST /upload-file: the size and type limits apply while the file arrives, not
// when it is later attached to an asset.
import { afterEach, describe, expect, test, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { MAX_FILE_BYTES } from "../../convex/lib/assets/fileRules";
import { UPLOAD_MESSAGES } from "../../convex/lib/assets/uploadHttp";
import { LIMIT_REASONS } from "../../convex/lib/limits";
import { limitedWith, makeUser, setupTest, type Backend } from "./setup";

afterEach(() => {
  vi.useRealTimers();
});

async function storedFiles(t: Backend) {
  return await t.run(async (ctx) => (await ctx.db.system.query("_storage").collect()).length);
}

function post(client: { fetch: Backend["fetch"] }, body: BodyInit, headers: Record<string, string>) {
  return client.fetch("/upload-file", { method: "POST", headers, body });
}

describe("uploads", () => {
  test("a signed-in user's image is stored and its id returned", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    const response = await post(user.as, new Uint8Array([137, 80, 78, 71, 1, 2, 3]), { "Content-Type": "image/png" });
    expect(response.status).toBe(200);
    const { storageId } = (await response.json()) as { storageId: string };
    expect(await t.run(async (ctx) => (await ctx.db.system.get(storageId as Id<"_storage">))?.size)).toBe(7);
  });

  test("a file over the limit is refused with 413 before anything is stored", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    const tooBig = new Uint8Array(MAX_FILE_BYTES + 1);
    const declared = await post(user.as, tooBig, { "Content-Type": "image/png", "Content-Length": String(tooBig.byteLength) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    // A body that lies about its length (or sends none) is cut off while it is read.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i <= MAX_FILE_BYTES / (1024 * 1024); i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const undeclared = await user.as.fetch("/upload-file", {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(undeclared.status).toBe(413);
    expect(await storedFiles(t)).toBe(0);
  });

  test("types the app does not keep, and callers without a session, are refused", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    expect((await post(user.as, "<html>", { "Content-Type": "text/html" })).status).toBe(415);
    expect((await post(user.as, "x", { "Content-Type": "application/x-msdownload" })).status).toBe(415);
    expect((await post(t, new Uint8Array([1]), { "Content-Type": "image/png" })).status).toBe(401);
    expect((await post(user.as, new Uint8Array(), { "Content-Type": "image/png" })).status).toBe(400);
    expect(await storedFiles(t)).toBe(0);
  });

  test("a hundred uploads an hour per user, then 429 saying when, with nothing stored", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    const user = await makeUser(t);
    const other = await makeUser(t);
    for (let i = 0; i < 99; i++) await t.mutation(internal.assetFiles.takeUploadSlot, { userId: user.userId });
    const png = () => new Uint8Array([137, 80, 78, 71, 1]);
    expect((await post(user.as, png(), { "Content-Type": "image/png" })).status).toBe(200);
    const refused = await post(user.as, png(), { "Content-Type": "image/png" });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(limitedWith(LIMIT_REASONS.upload));
    expect(await storedFiles(t)).toBe(1);
    expect((await post(other.as, png(), { "Content-Type": "image/png" })).status).toBe(200);
    vi.setSystemTime(Date.now() + 36_000);
    expect((await post(user.as, png(), { "Content-Type": "image/png" })).status).toBe(200);
  });
});
