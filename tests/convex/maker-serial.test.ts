// "Is this frame number registered, and is it stolen?" (verify.byMakerSerial): answered from
// public assets without a word about their owners; private and unknown answer alike; each
// check spends one of the caller's, so the register cannot be walked.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { MAKER_SERIAL_CHECKS_PER_HOUR } from "../../convex/lib/verify/rules";
import { fundedUser, generalInput, tagGeneral } from "./assets-support";
import { asVisitor, errorData, setupTest, type Backend } from "./setup";

const FRAME = "WTU 123-4567";
const withFrame = (details: Record<string, string> = {}, visibility: "public" | "private" = "public") => ({
  visibility,
  details: { ...generalInput.details, makerSerial: FRAME, ...details } as never,
});

async function check(t: Backend, makerSerial: string, visitorId = "visitor-aaaa") {
  return await asVisitor(t).mutation(api.verify.byMakerSerial, { makerSerial, visitorId });
}

describe("checking a maker's serial on /verify", () => {
  test("finds a public item however the number is typed, with its status and a masked serial, and nothing of its owner", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const { assetId, serial } = await tagGeneral(owner.as, withFrame());
    expect((await owner.as.query(api.assets.get, { assetId }))!.details).toMatchObject({ makerSerial: "WTU1234567" });

    const answer = await check(t, "wtu1234567");
    expect(answer).toEqual({
      result: "found",
      matches: [{
        serial,
        name: "Road bike",
        kind: "general",
        status: "active",
        facts: [{ label: "Brand", value: "Trek" }, { label: "Model", value: "Domane" }, { label: "Maker's serial number", value: "••••••4567" }],
      }],
    });
    expect(JSON.stringify(answer)).not.toMatch(/owner|@|WTU1234567/i);
  });

  test("a stolen item says so; the owner may show the number whole", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const { assetId } = await tagGeneral(owner.as, withFrame({ makerSerialShown: "whole" }));
    await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen" });
    const answer = await check(t, FRAME);
    expect(answer).toMatchObject({ result: "found", matches: [{ status: "stolen", facts: expect.arrayContaining([{ label: "Maker's serial number", value: "WTU1234567" }]) }] });
  });

  test("a private item answers exactly as an unknown number does", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const { assetId } = await tagGeneral(owner.as, withFrame({}, "private"));
    await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen" });
    const privateAnswer = await check(t, FRAME);
    const unknownAnswer = await check(t, "WTU 999-0000");
    expect(privateAnswer).toEqual({ result: "notFound" });
    expect(unknownAnswer).toEqual(privateAnswer);
  });

  test("too short to say anything is refused before it spends a check", async () => {
    const t = setupTest();
    expect(await check(t, "1-2")).toEqual({ result: "invalid" });
    expect(await check(t, "x".repeat(101))).toEqual({ result: "invalid" });
  });

  test("each visitor has an hourly budget of checks; the refusal is answered and another visitor is still served", async () => {
    const t = setupTest();
    for (let i = 0; i < MAKER_SERIAL_CHECKS_PER_HOUR; i += 1) expect(await check(t, `FRAME${1000 + i}`)).toEqual({ result: "notFound" });
    const refused = await check(t, "FRAME9999");
    expect(refused).toMatchObject({ result: "rateLimited", message: expect.stringMatching(/^You have checked many serial numbers\. Please try again in/) });
    expect(await check(t, "FRAME9999", "visitor-bbbb")).toEqual({ result: "notFound" });
  });
});

describe("a maker's serial on the owner's side", () => {
  test("is stored normalised and found by the /assets search however it is typed, in its own workspace only", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const other = await fundedUser(t, 50);
    const { assetId } = await tagGeneral(owner.as, withFrame());
    await tagGeneral(other.as);
    const search = async (as: typeof owner.as, text: string) =>
      (await as.query(api.assets.listMine, { search: text, paginationOpts: { numItems: 10, cursor: null } })).page.map((a) => a._id);
    expect(await search(owner.as, "wtu-123 4567")).toEqual([assetId]);
    expect(await search(other.as, "wtu-123 4567")).toEqual([]);
  });

  test("a maker's serial longer than its limit is refused with its label", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    expect(await errorData(() => tagGeneral(owner.as, withFrame({ makerSerial: "A".repeat(65) })))).toEqual({ code: "INVALID", message: "Maker's serial number must be at most 64 characters" });
  });
});
