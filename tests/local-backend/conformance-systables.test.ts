// Conformance: system tables are read-only to user code and read through
// db.system only (Convex's system_table_guard and database_impl.ts).
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { withConformanceApp } from "./helpers";

const READ_ONLY = "System tables (prefixed with `_`) are read-only.";
const SYSTEM_ONLY = "System tables can only be accessed with db.system.";

describe("system tables", () => {
  const ctx = withConformanceApp("systables");

  async function upload() {
    const url = await ctx.http.mutation(api.tamper.uploadUrl, {});
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" });
    return ((await res.json()) as { storageId: string }).storageId;
  }

  it("refuse user code's writes to the scheduler's and storage's records, which stay as they were", async () => {
    const jobId = await ctx.http.mutation(api.tamper.schedule, {});
    const fileId = await upload();
    for (const id of [jobId, fileId]) {
      const before = await ctx.http.query(api.tamper.record, { id });
      expect(await ctx.http.mutation(api.tamper.write, { id })).toEqual({
        insertJob: READ_ONLY,
        insertFile: READ_ONLY,
        patch: expect.stringContaining(SYSTEM_ONLY),
        replace: expect.stringContaining(SYSTEM_ONLY),
        delete: expect.stringContaining(SYSTEM_ONLY),
      });
      expect(await ctx.http.query(api.tamper.record, { id })).toEqual(before);
    }
    expect((await ctx.http.query(api.tamper.record, { id: jobId })).state).toEqual({ kind: "pending" });
  });

  it("read system documents through db.system only, and user documents never through it", async () => {
    const jobId = await ctx.http.mutation(api.tamper.schedule, {});
    const noteId = await ctx.http.mutation(api.tamper.note, {});
    expect(await ctx.http.query(api.tamper.read, { id: jobId, system: false })).toContain(SYSTEM_ONLY);
    expect(await ctx.http.query(api.tamper.read, { id: jobId, system: true })).toBe("ok");
    expect(await ctx.http.query(api.tamper.read, { id: noteId, system: true })).toContain("User tables cannot be accessed with db.system.");
    expect(await ctx.http.query(api.tamper.read, { id: noteId, system: false })).toBe("ok");
  });

  it("let ctx.storage.delete remove files only", async () => {
    const noteId = await ctx.http.mutation(api.tamper.note, {});
    expect(await ctx.http.mutation(api.tamper.deleteFile, { id: noteId })).toContain("Invalid storage ID. Storage ID cannot be an ID on any table other than '_storage'.");
    expect(await ctx.http.query(api.tamper.read, { id: noteId, system: false })).toBe("ok");
    const fileId = await upload();
    expect(await ctx.http.mutation(api.tamper.deleteFile, { id: fileId })).toBe("ok");
    expect(await ctx.http.query(api.tamper.record, { id: fileId })).toBeNull();
    expect(await ctx.http.mutation(api.tamper.deleteFile, { id: fileId })).toContain(`storage id ${fileId} not found`);
  });
});
