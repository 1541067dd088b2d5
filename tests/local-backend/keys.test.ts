// Index keys (local-backend/keys.mjs): byte order is Convex's value order, for every
// type, strings with NUL bytes and characters of every UTF-8 length, and nested values.
import { describe, expect, it } from "vitest";
import { compareValues, type Value } from "convex/values";
import { encodeTuple, encodeValue } from "../../local-backend/keys.mjs";

const values: Value[] = [
  null, -(2n ** 63n), -1n, 0n, 7n, 2n ** 63n - 1n, -Infinity, -1e300, -2.5, -0, 0, 1e-300, 3, Infinity, NaN, false, true,
  "", "\u0000", "\u0000\u0000", "a", "a\u0000", "a\u0000b", "ab", "ä", "€", "𝄞", "z".repeat(2000),
  new Uint8Array([]).buffer, new Uint8Array([0]).buffer, new Uint8Array([0, 1]).buffer, new Uint8Array([1]).buffer,
  [], [1], [1, "a"], [2], { a: 1 }, { a: 1, b: "x\u0000" }, { b: 0 },
];

describe("encodeValue", () => {
  it("orders every pair as compareValues does", () => {
    for (const a of values) {
      for (const b of values) {
        expect(Math.sign(Buffer.compare(encodeValue(a), encodeValue(b))), `${String(a)} vs ${String(b)}`).toBe(Math.sign(compareValues(a, b)));
      }
    }
  });

  it("returns a key of its own: a later key never overwrites an earlier one", () => {
    const first = encodeTuple(Buffer.from([0, 0, 0, 7]), ["long string ".repeat(200), 1]);
    const copy = Buffer.from(first);
    encodeTuple(Buffer.from([0, 0, 0, 8]), ["other", 2]);
    expect(first.equals(copy)).toBe(true);
    expect([...first.subarray(0, 4)]).toEqual([0, 0, 0, 7]);
  });
});
