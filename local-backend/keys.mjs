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

// Keys are written into one growing scratch buffer and copied out once: building
// them as arrays of numbers (then Buffer.from) was the backend's top cost when
// a mutation inserts thousands of indexed documents.
let scratch = Buffer.allocUnsafe(1024);
let length = 0;

function ensure(n) {
  if (length + n <= scratch.length) return;
  const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, length + n));
  scratch.copy(grown, 0, 0, length);
  scratch = grown;
}

function byte(b) {
  ensure(1);
  scratch[length++] = b;
}

function escapedBytes(bytes) {
  ensure(bytes.length * 2 + 2);
  for (const b of bytes) {
    if (b === 0x00) {
      scratch[length++] = 0x00;
      scratch[length++] = 0xff;
    } else scratch[length++] = b;
  }
  scratch[length++] = 0x00;
  scratch[length++] = 0x01;
}

function escapedString(v) {
  // A NUL character (rare; the only one whose UTF-8 holds a 0 byte) must be escaped: the slow way.
  if (v.includes("\0")) return escapedBytes(Buffer.from(v, "utf8"));
  const max = v.length * 3;
  ensure(max + 2);
  length += scratch.write(v, length, max, "utf8");
  scratch[length++] = 0x00;
  scratch[length++] = 0x01;
}

function pushValue(v) {
  if (v === undefined) return byte(TAG.undefined);
  if (v === null) return byte(TAG.null);
  switch (typeof v) {
    case "bigint": {
      byte(TAG.bigint);
      ensure(8);
      scratch.writeBigUInt64BE(BigInt.asUintN(64, v) ^ 0x8000000000000000n, length);
      length += 8;
      return;
    }
    case "number": {
      byte(TAG.number);
      ensure(8);
      scratch.writeDoubleBE(v, length);
      // IEEE 754 total order: flip the sign bit of positives, every bit of negatives.
      if (scratch[length] & 0x80) for (let i = length; i < length + 8; i++) scratch[i] = ~scratch[i] & 0xff;
      else scratch[length] |= 0x80;
      length += 8;
      return;
    }
    case "boolean":
      return byte(v ? TAG.true : TAG.false);
    case "string":
      byte(TAG.string);
      return escapedString(v);
    default:
      break;
  }
  if (v instanceof ArrayBuffer) {
    byte(TAG.bytes);
    return escapedBytes(new Uint8Array(v));
  }
  if (Array.isArray(v)) {
    byte(TAG.array);
    for (const item of v) pushValue(item);
    return byte(END);
  }
  // Objects compare as their [key, value] pairs sorted by key.
  byte(TAG.object);
  for (const k of Object.keys(v).sort()) {
    if (v[k] === undefined) continue;
    byte(TAG.array);
    pushValue(k);
    pushValue(v[k]);
    byte(END);
  }
  byte(END);
}

function startKey(prefix) {
  length = 0;
  ensure(prefix.length);
  for (let i = 0; i < prefix.length; i++) scratch[length++] = prefix[i];
}

/** The key written so far, copied out of the scratch buffer. */
function finishKey() {
  const key = Buffer.allocUnsafe(length);
  scratch.copy(key, 0, 0, length);
  return key;
}

/** @param {unknown[]} values */
export function encodeTuple(prefix, values) {
  startKey(prefix);
  for (const v of values) pushValue(v);
  return finishKey();
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

// Field paths split once: every index key of every written document reads a few of them. The
// indexes' paths are a few hundred; the cap keeps paths a query names from growing it forever.
const pathParts = new Map();
const MAX_PATHS = 4096;

/** The value at a dotted field path, as Convex indexes read it (missing = undefined). */
export function fieldOf(doc, fieldPath) {
  let parts = pathParts.get(fieldPath);
  if (parts === undefined) {
    parts = fieldPath.split(".");
    if (pathParts.size < MAX_PATHS) pathParts.set(fieldPath, parts);
  }
  let v = doc;
  for (const part of parts) {
    v = v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof ArrayBuffer) ? v[part] : undefined;
  }
  return v;
}

/** The key of `doc` in an index over `fields` (Convex appends _creationTime and _id). */
export function indexKey(index, doc) {
  startKey(index.prefix);
  for (const f of index.fields) pushValue(fieldOf(doc, f));
  return finishKey();
}

/** True when key lies in [lo, hi). */
export const inInterval = (key, lo, hi) => Buffer.compare(key, lo) >= 0 && Buffer.compare(key, hi) < 0;
