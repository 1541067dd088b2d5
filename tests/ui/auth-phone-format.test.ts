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
    expect(digitsOnly(formatPhoneDisplay("1".repeat(20), maxNationalDigits("+44")))).toHaveLength(13);
    expect(maxNationalDigits("+1")).toBe(14);
    expect(maxNationalDigits("+237")).toBe(12);
  });

  it("needs at least 10 digits after stripping everything else", () => {
    expect(isValidPhone("791 112 345")).toBe(false);
    expect(isValidPhone("791-112-3456")).toBe(true);
  });

  it("sends the country code followed by digits only", () => {
    expect(toE164("+44", "791 112 3456")).toBe("+447911123456");
    expect(toE164("+1", "(415) 555-0100")).toBe("+14155550100");
    expect(formatFullPhone("+44", "7911123456")).toBe("+44 791 112 3456");
  });

  it("recognises a number typed in international form", () => {
    expect(splitInternational("+44 7911 123456")).toEqual({ country: "+44", national: "7911123456" });
    expect(splitInternational("+2348012345678")).toEqual({ country: "+234", national: "8012345678" });
    expect(splitInternational("+1 415 555 0100")).toEqual({ country: "+1", national: "4155550100" });
    expect(splitInternational("7911 123456")).toBeNull();
    expect(splitInternational("+999 123")).toBeNull();
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
