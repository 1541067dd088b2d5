// Single-line fields refuse line breaks and control characters on the server, whoever
// calls: the formula-with-a-line-break names that once slipped past the CSV escape, and
// every other name, title or label a list, e-mail or export shows on one line.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { CSV_MESSAGES, checkCsv } from "../../convex/lib/csv/import";
import { oneLineMessage } from "../../convex/lib/oneLine";
import { fundedUser, generalInput, tagGeneral, upload } from "./assets-support";
import { business, HEADER, MAPPING } from "./imports-support";
import { contactInput } from "./legacy-support";
import { errorData, makeUser, setupTest, snapshot, type Backend } from "./setup";

const EVIL = '=HYPERLINK("http://evil.example","Open")&\n""';

async function refused(t: Backend, run: () => Promise<unknown>, label: string) {
  const before = await snapshot(t);
  expect(await errorData(run)).toEqual({ code: "INVALID", message: oneLineMessage(label) });
  expect(await snapshot(t)).toEqual(before);
}

describe("control characters in single-line fields", () => {
  test.each([
    ["a line break", EVIL],
    ["a tab", "Road\tbike"],
    ["a carriage return", "Road\rbike"],
    ["a NUL", "Road\u0000bike"],
    ["a C1 control", "Road\u0085bike"],
    ["a line separator", "Road\u2028bike"],
  ])("naming an asset with %s is refused and nothing is written", async (_what, name) => {
    const t = setupTest();
    const owner = await fundedUser(t);
    await refused(t, () => tagGeneral(owner.as, { name }), "Name");
  });

  test("renaming an asset, or giving it a category, brand or location with a line break, is refused", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const { assetId } = await tagGeneral(owner.as);
    await refused(t, () => owner.as.mutation(api.assets.update, { assetId, version: 0, ...generalInput, name: EVIL }), "Name");
    await refused(t, () => owner.as.mutation(api.assets.update, { assetId, version: 0, ...generalInput, category: "Bikes\n=1+1" }), "Category");
    await refused(t, () => owner.as.mutation(api.assets.update, { assetId, version: 0, ...generalInput, details: { ...generalInput.details, brand: "Trek\n@cmd" } }), "Brand");
    await refused(t, () => owner.as.mutation(api.assets.update, { assetId, version: 0, ...generalInput, details: { ...generalInput.details, location: "Shed\r\n+1" } }), "Location");
  });

  test("attaching a file whose name holds a line break is refused", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const storageId = await upload(t, "image/png");
    await refused(t, () => tagGeneral(owner.as, {}, [{ storageId, kind: "photo", name: "=cmd\n.png" }]), "File names");
  });

  test("importing a CSV row whose name holds a line break imports nothing; the row's error names it", async () => {
    const t = setupTest();
    const owner = await business(t);
    const csv = `${HEADER}\n"=HYPERLINK(""http://evil.example"",""Open"")&\n""""",MUG-1,1,1,Shop,Kitchen,\n`;
    const before = await snapshot(t);
    const error = await errorData(() => owner.as.action(api.imports.start, { fileName: "stock.csv", csv, mapping: MAPPING, onDuplicate: "skip", expectedCost: 5 }));
    // The only row is invalid, so nothing is imported; the preview and the errors CSV say why.
    expect(error.message).toBe(CSV_MESSAGES.noValidRows);
    expect(checkCsv(csv, MAPPING).errors).toEqual([{ row: 2, messages: [oneLineMessage("Name")] }]);
    expect(await snapshot(t)).toEqual(before);
  });

  test("a profile name, a next-of-kin contact, a DAO proposal, a news title and found-item contact details with line breaks are refused", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    await refused(t, () => admin.as.mutation(api.users.updateProfile, { fullName: EVIL, avatarUrl: "" }), "Full name");
    await refused(t, () => admin.as.mutation(api.nextOfKin.add, contactInput(EVIL)), "Name");
    await refused(t, () => admin.as.mutation(api.nextOfKin.add, contactInput("Ann", { relationship: "Sister\n=1" })), "Relationship");
    const proposal = { title: "Fund it", description: "Multi-line\ndescriptions are fine.", options: ["Yes", "No"], startsAt: Date.now(), endsAt: Date.now() + 3_600_000, quorum: 1 };
    await refused(t, () => admin.as.mutation(api.dao.create, { ...proposal, title: EVIL }), "Title");
    await refused(t, () => admin.as.mutation(api.dao.create, { ...proposal, options: ["Yes", "=1+1\nNo"] }), "Options");
    await refused(t, () => admin.as.mutation(api.news.create, { title: EVIL, content: "Body", category: "Company News", isPublished: true }), "Title");
    const owner = await fundedUser(t);
    const { serial } = await tagGeneral(owner.as);
    await refused(t, () => t.mutation(api.verify.reportFound, { serial, message: "Found it\non the bus", contact: "call me\n=1+1", visitorId: "visitor-0001" }), "Contact details");
  });

  test("multi-line fields keep their line breaks", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const { assetId } = await tagGeneral(owner.as, { description: "Blue\nTrek\r\nDomane" });
    expect((await owner.as.query(api.assets.get, { assetId }))?.description).toBe("Blue\nTrek\r\nDomane");
  });
});
