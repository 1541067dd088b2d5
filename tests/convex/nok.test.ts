// Next of kin: contact validation, the confirmation email and link, beneficiaries.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { DAY_MS } from "../../convex/lib/legacy/rules";
import { tagGeneral } from "./assets-support";
import { addConfirmedContact, contactInput, flush, tagWill, tokenSentTo, willOwner } from "./legacy-support";
import { errorData, lastMessageTo, makeUser, setupTest, snapshot } from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("contacts", () => {
  test.each([
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "a@b" }, "Please enter a valid email address"],
    // A national number needs its country; letters are not digits; too short cannot exist.
    [{ phone: "07911123456" }, "Please enter a valid phone number"],
    [{ phone: "+44abc123456" }, "Please enter a valid phone number"],
    [{ phone: "+1234" }, "Please enter a valid phone number"],
    [{ phone: "12345", phoneCountry: "GB" }, "Please enter a valid phone number"],
    [{ phone: "07911 123456", phoneCountry: "Narnia" }, "Please enter a valid phone number"],
    [{ relationship: "  " }, "Relationship is required"],
    [{ name: "x".repeat(101) }, "Name must be at most 100 characters"],
    [{ name: "" }, "Name is required"],
  ])("a malformed contact %o is refused with '%s' and nothing is written", async (bad, message) => {
    const t = setupTest();
    const owner = await willOwner(t);
    const before = await snapshot(t);
    const input = { ...contactInput("Ann"), ...bad };
    const error = await errorData(() => owner.as.mutation(api.nextOfKin.add, input));
    expect(error).toEqual({ code: "INVALID", message });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a phone typed nationally for its country is stored in E.164, as sign-in reads it", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    for (const [name, phone, phoneCountry, stored] of [
      ["Ann", "07911 123456", "GB", "+447911123456"],
      ["Ben", "090-1234-5678", "JP", "+819012345678"],
      ["Cat", "06 12 34 56 78", "FR", "+33612345678"],
    ] as const) {
      const contactId = await owner.as.mutation(api.nextOfKin.add, { ...contactInput(name), phone, phoneCountry });
      const contact = await t.run(async (ctx) => await ctx.db.get("nokContacts", contactId));
      expect(contact?.phone).toBe(stored);
    }
  });

  test("a new contact is emailed a confirmation link and confirms through it", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    await owner.as.mutation(api.nextOfKin.add, { ...contactInput("Ann"), email: " Ann@Kin.Example ", phone: "+44 7911 123-456" });
    await flush(t);
    const mail = (await lastMessageTo(t, "ann@kin.example"))!;
    expect(mail.subject).toBe("Olive Owner named you as next of kin on TagMyThing");
    expect(mail.link).toMatch(/^http:\/\/localhost:5173\/nok\/confirm\/[\w-]+\.[\w-]+$/);
    let [contact] = await owner.as.query(api.nextOfKin.list, {});
    expect(contact).toMatchObject({ email: "ann@kin.example", phone: "+447911123456", status: "pending" });
    const token = await tokenSentTo(t, "ann@kin.example");
    expect(await t.mutation(api.nextOfKin.confirm, { token })).toEqual({ ownerName: "Olive Owner", contactName: "Ann" });
    [contact] = await owner.as.query(api.nextOfKin.list, {});
    expect(contact.status).toBe("confirmed");
    // The link is single use.
    expect((await errorData(() => t.mutation(api.nextOfKin.confirm, { token }))).message).toBe("This link is invalid or has expired.");
  });

  test("duplicates, oneself and forged or expired confirmation links are refused", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    await owner.as.mutation(api.nextOfKin.add, contactInput("Ann"));
    await flush(t);
    expect((await errorData(() => owner.as.mutation(api.nextOfKin.add, contactInput("Ann")))).message).toBe(
      "You already have a contact with this email",
    );
    expect((await errorData(() => owner.as.mutation(api.nextOfKin.add, { ...contactInput("Me"), email: "owner@example.com" }))).message).toBe(
      "You cannot add yourself as a next of kin",
    );
    const token = await tokenSentTo(t, "ann@kin.example");
    const before = await snapshot(t);
    for (const bad of ["forged", `${token.split(".")[0]}.AAAA`, `x${token}`]) {
      expect((await errorData(() => t.mutation(api.nextOfKin.confirm, { token: bad }))).code).toBe("INVALID");
    }
    vi.advanceTimersByTime(15 * DAY_MS);
    expect((await errorData(() => t.mutation(api.nextOfKin.confirm, { token }))).code).toBe("INVALID");
    expect(await snapshot(t)).toEqual(before);
  });

  test("another member's contacts are neither listed nor removable", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const other = await makeUser(t);
    const { contactId } = await addConfirmedContact(t, owner.as, "Ann");
    expect(await other.as.query(api.nextOfKin.list, {})).toEqual([]);
    expect((await errorData(() => other.as.mutation(api.nextOfKin.remove, { contactId }))).code).toBe("NOT_FOUND");
  });
});

describe("beneficiaries", () => {
  test("shares over 100%, missing share and instructions, and non-will assets are refused", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const ben = await addConfirmedContact(t, owner.as, "Ben");
    const house = await tagWill(owner.as, "House");
    const { assetId: bike } = await tagGeneral(owner.as);
    const cases: [Parameters<typeof owner.as.mutation<typeof api.nextOfKin.setBeneficiaries>>[1], string][] = [
      [{ assetId: house, beneficiaries: [{ contactId: ann.contactId, share: 70 }, { contactId: ben.contactId, share: 40 }] }, "Shares must add up to 100% or less"],
      [{ assetId: house, beneficiaries: [{ contactId: ann.contactId }] }, "Give each beneficiary a share or instructions"],
      [{ assetId: house, beneficiaries: [{ contactId: ann.contactId, share: 0 }] }, "Share must be a whole percentage from 1 to 100"],
      [{ assetId: house, beneficiaries: [{ contactId: ann.contactId, share: 10 }, { contactId: ann.contactId, share: 10 }] }, "Each contact can be named once per asset"],
      [{ assetId: bike, beneficiaries: [{ contactId: ann.contactId, share: 10 }] }, "Beneficiaries can be set on will assets only"],
    ];
    const before = await snapshot(t);
    for (const [args, message] of cases) {
      expect((await errorData(() => owner.as.mutation(api.nextOfKin.setBeneficiaries, args))).message).toBe(message);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("one asset, several contacts; removing a contact removes their assignment", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const ben = await addConfirmedContact(t, owner.as, "Ben");
    const house = await tagWill(owner.as, "House");
    await owner.as.mutation(api.nextOfKin.setBeneficiaries, {
      assetId: house,
      beneficiaries: [{ contactId: ann.contactId, share: 50 }, { contactId: ben.contactId, share: 50, instructions: "Keep the garden" }],
    });
    let [asset] = await owner.as.query(api.nextOfKin.willAssets, {});
    expect(asset.beneficiaries.map((b) => [b.contactName, b.share])).toEqual([["Ann", 50], ["Ben", 50]]);
    await owner.as.mutation(api.nextOfKin.remove, { contactId: ben.contactId });
    [asset] = await owner.as.query(api.nextOfKin.willAssets, {});
    expect(asset.beneficiaries.map((b) => b.contactName)).toEqual(["Ann"]);
  });

  test("another member's contact or asset cannot be used", async () => {
    const t = setupTest();
    const owner = await willOwner(t);
    const other = await makeUser(t, { email: "other@example.com" });
    const ann = await addConfirmedContact(t, owner.as, "Ann");
    const house = await tagWill(owner.as, "House");
    const share = [{ contactId: ann.contactId, share: 10 }];
    expect((await errorData(() => other.as.mutation(api.nextOfKin.setBeneficiaries, { assetId: house, beneficiaries: share }))).code).toBe("NOT_FOUND");
  });
});
