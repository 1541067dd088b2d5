import { beforeEach, describe, expect, it } from "vitest";
import { captureReferralFromUrl, getCapturedReferral, REFERRAL_STORAGE_KEY } from "../../src/lib/referral";

beforeEach(() => localStorage.clear());

describe("referral capture", () => {
  it("keeps ?ref= from the entry URL under tmt_referral_code", () => {
    expect(captureReferralFromUrl("?ref=MIA12345&utm=x")).toBe("MIA12345");
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe("MIA12345");
    expect(REFERRAL_STORAGE_KEY).toBe("tmt_referral_code");
    expect(getCapturedReferral()).toBe("MIA12345");
  });

  it("lets the first visit win", () => {
    captureReferralFromUrl("?ref=FIRST");
    expect(captureReferralFromUrl("?ref=SECOND")).toBe("FIRST");
    expect(getCapturedReferral()).toBe("FIRST");
  });

  it("ignores a missing, empty or malformed code", () => {
    expect(captureReferralFromUrl("")).toBeNull();
    expect(captureReferralFromUrl("?ref=")).toBeNull();
    expect(captureReferralFromUrl("?ref=<script>")).toBeNull();
    expect(getCapturedReferral()).toBeNull();
  });
});
