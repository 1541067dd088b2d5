import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { SERIAL_PATTERN, reserveSerial } from "../../convex/lib/assets/serial";
import { TAGGING_COST } from "../../convex/lib/constants";
import { errorData, setupTest, snapshot } from "./setup";
import { balanceOf, fundedUser, tagGeneral, upload } from "./assets-support";

test("a member tags an asset: charged the tagging cost, serial in the TMT-XXXX-XXXX format", async () => {
  const t = setupTest();
  const member = await fundedUser(t, 50);
  const photo = await upload(t, "image/jpeg");
  const { assetId, serial } = await tagGeneral(member.as, {}, [{ storageId: photo, kind: "photo", name: "bike.jpg" }]);
  expect(serial).toMatch(SERIAL_PATTERN);
  expect(await balanceOf(t, member.userId)).toBe(50 - TAGGING_COST);
  const detail = await member.as.query(api.assets.get, { assetId });
  expect(detail).toMatchObject({ serial, name: "Road bike", status: "active", visibility: "public", ownerCount: 1 });
  expect(detail!.files[0]).toMatchObject({ kind: "photo", contentType: "image/jpeg", size: 1024 });
  expect(detail!.files[0].url).toEqual(expect.any(String));
  const history = await member.as.query(api.assets.history, { assetId });
  expect(history.map((e) => e.type)).toEqual(["tagged"]);
});

test("tagging with too few tokens is refused with 'Insufficient tokens' and writes nothing", async () => {
  const t = setupTest();
  const member = await fundedUser(t, TAGGING_COST - 1);
  const before = await snapshot(t);
  const error = await errorData(() => tagGeneral(member.as));
  expect(error).toEqual({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" });
  expect(await snapshot(t)).toEqual(before);
});

test("serials are unique and a taken serial is never drawn again, even after deletion", async () => {
  const t = setupTest();
  const member = await fundedUser(t, 100);
  const serials = new Set<string>();
  for (let i = 0; i < 8; i += 1) serials.add((await tagGeneral(member.as, { name: `Item ${i}` })).serial);
  expect(serials.size).toBe(8);
  const { assetId, serial } = await tagGeneral(member.as);
  await member.as.mutation(api.assets.remove, { assetId });
  // A draw that keeps returning the deleted serial first must move on.
  const draws = [serial, serial, "TMT-AAAA-BBBB"];
  const next = await t.run(async (ctx) => await reserveSerial(ctx, () => draws.shift()!));
  expect(next).toBe("TMT-AAAA-BBBB");
});

test.each([
  [{ name: "" }, "Name is required"],
  [{ name: "x".repeat(101) }, "Name must be at most 100 characters"],
  [{ kind: "nft" as const, details: { kind: "nft" as const, chain: "ethereum" as const, contractAddress: "0x123", tokenId: "1" } }, "Enter a valid Ethereum address: 0x followed by 40 hex characters"],
  [{ kind: "nft" as const, details: { kind: "nft" as const, chain: "tezos" as const, contractAddress: "tz1abc", tokenId: "1" } }, "Enter a valid Tezos address: KT1 followed by 33 base58 characters"],
  [{ kind: "nft" as const, details: { kind: "nft" as const, chain: "polygon" as const, contractAddress: `0x${"a".repeat(40)}`, tokenId: "12a" } }, "Token ID must contain digits only"],
  [{ kind: "will" as const, details: { kind: "will" as const, instructions: "x".repeat(5001) } }, "Instructions must be at most 5000 characters"],
  [{ kind: "business" as const, details: { kind: "business" as const, sku: "", quantity: 1 } }, "SKU is required"],
  [{ kind: "business" as const, details: { kind: "business" as const, sku: "A-1", quantity: -1 } }, "Quantity must be a whole number, 0 or more"],
  [{ details: { kind: "nft" as const, chain: "base" as const, contractAddress: `0x${"b".repeat(40)}`, tokenId: "1" } }, "Details do not match the asset kind"],
])("bad input %j is refused: %s", async (overrides, message) => {
  const t = setupTest();
  const member = await fundedUser(t);
  const before = await snapshot(t);
  expect(await errorData(() => tagGeneral(member.as, overrides as never))).toEqual({ code: "INVALID", message });
  expect(await snapshot(t)).toEqual(before);
});

test("valid NFT addresses per chain are accepted", async () => {
  const t = setupTest();
  const member = await fundedUser(t, 100);
  const cases = [
    ["ethereum", `0x${"aB".repeat(20)}`, "42"],
    ["solana", "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", ""],
    ["tezos", "KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton", "7"],
  ] as const;
  for (const [chain, contractAddress, tokenId] of cases) {
    await tagGeneral(member.as, { kind: "nft" as never, details: { kind: "nft", chain, contractAddress, tokenId } as never });
  }
});

test.each([
  ["a photo that is not an image", "application/pdf", "photo", 1024, "Photos must be images (JPEG, PNG, WebP or GIF)"],
  ["a document that is neither PDF nor image", "text/plain", "document", 1024, "Documents must be PDF files or images"],
  ["a file over 20 MB", "image/jpeg", "photo", 20 * 1024 * 1024 + 1, "Each file must be 20 MB or smaller"],
  ["a receipt that is neither PDF nor image", "text/plain", "receipt", 1024, "Documents must be PDF files or images"],
] as const)("%s is refused and nothing is charged", async (_label, type, kind, size, message) => {
  const t = setupTest();
  const member = await fundedUser(t);
  const storageId = await upload(t, type, size);
  const before = await snapshot(t);
  expect(await errorData(() => tagGeneral(member.as, {}, [{ storageId, kind, name: "f" }]))).toEqual({ code: "INVALID", message });
  expect(await snapshot(t)).toEqual(before);
});

test("more than twenty files, or an upload already attached elsewhere, is refused", async () => {
  const t = setupTest();
  const member = await fundedUser(t, 100);
  const ids = await Promise.all(Array.from({ length: 21 }, () => upload(t, "image/png")));
  const files = ids.map((storageId) => ({ storageId, kind: "photo" as const, name: "p.png" }));
  const before = await snapshot(t);
  expect((await errorData(() => tagGeneral(member.as, {}, files))).message).toBe("You can attach up to 20 photos and documents");
  expect(await snapshot(t)).toEqual(before);
  await tagGeneral(member.as, {}, files.slice(0, 1));
  expect((await errorData(() => tagGeneral(member.as, {}, files.slice(0, 1)))).message).toBe("That upload is already attached to an asset");
});

test("a document PDF is accepted as a document", async () => {
  const t = setupTest();
  const member = await fundedUser(t);
  const pdf = await upload(t, "application/pdf");
  const { assetId } = await tagGeneral(member.as, {}, [{ storageId: pdf, kind: "document", name: "receipt.pdf" }]);
  expect((await member.as.query(api.assets.get, { assetId }))!.files[0].kind).toBe("document");
});
