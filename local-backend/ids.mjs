// Document ids in Convex's encoding: VInt(table number) ++ 16 random bytes ++
// a 2-byte checksum footer (fletcher16 of the bytes before it, XOR the format
// version 0), written in base32 with the alphabet 0-9a-z minus i, l, o, u.
// 128 random bits make ids unguessable; the table number says which table an
// id belongs to, as on Convex.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const DECODE = new Map([...ALPHABET].map((c, i) => [c, i]));
const RANDOM_BYTES = 16;
const VERSION = 0;

function varint(n) {
  const out = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

function fletcher16(bytes) {
  let a = 0;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 255;
    b = (b + a) % 255;
  }
  return (b << 8) | a;
}

function base32(bytes) {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = ((acc << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(acc >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(acc << (5 - bits)) & 31];
  return out;
}

function unbase32(text) {
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const c of text) {
    const v = DECODE.get(c);
    if (v === undefined) return null;
    acc = ((acc << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((acc >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return out;
}

// Random bytes drawn 4 KB at a time: one randomBytes call per id was a tenth of a bulk
// insert's time (a 10,000-row CSV import makes 40,000 ids), one per request id 1 % of a busy
// server's.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;
function freshBytes(n) {
  if (poolAt + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  poolAt += n;
  return pool.subarray(poolAt - n, poolAt);
}

/** A function call's request id (16 hex digits, as Convex's), from the same pool. */
export const newRequestId = () => freshBytes(8).toString("hex");

// Table numbers of the ids decoded or made lately: a write names the same few ids (its
// workspace, its author, the document it just inserted) again and again, and each was decoded and
// checked in full at every schema check and read (a tenth of an import batch's syscalls). An id's
// table number is a function of its text alone; the memo starts afresh when it is full.
const MEMO_SIZE = 16_384;
const known = new Map();
const remember = (id, table) => {
  if (known.size >= MEMO_SIZE) known.clear();
  known.set(id, table);
};

/** A new random id for a document of table `tableNumber`. */
export function newId(tableNumber) {
  const body = [...varint(tableNumber), ...freshBytes(RANDOM_BYTES)];
  const footer = fletcher16(body) ^ VERSION;
  const id = base32([...body, footer & 0xff, footer >> 8]);
  remember(id, tableNumber);
  return id;
}

/** The table number of a well-formed id, else null. */
export function decodeId(id) {
  const table = known.get(id);
  if (table !== undefined) return table;
  const decoded = decodeAnew(id);
  if (decoded !== null) remember(id, decoded);
  return decoded;
}

function decodeAnew(id) {
  if (typeof id !== "string" || id.length < 31 || id.length > 37) return null;
  const bytes = unbase32(id);
  if (!bytes || bytes.length < RANDOM_BYTES + 3) return null;
  let table = 0;
  let i = 0;
  for (let shift = 1; i < 5; i++, shift *= 128) {
    table += (bytes[i] & 0x7f) * shift;
    if ((bytes[i] & 0x80) === 0) break;
  }
  i += 1;
  if (bytes.length !== i + RANDOM_BYTES + 2) return null;
  const body = bytes.slice(0, i + RANDOM_BYTES);
  const footer = bytes[i + RANDOM_BYTES] | (bytes[i + RANDOM_BYTES + 1] << 8);
  if ((fletcher16(body) ^ VERSION) !== footer) return null;
  if (base32(bytes) !== id) return null;
  return table;
}
