// A deleted workspace's erasure runs as a chain of scheduled steps; the hourly sweep finishes a
// chain that broke (a step threw, a run was lost) and never doubles one that is alive.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { ERASE_STALE_MS } from "../../convex/lib/workspaces/erase";
import { asSession, rowsNaming, type Backend, setupTest } from "./setup";
import { household } from "./workspace-support";

// The last step (which removes the workspace's list rooms) fails once when asked to.
const failing = vi.hoisted(() => ({ once: false }));
vi.mock("../../convex/lib/presence/client", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../convex/lib/presence/client")>();
  return {
    ...real,
    removeListRooms: async (...args: Parameters<typeof real.removeListRooms>) => {
      if (failing.once) {
        failing.once = false;
        throw new Error("step failed");
      }
      return await real.removeListRooms(...args);
    },
  };
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const runAll = (t: Backend) => t.finishAllScheduledFunctions(vi.runAllTimers);

/** The Smiths, with a place and more, deleted by their owner: its erasure is scheduled. */
async function deleted(t: Backend) {
  const home = await household(t);
  const owner = asSession(t, home.owner.userId, home.owner.sessionId, home.workspaceId);
  await owner.mutation(api.locations.create, { name: "Garage shelf" });
  await owner.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" });
  return home;
}

/** Tables still naming the workspace, besides its ledger (which stays). */
async function leftOf(t: Backend, workspaceId: string) {
  const tables = (await rowsNaming(t, workspaceId)).map(([table]) => table).filter((table) => table !== "wallets" && table !== "transactions");
  return [...new Set(tables)].sort();
}

async function pendingSteps(t: Backend) {
  return await t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).filter((f) => f.state.kind === "pending"));
}

async function sweepWhenStale(t: Backend) {
  // The clock moves on without running what is queued.
  vi.setSystemTime(Date.now() + ERASE_STALE_MS + 1);
  await t.mutation(internal.workspaceClosing.sweep, {});
}

test("a chain whose step throws is finished by the sweep", async () => {
  const t = setupTest();
  const home = await deleted(t);
  failing.once = true;
  await runAll(t);
  expect(await leftOf(t, home.workspaceId)).toEqual(["workspaceErasures", "workspaces"]);

  await sweepWhenStale(t);
  await runAll(t);
  expect(await leftOf(t, home.workspaceId)).toEqual([]);
});

test("a chain whose scheduled run was lost is finished by the sweep", async () => {
  const t = setupTest();
  const home = await deleted(t);
  await t.run(async (ctx) => {
    for (const step of (await ctx.db.system.query("_scheduled_functions").collect()).filter((f) => f.state.kind === "pending")) {
      await ctx.scheduler.cancel(step._id);
    }
  });
  await runAll(t);
  expect(await leftOf(t, home.workspaceId)).toContain("locations");

  await sweepWhenStale(t);
  await runAll(t);
  expect(await leftOf(t, home.workspaceId)).toEqual([]);
});

test("a live chain is left alone, and one the sweep took over stops at its next step", async () => {
  const t = setupTest();
  const home = await deleted(t);
  await t.mutation(internal.workspaceClosing.sweep, {});
  expect(await pendingSteps(t)).toHaveLength(1);

  // Its step waited in the queue past the stale time: the sweep starts a new chain under a new lease…
  await sweepWhenStale(t);
  expect(await pendingSteps(t)).toHaveLength(2);
  // …and the first chain's step, holding the old lease, erases nothing and schedules nothing.
  const before = await rowsNaming(t, home.workspaceId);
  await t.mutation(internal.workspaceClosing.erase, { workspaceId: home.workspaceId, actorId: home.owner.userId, lease: 1 });
  expect(await rowsNaming(t, home.workspaceId)).toEqual(before);
  expect(await pendingSteps(t)).toHaveLength(2);

  await runAll(t);
  expect(await leftOf(t, home.workspaceId)).toEqual([]);
});
