// Conformance: each component has its own _scheduled_functions and _storage
// (one table namespace per component on Convex); the scheduler's and actions'
// lifecycle as Convex's scheduled_jobs and isolate record it.
import { describe, expect, it } from "vitest";
import { anyApi as api } from "convex/server";
import { withConformanceApp } from "./helpers";

type Job = { id: string; name: string; state: string };

describe("components' system tables", () => {
  const ctx = withConformanceApp("scheduler");

  async function upload(url: string, text: string) {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: text });
    return ((await res.json()) as { storageId: string }).storageId;
  }

  it("keep the app's and a component's scheduled jobs apart", async () => {
    const appJob = await ctx.http.mutation(api.jobs.schedule, {});
    const componentJob = await ctx.http.mutation(api.worker.schedule, {});
    expect(((await ctx.http.query(api.jobs.jobs, {})) as Job[]).map((j) => j.id)).toEqual([appJob]);
    expect(((await ctx.http.query(api.worker.jobs, {})) as Job[]).map((j) => j.id)).toEqual([componentJob]);
    expect(await ctx.http.query(api.jobs.read, { id: componentJob })).toBeNull();
    expect(await ctx.http.query(api.worker.read, { id: appJob })).toBeNull();
    const invalid = "Invalid scheduled function ID. The ID must be an ID on the '_scheduled_functions' table.";
    expect(await ctx.http.mutation(api.jobs.cancel, { id: componentJob })).toContain(invalid);
    expect(await ctx.http.mutation(api.worker.cancel, { id: appJob })).toContain(invalid);
    expect((await ctx.http.query(api.worker.read, { id: componentJob })).state).toEqual({ kind: "pending" });
  });

  it("run a component's job in the component and record it there", async () => {
    const id = await ctx.http.mutation(api.worker.schedule, { soon: true });
    await expect.poll(async () => (await ctx.http.query(api.worker.read, { id }))?.state?.kind, { timeout: 10_000 }).toBe("success");
    expect(await ctx.http.query(api.worker.marks, {})).toBe(1);
    expect(await ctx.http.query(api.jobs.marks, {})).toBe(0);
  });

  it("keep the app's and a component's files apart", async () => {
    const appFile = await upload(await ctx.http.mutation(api.jobs.uploadUrl, {}), "app");
    const componentFile = await upload(await ctx.http.mutation(api.worker.uploadUrl, {}), "component");
    expect(await ctx.http.query(api.jobs.files, {})).toEqual([appFile]);
    expect(await ctx.http.query(api.worker.files, {})).toEqual([componentFile]);
    expect(await ctx.http.query(api.jobs.fileUrl, { id: componentFile })).toBeNull();
    expect(await ctx.http.query(api.worker.fileUrl, { id: appFile })).toBeNull();
    const url = await ctx.http.query(api.worker.fileUrl, { id: componentFile });
    expect(await fetch(url).then((r) => r.text())).toBe("component");
  });

  it("refuse a component's upload token rewritten into the app's (`<exp>:<component>.<mac>`, which never expired)", async () => {
    const url = new URL(await ctx.http.mutation(api.worker.uploadUrl, {}));
    const [exp, mac, component] = url.searchParams.get("token")!.split(".");
    url.searchParams.set("token", `${exp}:${Buffer.from(component, "base64url").toString("utf8")}.${mac}`);
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "smuggled" });
    expect([res.status, await res.json()]).toEqual([401, { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" }]);
  });
});

describe("scheduler and action lifecycle", () => {
  const ctx = withConformanceApp("scheduler", { limits: { actionTimeoutMs: 1500 } });
  const job = (id: string) => ctx.http.query(api.jobs.read, { id });

  it("ends a scheduled mutation that cancels itself as canceled, its writes kept", async () => {
    const id = await ctx.http.mutation(api.lifecycle.scheduleSelfCancel, {});
    await expect.poll(async () => (await job(id))?.state?.kind, { timeout: 10_000 }).toBe("canceled");
    expect(await ctx.http.query(api.lifecycle.marks, {})).toEqual(["selfCancel saw inProgress"]);
    expect((await job(id)).completedTime).toBeTypeOf("number");
  });

  it("stops an action at the time limit with Convex's error, and records why scheduled actions failed", async () => {
    const message = await ctx.http.action(api.lifecycle.slow, {}).then(() => "succeeded", (e: Error) => e.message);
    expect(message).toContain("Function execution timed out (maximum duration: 1.5s)");
    expect(message).not.toContain("Uncaught");
    const { slow, boom } = await ctx.http.mutation(api.lifecycle.scheduleActions, {});
    await expect.poll(async () => (await job(slow))?.state?.kind, { timeout: 10_000 }).toBe("failed");
    expect((await job(slow)).state.error).toBe("Function execution timed out (maximum duration: 1.5s)");
    await expect.poll(async () => (await job(boom))?.state?.kind, { timeout: 10_000 }).toBe("failed");
    expect((await job(boom)).state.error).toMatch(/^Uncaught Error: boom/);
  });
});
