// A data directory written by older code is migrated when the local backend starts:
// the demo data is seeded by the convex/ of a commit from before the one beneficiary
// list (the watch's beneficiary typed into its details, the asset public), then the
// current convex/ starts on the same directory and migrations:runAll moves it.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { removeDir, start, tempDir } from "./helpers";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
// The last commit whose will assets kept their beneficiaries in their details.
const BEFORE_ONE_LIST = "1e2fd92";
// Inside the repository so the old code resolves the same node_modules.
const OLD = path.join(REPO, ".vitest", `old-convex-${process.pid}`);
const dataDir = tempDir("lb-migrate-");
// A shallow clone may not hold that commit: then there is no old code to start.
const hasOldCode = (() => {
  try {
    execFileSync("git", ["cat-file", "-e", `${BEFORE_ONE_LIST}^{commit}`], { cwd: REPO, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

afterAll(() => {
  removeDir(dataDir);
  removeDir(OLD);
});

async function memberClient(url: string) {
  const result = (await new ConvexHttpClient(url).action("auth:signIn" as never, {
    provider: "password",
    params: { flow: "signIn", email: "member@example.com", password: "password123" },
  } as never)) as { tokens?: { token: string } | null };
  const http = new ConvexHttpClient(url, { logger: false });
  http.setAuth(result.tokens!.token);
  return http;
}

type WillAsset = { _id: string; name: string; beneficiaries: { contactName: string; share: number | null }[] };

it.skipIf(!hasOldCode)("an old data dir's will assets move to the one beneficiary list on start", { timeout: 120_000 }, async () => {
  mkdirSync(OLD, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${BEFORE_ONE_LIST} convex | tar -x -C "${OLD}"`], { cwd: REPO });

  const old = await start({ dataDir, convexDir: path.join(OLD, "convex") });
  expect(old.seeded?.ok).toBe(true);
  expect(old.migrated).toBeNull();
  await old.stop();

  const current = await start({ dataDir, convexDir: path.join(REPO, "convex") });
  try {
    expect(current.seeded).toBeNull();
    expect(current.migrated?.ok).toBe(true);
    const member = await memberClient(current.url);
    await expect
      .poll(async () => ((await member.query("nextOfKin:willAssets" as never, {} as never)) as WillAsset[]).map((a) => a.beneficiaries), { timeout: 30_000 })
      .toEqual([[{ contactId: expect.any(String), contactName: "Sam Member", share: 100, instructions: null }]]);
    const [watch] = (await member.query("nextOfKin:willAssets" as never, {} as never)) as WillAsset[];
    const detail = (await member.query("assets:get" as never, { assetId: watch._id } as never)) as { details: unknown; visibility: string };
    expect(detail.details).toEqual({ kind: "will", instructions: "Keep it in the family." });
    expect(detail.visibility).toBe("private");
    const contacts = (await member.query("nextOfKin:list" as never, {} as never)) as { name: string; relationship: string }[];
    expect(contacts.map((c) => [c.name, c.relationship])).toEqual([["Sam Member", "Son"]]);
  } finally {
    await current.stop();
  }
});
