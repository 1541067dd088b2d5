// Functions run in parallel, as each Convex function runs in its own isolate: a query that
// computes for 800 ms without one await does not hold up other clients' queries and
// mutations. (How long they wait is measured by bench/isolation.mjs, not asserted here.)
import { ConvexHttpClient } from "convex/browser";
import { afterAll, describe, expect, it, vi } from "vitest";
import { Functions } from "../../local-backend/functions.mjs";
import { withBackend } from "./helpers";

describe("a CPU-bound function", () => {
  const app = withBackend();

  it("does not hold up other clients' queries and mutations while it computes", async () => {
    const order: string[] = [];
    // Started before anything else is sent (the call is made from this process, which hosts
    // the backend): were it run on the thread that serves requests, nothing could be answered
    // until it is done.
    const long = app.backend.run("store:compute", { ms: 800 }).then((r) => {
      expect(r.ok).toBe(true);
      order.push("compute");
    });
    const http = new ConvexHttpClient(app.backend.url, { logger: false });
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

  it("brings back a quick function whose trial runs were slow, once it is quick three times in a row", () => {
    const run = placer();
    expect([run(30), run(30), run(1), run(1), run(1)]).toEqual([false, false, false, false, true]);
  });

  it("does not banish a quick function for one slow trial run (a cold start, a collection)", () => {
    const run = placer();
    expect([run(30), run(1), run(1), run(1)]).toEqual([false, false, false, true]);
  });

  it("keeps a function on the serving thread after one slow run there (a collection inside it)", () => {
    const run = placer();
    [1, 1, 1].forEach(run);
    expect([run(30), run(1), run(30), run(1)]).toEqual([true, true, true, true]);
  });

  it("sends a function back to trial runs after two slow runs in a row on the serving thread, and wants twice as many quick runs", () => {
    const run = placer();
    [1, 1, 1].forEach(run);
    expect([run(30), run(30), run(1), run(1), run(1), run(1), run(1), run(1)]).toEqual([true, false, false, false, false, false, false, true]);
  });

  it("sends a function to a worker for good once a run computes past the slow mark", () => {
    const run = placer();
    [1, 1, 1].forEach(run);
    expect([run(150), ...Array.from({ length: 20 }, () => run(1))].some(Boolean)).toBe(false);
  });
});

// A quick function is judged by its own code's time, not by what its thread did meanwhile (the
// other functions whose slices ran between its own, the host's work for them). Judged by its
// wall or thread time it looked slow under load and went to a worker for good, every one of its
// reads then a round trip between threads.
describe("a quick function beside busy ones", () => {
  const app = withBackend();
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("keeps running on the serving thread while many functions run there at once", async () => {
    const here: boolean[] = [];
    const placementOf = Functions.prototype.placementOf;
    vi.spyOn(Functions.prototype, "placementOf").mockImplementation(function (this: Functions, udfPath: string) {
      const place = placementOf.call(this, udfPath);
      if (udfPath === "store:counter") here.push(place.here);
      return place;
    });
    const counter = async () => expect((await app.backend.run("store:counter", { name: "quick" })).ok).toBe(true);
    const churn = async () => expect((await app.backend.run("store:churn", { rounds: 8, ms: 0.5 })).ok).toBe(true);
    // Both show themselves quick on a quiet thread and move to it.
    for (let i = 0; i < 3; i++) await Promise.all([counter(), churn()]);
    // Then many run at once on the serving thread, their slices interleaved with the quick query's.
    for (let round = 0; round < 5; round++) await Promise.all([...Array.from({ length: 24 }, churn), counter(), counter()]);
    here.length = 0;
    for (let i = 0; i < 20 && !here.at(-1); i++) await counter();
    expect(here.at(-1)).toBe(true);
  }, 60_000);
});
