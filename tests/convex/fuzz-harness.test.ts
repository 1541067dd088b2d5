// The fuzzer's own parts: a harness that cannot tell a crash from a refusal would pass anything.
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { badStoredValues, classify } from "./fuzz/judge";
import { cases } from "./fuzz/mutate";
import { rng } from "./fuzz/prng";
import { conforms, HUGE, type Pools, type V } from "./fuzz/values";

const ARGS: V = {
  type: "object",
  value: {
    assetId: { fieldType: { type: "id", tableName: "assets" }, optional: false },
    name: { fieldType: { type: "string" }, optional: false },
    share: { fieldType: { type: "number" }, optional: true },
    kind: { fieldType: { type: "union", value: [{ type: "literal", value: "a" }, { type: "literal", value: "b" }] }, optional: false },
  },
};
const POOLS: Pools = { ids: { assets: ["1assets"], users: ["2users"] }, strings: ["TMT-AAAA-2222"] };

describe("fuzz harness", () => {
  it("tells refusals, validation errors and crashes apart", () => {
    expect(classify(new ConvexError({ code: "INVALID", message: "no" }))).toEqual({ kind: "refused", code: "INVALID" });
    expect(classify(new ConvexError({ code: "WHATEVER", message: "no" })).kind).toBe("crash");
    expect(classify(new Error("Validator error: Expected `string`, got `1`")).kind).toBe("validation");
    expect(classify(new TypeError("Cannot read properties of undefined (reading 'trim')")).kind).toBe("crash");
    expect(classify(new Error("Document is too large")).kind).toBe("crash");
  });

  it("checks values the way Convex validates arguments", () => {
    expect(conforms(ARGS, { assetId: "1assets", name: "x", kind: "a" })).toBe(true);
    expect(conforms(ARGS, { assetId: "2users", name: "x", kind: "a" })).toBe(false);
    expect(conforms(ARGS, { assetId: "1assets", name: "x", kind: "c" })).toBe(false);
    expect(conforms(ARGS, { assetId: "1assets", name: "x", kind: "a", extra: 1 })).toBe(false);
    expect(conforms(ARGS, { assetId: "1assets", kind: "a" })).toBe(false);
    expect(conforms(ARGS, { assetId: "1assets", name: "x", kind: "a", share: Number.NaN })).toBe(true);
  });

  it("replays the same cases from the same seed, and mixes well-typed and malformed ones", () => {
    const first = cases(ARGS, rng(42), POOLS, 40, "2users");
    expect(cases(ARGS, rng(42), POOLS, 40, "2users")).toEqual(first);
    const typed = first.filter((c) => conforms(ARGS, c.args)).length;
    expect(typed).toBeGreaterThan(5);
    expect(first.length - typed).toBeGreaterThan(5);
  });

  it("finds non-finite numbers and huge strings in stored documents", () => {
    expect(badStoredValues({ assets: [{ name: "ok", value: 1 }] })).toEqual([]);
    expect(badStoredValues({ assets: [{ d: { share: Number.NaN } }], users: [{ n: HUGE }] })).toEqual([
      "assets.d.share=NaN",
      `users.n=<${HUGE.length} chars>`,
    ]);
  });
});
