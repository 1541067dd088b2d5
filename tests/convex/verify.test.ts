// /verify/{serial}: what a finder or buyer sees, for every kind of result, and nothing more.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { makeUser } from "./setup";
import { ownerWithAsset } from "./verify-support";

const PUBLIC_FIELDS = ["facts", "isOwner", "kind", "name", "owner", "photoUrl", "provenance", "result", "serial", "status", "taggedAt"];

test("a public asset shows exactly its name, kind, photo, status, identifying facts, tagged date, masked owner and provenance", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset("public", true);
  const result = await t.query(api.verify.bySerial, { serial });
  expect(Object.keys(result).sort()).toEqual(PUBLIC_FIELDS);
  if (result.result !== "public") throw new Error("expected a public result");
  expect(result).toMatchObject({ serial, name: "Road bike", kind: "general", status: "active", owner: "M** M*****", isOwner: false });
  expect(result.photoUrl).toEqual(expect.any(String));
  // What identifies the thing in hand (lib/verify/facts.ts); the description and the price do not.
  expect(result.facts).toEqual([{ label: "Brand", value: "Trek" }, { label: "Model", value: "Domane" }]);
  expect(result.provenance).toEqual({ owners: 1, periods: [{ from: result.taggedAt, to: null }] });
  expect(Object.keys(result.provenance.periods[0]).sort()).toEqual(["from", "to"]);
  const text = JSON.stringify(result);
  for (const secret of [owner.userId, assetId, "mia.owner@example.com", "Mia Member", "Blue Trek Domane", "150000", "1500.00"]) {
    expect(text).not.toContain(secret);
  }
});

test("the owner is told the asset is theirs; others, signed in or not, are not", async () => {
  const { t, owner, serial } = await ownerWithAsset();
  const other = await makeUser(t);
  expect(await owner.as.query(api.verify.bySerial, { serial })).toMatchObject({ isOwner: true });
  expect(await other.as.query(api.verify.bySerial, { serial })).toMatchObject({ isOwner: false });
});

test("a private asset shows only that the serial exists and its status", async () => {
  const { t, owner, serial } = await ownerWithAsset("private", true);
  expect(await t.query(api.verify.bySerial, { serial })).toEqual({ result: "private", serial, status: "active" });
  // Even its owner gets the finder's view here; the details live in /assets.
  expect(await owner.as.query(api.verify.bySerial, { serial })).toEqual({ result: "private", serial, status: "active" });
});

test("lost and stolen show on both public and private assets, live", async () => {
  const pub = await ownerWithAsset("public");
  await pub.owner.as.mutation(api.assets.setStatus, { assetId: pub.assetId, status: "stolen" });
  const stolen = await pub.t.query(api.verify.bySerial, { serial: pub.serial });
  // A stolen asset also says the day it was reported (stolen-report.test.ts).
  expect(Object.keys(stolen).sort()).toEqual([...PUBLIC_FIELDS, "reportedStolenAt"].sort());
  expect(stolen).toMatchObject({ result: "public", status: "stolen" });

  const priv = await ownerWithAsset("private");
  await priv.owner.as.mutation(api.assets.setStatus, { assetId: priv.assetId, status: "lost" });
  expect(await priv.t.query(api.verify.bySerial, { serial: priv.serial })).toEqual({
    result: "private",
    serial: priv.serial,
    status: "lost",
  });
});

test("an unknown serial is not found; a malformed one is invalid; typed case and spaces do not matter", async () => {
  const { t, serial } = await ownerWithAsset();
  expect(await t.query(api.verify.bySerial, { serial: "TMT-AAAA-2222" })).toEqual({ result: "notFound", serial: "TMT-AAAA-2222" });
  for (const bad of ["", "hello", "TMT-ABC-123", "TMT-ABCD-EF0O", "TMT-ABCD-EFGH-J"]) {
    expect(await t.query(api.verify.bySerial, { serial: bad })).toEqual({ result: "invalid" });
  }
  expect(await t.query(api.verify.bySerial, { serial: `  ${serial.toLowerCase()} ` })).toMatchObject({ result: "public", serial });
  // As read off a label: spaces for dashes, or none at all.
  const spaced = serial.toLowerCase().replaceAll("-", " ");
  expect(await t.query(api.verify.bySerial, { serial: spaced })).toMatchObject({ result: "public", serial });
  expect(await t.query(api.verify.bySerial, { serial: serial.replaceAll("-", "") })).toMatchObject({ result: "public", serial });
});

test("after a transfer the provenance counts two owners with dates, never who", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset();
  const buyer = await makeUser(t, { email: "buyer@example.com", fullName: "Bob Buyer" });
  const transferId = await owner.as.mutation(api.transfers.offer, { assetId, email: "buyer@example.com" });
  await buyer.as.mutation(api.transfers.accept, { transferId });
  const result = await t.query(api.verify.bySerial, { serial });
  if (result.result !== "public") throw new Error("expected a public result");
  expect(result.owner).toBe("B** B****");
  expect(result.provenance.owners).toBe(2);
  expect(result.provenance.periods[0].to).toEqual(expect.any(Number));
  expect(result.provenance.periods[1].to).toBeNull();
  expect(JSON.stringify(result)).not.toContain(owner.userId);
});
