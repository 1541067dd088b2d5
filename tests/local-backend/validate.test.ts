// Argument and document validation (local-backend/validate.mjs): a union tries its
// members without building messages, and a failure still reads as Convex words it.
import { describe, expect, it } from "vitest";
import { v } from "convex/values";
import { checkValue } from "../../local-backend/validate.mjs";

const details = v.union(
  v.object({ kind: v.literal("general"), brand: v.optional(v.string()) }),
  v.object({ kind: v.literal("business"), sku: v.string(), quantity: v.number(), tags: v.optional(v.array(v.string())) }),
);
// The JSON form Convex exports a validator in (what the backend receives).
const exported = (validator: unknown) => JSON.parse(JSON.stringify((validator as { json: unknown }).json));
const json = exported(details);
const check = (value: unknown) => checkValue(json, value, [], () => null) as string | null;

describe("checkValue", () => {
  it("accepts a value matching a later union member, optional fields absent or undefined", () => {
    expect(check({ kind: "business", sku: "S-1", quantity: 2 })).toBeNull();
    expect(check({ kind: "business", sku: "S-1", quantity: 2, tags: ["a"], extra: undefined })).toBeNull();
    expect(check({ kind: "general" })).toBeNull();
  });

  it("refuses a value no member matches, with the union's message", () => {
    const message = check({ kind: "business", sku: "S-1", quantity: "2" });
    expect(message).toMatch(/^Value does not match validator\.\nValue: \{"kind":"business","quantity":"2","sku":"S-1"\}\nValidator: v\.union\(/);
    expect(check({ kind: "business", sku: "S-1", quantity: 2, colour: "red" })).toMatch(/^Value does not match validator/);
    expect(check({ kind: "business", sku: "S-1", quantity: 2, tags: [1] })).toMatch(/^Value does not match validator/);
  });

  it("describes an object's missing and extra fields with the object and its validator", () => {
    const object = exported(v.object({ name: v.string() }));
    expect(checkValue(object, {}, [], () => null)).toBe(
      'Object is missing the required field `name`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\nObject: {}\nValidator: v.object({name: v.string()})',
    );
    expect(checkValue(object, { name: "a", b: 1 }, [], () => null)).toBe(
      'Object contains extra field `b` that is not in the validator.\nObject: {"b":1,"name":"a"}\nValidator: v.object({name: v.string()})',
    );
  });
});
