import { describe, expect, test } from "vitest";
import { isValidPhone, parseEmail, parseRef, parseSource } from "../../convex/lib/auth/input";

describe("sign-in input", () => {
  test("emails are trimmed and lower-cased; malformed ones are refused", () => {
    expect(parseEmail("  Jo.Doe@Example.COM ")).toBe("jo.doe@example.com");
    for (const bad of ["", "jo", "jo@", "@example.com", "jo@example", "j o@example.com", 42]) {
      expect(() => parseEmail(bad)).toThrow();
    }
  });

  test("phones are '+' and 11 to 15 digits, as the phone screen sends them", () => {
    expect(isValidPhone("+447911123456")).toBe(true);
    expect(isValidPhone("+12025550123")).toBe(true);
    expect(isValidPhone("+2376712345678")).toBe(true);
    for (const bad of ["447911123456", "+44791112", "+44 7911 123456", "+4479111234567890", ""]) {
      expect(isValidPhone(bad)).toBe(false);
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
