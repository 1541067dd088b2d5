// Bookings on the real transaction engine (issue 27 item 3): bookings of one item's slot
// sent at the same moment run as concurrent mutations; the overlap check reads the range
// the others write, so they conflict and are serialised: exactly one wins.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { removeDir, start, tempDir } from "./helpers";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = tempDir("lb-bookings-");
afterAll(() => removeDir(dataDir));

it("of eight bookings of one slot sent at once, exactly one is made", { timeout: 120_000 }, async () => {
  const backend = await start({ dataDir, convexDir: path.join(REPO, "convex") });
  try {
    const signedIn = (await new ConvexHttpClient(backend.url).action("auth:signIn" as never, {
      provider: "password",
      params: { flow: "signIn", email: "member@example.com", password: "password123" },
    } as never)) as { tokens: { token: string } };
    const client = () => {
      const c = new ConvexHttpClient(backend.url, { logger: false });
      c.setAuth(signedIn.tokens.token);
      return c;
    };
    const [personal] = (await client().query("workspaces:listMine" as never, {} as never)) as { _id: string }[];
    const inPersonal = { workspaceId: personal._id };
    const { assetId } = (await client().mutation("assets:tag" as never, {
      ...inPersonal,
      kind: "general",
      name: "Projector",
      visibility: "private",
      details: { kind: "general" },
      files: [],
    } as never)) as { assetId: string };
    const startAt = Date.now() + 86_400_000;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        client().mutation("bookings:create" as never, { ...inPersonal, assetId, startAt: startAt + i * 60_000, endAt: startAt + 3_600_000, forWhom: `Class ${i}` } as never),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const booked = (await client().query("bookings:forAsset" as never, { ...inPersonal, assetId } as never)) as unknown[];
    expect(booked).toHaveLength(1);
  } finally {
    await backend.stop();
  }
});
