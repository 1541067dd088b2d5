// Functions run in parallel, as each Convex function runs in its own isolate: a query that
// computes for 800 ms without one await does not hold up other clients' queries and
// mutations. (How long they wait is measured by bench/isolation.mjs, not asserted here.)
import { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
