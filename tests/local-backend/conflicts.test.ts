// Conflict checks (local-backend/transaction.mjs `touches`): a commit conflicts with a
// transaction exactly when one of its keys lies in an interval the transaction read. The
// intervals of an index are searched (sorted, with the highest upper bound so far), so
// this compares that against checking every interval, on overlapping and nested intervals.
import { describe, expect, it } from "vitest";
import { newReadSet, touches } from "../../local-backend/transaction.mjs";

const INDEX = Buffer.from([0, 0, 0, 9]);
const OTHER = Buffer.from([0, 0, 0, 10]);
const key = (index: Buffer, ...bytes: number[]) => Buffer.concat([index, Buffer.from(bytes)]);

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function lcg(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function readSet(intervals: [Buffer, Buffer][]) {
  const reads = newReadSet();
  for (const [lo, hi] of intervals) reads.intervals.push({ lo, hi });
  return reads;
}
const change = (...keys: Buffer[]) => [{ table: "things", keys }];

describe("touches", () => {
  it("finds a key inside a long interval that starts before many short ones", () => {
    const reads = readSet([
      [key(INDEX, 1), key(INDEX, 200)],
      ...Array.from({ length: 50 }, (_, i): [Buffer, Buffer] => [key(INDEX, 2 + i, 0), key(INDEX, 2 + i, 1)]),
    ]);
    expect(touches(reads, change(key(INDEX, 150)))).toBe(true);
    expect(touches(reads, change(key(INDEX, 200)))).toBe(false); // hi is exclusive
    expect(touches(reads, change(key(INDEX, 0)))).toBe(false);
    expect(touches(reads, change(key(OTHER, 150)))).toBe(false); // another index
  });

  it("agrees with checking every interval, on random overlapping intervals", () => {
    const random = lcg(7);
    const byte = () => Math.floor(random() * 40);
    for (let round = 0; round < 200; round++) {
      const intervals = Array.from({ length: 1 + Math.floor(random() * 30) }, (): [Buffer, Buffer] => {
        const a = byte();
        const b = a + Math.floor(random() * 8);
        return [key(INDEX, a, byte()), key(INDEX, b, byte())];
      });
      const reads = readSet(intervals);
      for (let k = 0; k < 20; k++) {
        const probe = key(INDEX, byte(), byte());
        const expected = intervals.some(([lo, hi]) => Buffer.compare(lo, probe) <= 0 && Buffer.compare(probe, hi) < 0);
        expect(touches(reads, change(probe)), `round ${round}, probe ${probe.toString("hex")}`).toBe(expected);
      }
    }
  });
});
