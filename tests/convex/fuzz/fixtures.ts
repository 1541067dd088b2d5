// The world each function is fuzzed in: another member ("victim") and another admin
// own real documents, so the fuzzer can aim ids of other users' documents at every id argument.
import { api } from "../../../convex/_generated/api";
import type { TableNames } from "../../../convex/_generated/dataModel";
import schema from "../../../convex/schema";
import { fundedUser, tagGeneral, upload } from "../assets-support";
import { submit, payload } from "../bug-reports-support";
import { makeUser, setupTest, type Backend } from "../setup";
import type { Pools } from "./values";

const DAY = 86_400_000;

async function attempt(step: () => Promise<unknown>): Promise<void> {
  // A fixture a module no longer supports only narrows the id pool; the fuzz still runs.
  await step().catch(() => undefined);
}

export async function world(): Promise<{ t: Backend; pools: Pools; victimId: string }> {
  const t = setupTest();
  const victim = await fundedUser(t, 200, { email: "victim@example.com", fullName: "Victim" });
  const owner = await makeUser(t, { role: "admin", email: "owner-admin@example.com" });
  const strings: string[] = ["victim@example.com"];
  await attempt(async () => {
    const photo = await upload(t, "image/png");
    const { serial } = await tagGeneral(victim.as, {}, [{ storageId: photo, kind: "photo", name: "p.png" }]);
    strings.push(serial);
    await t.mutation(api.verify.recordVisit, { serial });
    await t.mutation(api.verify.reportFound, { serial, message: "Found it by the station" });
  });
  await attempt(async () => {
    const [asset] = await t.run(async (ctx) => await ctx.db.query("assets").take(1));
    await victim.as.mutation(api.transfers.offer, { assetId: asset._id, email: "owner-admin@example.com" });
  });
  await attempt(() =>
    victim.as.mutation(api.nextOfKin.add, { name: "Kin", relationship: "Sister", email: "kin@example.com", phone: "+447911123456" }),
  );
  await attempt(() => victim.as.mutation(api.businessRequests.request, { note: "Please" }));
  await attempt(() => submit(victim.as, payload()));
  await attempt(() =>
    owner.as.mutation(api.news.create, { title: "T", content: "C", category: "General", isPublished: true }),
  );
  await attempt(() =>
    owner.as.mutation(api.dao.create, {
      title: "P",
      description: "D",
      options: ["Yes", "No"],
      startsAt: Date.now() - DAY,
      endsAt: Date.now() + DAY,
      quorum: 1,
    }),
  );
  const ids = await t.run(async (ctx) => {
    const out: Record<string, string[]> = {};
    for (const table of Object.keys(schema.tables) as TableNames[]) {
      const docs = await ctx.db.query(table).take(2);
      if (docs.length > 0) out[table] = docs.map((d) => d._id);
    }
    const files = await ctx.db.system.query("_storage").take(1);
    if (files.length > 0) out._storage = files.map((f) => f._id);
    return out;
  });
  // Strings that are secretly ids (verify alerts are addressed by a plain string).
  strings.push(...(ids.verifyAlerts ?? []), ...(ids.assets ?? []), owner.userId);
  return { t, pools: { ids, strings }, victimId: victim.userId };
}
