// Smoke test: the project's own convex/ loads in the local backend, seeds the
// demo accounts and signs in through Convex Auth with a token we verify.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import type { Backend } from "../../local-backend/index.mjs";
import { client, nextValue, removeDir, start, tempDir } from "./helpers";

const PROJECT_CONVEX = fileURLToPath(new URL("../../convex", import.meta.url));
const hasSeed = existsSync(`${PROJECT_CONVEX}/seed.ts`);
const dir = tempDir("lb-project-");
let backend: Backend | null = null;

afterAll(async () => {
  await backend?.stop();
  removeDir(dir);
});

describe.skipIf(!hasSeed)("the project's convex/", () => {
  it("loads, seeds and signs in a demo account over the real protocol", async () => {
    backend = await start({ dataDir: dir, convexDir: PROJECT_CONVEX });
    expect(backend.seeded?.ok).toBe(true);

    const http = new ConvexHttpClient(backend.url);
    const result = (await http.action("auth:signIn" as never, {
      provider: "password",
      params: { flow: "signIn", email: "admin@example.com", password: "password123" },
    } as never)) as { tokens?: { token: string } | null };
    const token = result.tokens?.token;
    expect(token).toBeTypeOf("string");

    const c = client(backend.url);
    c.setAuth(async () => token!);
    const me = await nextValue<{ email: string; role: string } | null>(c, "users:me" as never, {}, (v) => v !== null);
    expect(me).toMatchObject({ email: "admin@example.com", role: "admin" });
    await c.close();
  });
});
