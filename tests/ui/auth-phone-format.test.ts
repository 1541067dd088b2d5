import { describe, expect, it } from "vitest";
import {
  digitsOnly,
  emptyOtp,
  fillOtp,
  formatFullPhone,
  formatPhoneDisplay,
  isOtpComplete,
  isValidPhone,
  maxNationalDigits,
  splitInternational,
  toE164,
} from "../../src/features/auth/phone";

describe("phone formatting", () => {
  it("groups a number with spaces as it is typed", () => {
    expect(formatPhoneDisplay("7")).toBe("7");
    expect(formatPhoneDisplay("7911")).toBe("791 1");
    expect(formatPhoneDisplay("7911123")).toBe("791 112 3");
    expect(formatPhoneDisplay("7911123456")).toBe("791 112 3456");
    expect(formatPhoneDisplay("79111234567")).toBe("791 112 3456 7");
  });

  it("ignores anything that is not a digit and stops at the E.164 limit", () => {
    expect(formatPhoneDisplay("(791) 112-3456")).toBe("791 112 3456");
    expect(digitsOnly(formatPhoneDisplay("1".repeat(20), maxNationalDigits("GB")))).toHaveLength(13);
    expect(maxNationalDigits("US")).toBe(14);
    expect(maxNationalDigits("CM")).toBe(12);
  });

  it("validates per country with libphonenumber-js, whatever the separators", () => {
    expect(isValidPhone("GB", "791 112 345")).toBe(false);
    expect(isValidPhone("GB", "791-112-3456")).toBe(true);
    expect(isValidPhone("FR", "12345")).toBe(false);
    expect(isValidPhone("GB", "")).toBe(false);
  });

  it("accepts real French and Cameroonian mobiles (9 national digits)", () => {
    expect(isValidPhone("FR", "6 12 34 56 78")).toBe(true);
    expect(toE164("FR", "6 12 34 56 78")).toBe("+33612345678");
    expect(isValidPhone("CM", "6 71 23 45 67")).toBe(true);
    expect(toE164("CM", "671234567")).toBe("+237671234567");
  });

  it("drops the trunk 0 a number is often typed with", () => {
    expect(toE164("GB", "07911 123456")).toBe("+447911123456");
    expect(toE164("FR", "06 12 34 56 78")).toBe("+33612345678");
    expect(toE164("NG", "0801 234 5678")).toBe("+2348012345678");
    expect(toE164("DE", "01512 3456789")).toBe("+4915123456789");
  });

  it("sends E.164 and shows the number in international form", () => {
    expect(toE164("GB", "791 112 3456")).toBe("+447911123456");
    expect(toE164("US", "(415) 555-0100")).toBe("+14155550100");
    expect(formatFullPhone("GB", "07911123456")).toBe("+44 7911 123456");
    expect(formatFullPhone("FR", "0612345678")).toBe("+33 6 12 34 56 78");
  });

  it("recognises a number typed in international form", () => {
    expect(splitInternational("+44 7400 123456")).toEqual({ country: "GB", national: "7400123456" });
    // +44 is shared: the numbering plan names the country (07911 12… is Guernsey's).
    expect(splitInternational("+44 7911 123456")).toEqual({ country: "GG", national: "7911123456" });
    expect(splitInternational("+2348012345678")).toEqual({ country: "NG", national: "8012345678" });
    expect(splitInternational("+1 415 555 0100")).toEqual({ country: "US", national: "4155550100" });
    expect(splitInternational("7911 123456")).toBeNull();
    expect(splitInternational("+999 123")).toBeNull();
    // Beyond the six: the country the number itself names.
    expect(splitInternational("+81 90 1234 5678")).toEqual({ country: "JP", national: "9012345678" });
    expect(splitInternational("+1 416 555 0123")).toEqual({ country: "CA", national: "4165550123" });
  });
});

describe("code boxes", () => {
  it("places a typed digit and moves on", () => {
    const { digits, focus } = fillOtp(emptyOtp(), 2, "7");
    expect(digits).toEqual(["", "", "7", "", "", ""]);
    expect(focus).toBe(3);
  });

  it("fills every box from a pasted 6-digit code, wherever it lands", () => {
    const { digits, focus } = fillOtp(emptyOtp(), 3, "12 34 56");
    expect(digits).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(focus).toBe(5);
    expect(isOtpComplete(digits)).toBe(true);
  });

  it("fills from the box pasted into when the code is partial", () => {
    const { digits } = fillOtp(emptyOtp(), 4, "98");
    expect(digits).toEqual(["", "", "", "", "9", "8"]);
    expect(isOtpComplete(digits)).toBe(false);
  });
});
