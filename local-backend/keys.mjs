// Order-preserving byte encoding of Convex values: for any a, b,
// Buffer.compare(encodeValue(a), encodeValue(b)) has the sign of
// compareValues(a, b) from convex/values. Index keys are tuples of encoded
// values, so every schema index is one ordered key range in the store.
// Each encoding is self-delimiting (strings and bytes are escaped and
// terminated), so a tuple's prefix orders before its extensions.

// Type tags in Convex's value order: undefined < null < int64 < float64 <
// boolean < string < bytes < array < object (convex/values compare.js).
const TAG = { undefined: 0x10, null: 0x20, bigint: 0x30, number: 0x40, false: 0x50, true: 0x51, string: 0x60, bytes: 0x70, array: 0x80, object: 0x90 };
const END = 0x00;
/** Sorts after every encoded value: the exclusive end of "all keys with this prefix". */
export const AFTER = Buffer.from([0xff]);

function escapedBytes(bytes, out) {
  for (const b of bytes) {
    if (b === 0x00) out.push(0x00, 0xff);
    else out.push(b);
  }
  out.push(0x00, 0x01);
}

function pushValue(v, out) {
  if (v === undefined) return void out.push(TAG.undefined);
  if (v === null) return void out.push(TAG.null);
  switch (typeof v) {
    case "bigint": {
      out.push(TAG.bigint);
      const b = Buffer.alloc(8);
      b.writeBigUInt64BE(BigInt.asUintN(64, v) ^ 0x8000000000000000n);
      return void out.push(...b);
    }
    case "number": {
      out.push(TAG.number);
      const b = Buffer.alloc(8);
      b.writeDoubleBE(v);
      // IEEE 754 total order: flip the sign bit of positives, every bit of negatives.
      if (b[0] & 0x80) for (let i = 0; i < 8; i++) b[i] = ~b[i] & 0xff;
      else b[0] |= 0x80;
      return void out.push(...b);
    }
    case "boolean":
      return void out.push(v ? TAG.true : TAG.false);
    case "string":
      out.push(TAG.string);
      return escapedBytes(Buffer.from(v, "utf8"), out);
    default:
      break;
  }
  if (v instanceof ArrayBuffer) {
    out.push(TAG.bytes);
    return escapedBytes(new Uint8Array(v), out);
  }
  if (Array.isArray(v)) {
    out.push(TAG.array);
    for (const item of v) pushValue(item, out);
    return void out.push(END);
  }
  // Objects compare as their [key, value] pairs sorted by key.
  out.push(TAG.object);
  for (const k of Object.keys(v).sort()) {
    if (v[k] === undefined) continue;
    out.push(TAG.array);
    pushValue(k, out);
    pushValue(v[k], out);
    out.push(END);
  }
  out.push(END);
}

/** @param {unknown[]} values */
export function encodeTuple(prefix, values) {
  const out = [...prefix];
  for (const v of values) pushValue(v, out);
  return Buffer.from(out);
}

export const encodeValue = (v) => encodeTuple([], [v]);

/** Encoded strings that start with `s` are exactly the keys in [stringPrefix(s), stringPrefix(s) ++ AFTER). */
export function stringPrefix(prefix, s) {
  const out = [...prefix, TAG.string];
  for (const b of Buffer.from(s, "utf8")) {
    if (b === 0x00) out.push(0x00, 0xff);
    else out.push(b);
  }
  return Buffer.from(out);
}

/** Index-number prefix (4 bytes, big endian) that starts every key of one index. */
export function indexPrefix(indexNumber) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(indexNumber);
  return b;
}

/** The value at a dotted field path, as Convex indexes read it (missing = undefined). */
export function fieldOf(doc, fieldPath) {
  let v = doc;
  for (const part of fieldPath.split(".")) {
    v = v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof ArrayBuffer) ? v[part] : undefined;
  }
  return v;
}

/** The key of `doc` in an index over `fields` (Convex appends _creationTime and _id). */
export function indexKey(index, doc) {
  return encodeTuple(index.prefix, index.fields.map((f) => fieldOf(doc, f)));
}

export const compareBytes = (a, b) => Buffer.compare(a, b);

/** True when key lies in [lo, hi). */
export const inInterval = (key, lo, hi) => Buffer.compare(key, lo) >= 0 && Buffer.compare(key, hi) < 0;
