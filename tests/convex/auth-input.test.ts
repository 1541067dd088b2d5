import { describe, expect, test } from "vitest";
import { parseEmail, parseRef, parseSource } from "../../convex/lib/auth/input";
import { mailboxKey, normaliseAddress } from "../../convex/lib/auth/emailIdentity";
import { normalisePhone } from "../../convex/lib/phone";

describe("sign-in input", () => {
  test("every spelling of one inbox has one mailbox key", () => {
    const eve = mailboxKey("eve@evil.test");
    for (const alias of [
      "EVE@EVIL.TEST",
      "eve@evil.test.",
      "eve@Evil.Test..",
      '"eve"@evil.test',
      "eve+referral@evil.test",
      "e.v.e@evil.test",
      ' "e.ve+x"@EVIL.test. ',
    ]) {
      expect(mailboxKey(alias), alias).toBe(eve);
    }
    expect(mailboxKey("john.smith+shop@googlemail.com")).toBe(mailboxKey("johnsmith@gmail.com"));
    expect(mailboxKey("eve@evil.test")).not.toBe(mailboxKey("eva@evil.test"));
    expect(mailboxKey("eve@evil.test")).not.toBe(mailboxKey("eve@evil.tst"));
  });

  test("the stored address drops only what changes nothing: case, a trailing dot, plain quotes", () => {
    expect(normaliseAddress(" Eve@Evil.Test. ")).toBe("eve@evil.test");
    expect(normaliseAddress('"eve"@evil.test')).toBe("eve@evil.test");
    // Quotes that protect something are kept; +tags and dots stay (they reach the inbox).
    expect(normaliseAddress('"e v"@evil.test')).toBe('"e v"@evil.test');
    expect(normaliseAddress("e.ve+x@evil.test")).toBe("e.ve+x@evil.test");
    expect(parseEmail('"Eve"@Evil.Test.')).toBe("eve@evil.test");
  });

  test("emails are trimmed and lower-cased; malformed ones are refused", () => {
    expect(parseEmail("  Jo.Doe@Example.COM ")).toBe("jo.doe@example.com");
    for (const bad of ["", "jo", "jo@", "@example.com", "jo@example", "j o@example.com", 42, `${"a".repeat(400)}@example.com`]) {
      expect(() => parseEmail(bad)).toThrow();
    }
  });

  test("a phone number has one spelling: E.164, with the trunk 0 dropped and impossible numbers refused", () => {
    expect(normalisePhone("+447911123456")).toBe("+447911123456");
    expect(normalisePhone("+44 7911 123456")).toBe("+447911123456");
    expect(normalisePhone("+4407911123456")).toBe("+447911123456");
    expect(normalisePhone("+33612345678")).toBe("+33612345678");
    expect(normalisePhone("+237671234567")).toBe("+237671234567");
    expect(normalisePhone("+12025550123")).toBe("+12025550123");
    for (const bad of ["447911123456", "07911123456", "+44791112", "+4479111234567890", "", 42, null, `+44${"7".repeat(40)}`]) {
      expect(normalisePhone(bad)).toBeNull();
    }
  });

  test("a number typed nationally is read by its country's rules, the same on every phone field", () => {
    expect(normalisePhone("07911 123456", "GB")).toBe("+447911123456");
    expect(normalisePhone("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(normalisePhone("090-1234-5678", "JP")).toBe("+819012345678");
    expect(normalisePhone("(416) 555-0123", "CA")).toBe("+14165550123");
    // International input names its own country, whichever is chosen.
    expect(normalisePhone("+44 7911 123456", "JP")).toBe("+447911123456");
    for (const [typed, region] of [["07911 123456", undefined], ["07911 123456", "XX"], ["12345", "GB"], ["", "GB"]] as const) {
      expect(normalisePhone(typed, region)).toBeNull();
    }
  });

  test("'from' falls back to email_verification; odd referral codes are dropped", () => {
    expect(parseSource("general-tagging")).toBe("general-tagging");
    expect(parseSource(undefined)).toBe("email_verification");
    expect(parseSource("x".repeat(65))).toBe("email_verification");
    expect(parseSource("a\nb")).toBe("email_verification");
    expect(parseRef(" abc123 ")).toBe("ABC123");
    expect(parseRef("bad code")).toBeUndefined();
    expect(parseRef(undefined)).toBeUndefined();
  });
});
