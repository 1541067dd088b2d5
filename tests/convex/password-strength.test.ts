import { describe, expect, test } from "vitest";
import { checkPasswordStrength, parseNewPassword, PASSWORD_REASONS } from "../../convex/lib/auth/passwordStrength";
import { errorData, lastMessageTo, linkParams, setupTest, signIn, signUpVerified } from "./setup";

describe("checkPasswordStrength", () => {
  test("too short keeps the original message and is the only reason", () => {
    expect(checkPasswordStrength("12345")).toEqual(["Password must be at least 6 characters"]);
  });

  test("common passwords, the email address and one repeated character are refused", () => {
    expect(checkPasswordStrength("Password123")).toEqual([PASSWORD_REASONS.tooCommon]);
    expect(checkPasswordStrength("zz-erin.jones-zz", "erin.jones@example.com")).toEqual([PASSWORD_REASONS.sameAsEmail]);
    expect(checkPasswordStrength("erin@example.com", "erin@example.com")).toEqual([PASSWORD_REASONS.sameAsEmail]);
    expect(checkPasswordStrength("111111")).toEqual([PASSWORD_REASONS.tooCommon, PASSWORD_REASONS.oneCharacter]);
    expect(checkPasswordStrength("qqqqqqqq")).toEqual([PASSWORD_REASONS.oneCharacter]);
  });

  test("ordinary passwords pass", () => {
    expect(checkPasswordStrength("secret123", "a@example.com")).toEqual([]);
    expect(checkPasswordStrength("correct horse battery", "al@example.com")).toEqual([]);
  });

  test("parseNewPassword: INVALID when short, WEAK_PASSWORD with reasons otherwise", async () => {
    expect(await errorData(async () => parseNewPassword("abc"))).toEqual({
      code: "INVALID",
      message: "Password must be at least 6 characters",
    });
    expect(await errorData(async () => parseNewPassword("qwerty123"))).toEqual({
      code: "WEAK_PASSWORD",
      message: "This password is too common",
      reasons: ["This password is too common"],
    });
    expect(parseNewPassword("secret123", "a@example.com")).toBe("secret123");
  });
});

describe("weak_password in the flows", () => {
  test("sign-up refuses a weak password with its reasons and sends nothing", async () => {
    const t = setupTest();
    const data = await errorData(() =>
      signIn(t, "password", { flow: "signUp", email: "weak@example.com", password: "password123" }),
    );
    expect(data).toMatchObject({ code: "WEAK_PASSWORD", reasons: ["This password is too common"] });
    expect(await lastMessageTo(t, "weak@example.com")).toBeNull();
  });

  test("reset refuses a weak new password and keeps the old one", async () => {
    const t = setupTest();
    await signUpVerified(t, "reset@example.com", "secret123");
    await signIn(t, "password", { flow: "reset", email: "reset@example.com" });
    const { params } = linkParams((await lastMessageTo(t, "reset@example.com"))!.link);
    const data = await errorData(() =>
      signIn(t, "password", {
        flow: "reset-verification",
        email: "reset@example.com",
        code: params.token,
        newPassword: "reset@example.com",
      }),
    );
    expect(data).toMatchObject({ code: "WEAK_PASSWORD", reasons: [PASSWORD_REASONS.sameAsEmail] });
    const again = await signIn(t, "password", { flow: "signIn", email: "reset@example.com", password: "secret123" });
    expect(again.tokens?.token).toBeTruthy();
  });
});
