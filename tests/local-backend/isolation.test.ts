// Functions run in parallel, as each Convex function runs in its own isolate: a query that
// computes for 800 ms without one await does not hold up other clients' queries and
// mutations. (How long they wait is measured by bench/isolation.mjs, not asserted here.)
import { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Functions } from "../../local-backend/functions.mjs";
import type { Backend } from "../../local-backend/index.mjs";
import { removeDir, start, tempDir } from "./helpers";

describe("a CPU-bound function", () => {
  let dir: string;
  let b: Backend;
  beforeAll(async () => {
    dir = tempDir();
    b = await start({ dataDir: dir });
  });
  afterAll(async () => {
    await b.stop();
    removeDir(dir);
  });

  it("does not hold up other clients' queries and mutations while it computes", async () => {
    const order: string[] = [];
    // Started before anything else is sent (the call is made from this process, which hosts
    // the backend): were it run on the thread that serves requests, nothing could be answered
    // until it is done.
    const long = b.run("store:compute", { ms: 800 }).then((r) => {
      expect(r.ok).toBe(true);
      order.push("compute");
    });
    const http = new ConvexHttpClient(b.url, { logger: false });
    await http.mutation("store:increment" as never, { name: "during" } as never);
    order.push("mutation");
    expect(await http.query("store:counter" as never, { name: "during" } as never)).toBe(1);
    order.push("query");
    await long;
    expect(order).toEqual(["mutation", "query", "compute"]);
  }, 30_000);
});

// Where a query or mutation runs (functions.mjs placementOf), run by run: `here` is whether the
// next run goes to the serving thread; each run reports its own time and where it ran.
describe("placing a function", () => {
  const placer = () => {
    const state = { placement: new Map() };
    return (ms: number) => {
      const place = Functions.prototype.placementOf.call(state as never, "m:f");
      place.done(ms, place.here);
      return Functions.prototype.placementOf.call(state as never, "m:f").here;
    };
  };

  it("moves a quick function to the serving thread after three quick runs", () => {
    const run = placer();
    expect([run(1), run(1), run(1)]).toEqual([false, false, true]);
  });

  it("keeps a function that computes in a worker from its first run", () => {
    const run = placer();
    expect([run(800), run(1), run(1), run(1)]).toEqual([false, false, false, false]);
  });

  it("keeps a function whose trial runs are slow twice in a row in a worker", () => {
    const run = placer();
    expect([run(30), run(30), run(1), run(1), run(1)]).toEqual([false, false, false, false, false]);
  });

  it("does not banish a quick function for one slow trial run (a cold start, a collection)", () => {
    const run = placer();
    expect([run(30), run(1), run(1), run(1)]).toEqual([false, false, false, true]);
  });

  it("sends a function to a worker for good once a run on the serving thread is slow", () => {
    const run = placer();
    [1, 1, 1].forEach(run);
    expect([run(30), run(1), run(1), run(1)]).toEqual([false, false, false, false]);
  });
});
