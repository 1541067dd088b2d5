// Argument generation from a function's own validator (Convex's exported JSON form):
// a valid value to start from, then one malformation at a time.
import type { Rng } from "./prng";

export type V =
  | { type: "object"; value: Record<string, { fieldType: V; optional: boolean }> }
  | { type: "union"; value: V[] }
  | { type: "array"; value: V }
  | { type: "record"; keys: V; values: { fieldType: V } }
  | { type: "literal"; value: string | number | boolean }
  | { type: "id"; tableName: string }
  | { type: "string" | "number" | "boolean" | "null" | "any" | "bigint" | "bytes" };

/** Ids and strings that mean something in the fixture world (other users' documents, real serials). */
export type Pools = { ids: Record<string, string[]>; strings: string[] };

export const HUGE = "a".repeat(1 << 20);
export const HOSTILE_STRINGS = [
  "",
  "   ",
  HUGE,
  "ℌ𝔢𝔩𝔩𝔬 😀 漢字 ﷽",
  "\u202Egnp.exe\u202C \u200F\u05e9\u05dc\u05d5\u05dd",
  "nul\u0000byte",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "../../etc/passwd",
];
export const HOSTILE_NUMBERS = [-1, -0, 0.5, -2.75, 1e308, -1e308, Number.NaN, Infinity, -Infinity, 2 ** 53 + 2];

/** Whether `value` passes `validator` (the same rules Convex applies to arguments). */
export function conforms(validator: V, value: unknown): boolean {
  switch (validator.type) {
    case "any":
      return value !== undefined;
    case "null":
      return value === null;
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "bigint":
      return typeof value === "bigint";
    case "boolean":
      return typeof value === "boolean";
    case "bytes":
      return value instanceof ArrayBuffer;
    case "literal":
      return value === validator.value;
    case "id":
      return typeof value === "string" && value.replace(/^[0-9]+/, "") === validator.tableName && /^[0-9]/.test(value);
    case "array":
      return Array.isArray(value) && value.every((item) => conforms(validator.value, item));
    case "union":
      return validator.value.some((member) => conforms(member, value));
    case "record":
      return isPlain(value) && Object.values(value).every((item) => conforms(validator.values.fieldType, item));
    case "object": {
      if (!isPlain(value)) return false;
      for (const [key, field] of Object.entries(validator.value)) {
        if (value[key] === undefined ? !field.optional : !conforms(field.fieldType, value[key])) return false;
      }
      return Object.keys(value).every((key) => key in validator.value);
    }
  }
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

// Times relative to one instant per run: well-formed deadlines stay in the future, and a seed replays.
const NOW = Date.now();
const PLAIN_STRINGS = ["Road bike", "hello@example.com", "+447911123456", "General", "https://example.com/a.png", "Sister"];

/** A value that passes `validator`, biased toward the fixture world's ids and strings. */
export function validValue(validator: V, r: Rng, pools: Pools): unknown {
  switch (validator.type) {
    case "any":
      return {};
    case "null":
      return null;
    case "string":
      return r.chance(0.5) && pools.strings.length > 0 ? r.pick(pools.strings) : r.pick(PLAIN_STRINGS);
    case "number":
      return r.pick([0, 1, 2, 3, 6, 50, 100, NOW, NOW + 86_400_000]);
    case "bigint":
      return 1n;
    case "boolean":
      return r.chance(0.5);
    case "bytes":
      return new ArrayBuffer(4);
    case "literal":
      return validator.value;
    case "id": {
      const ids = pools.ids[validator.tableName] ?? [];
      return ids.length > 0 && r.chance(0.8) ? r.pick(ids) : `99999999999999999999${validator.tableName}`;
    }
    case "array":
      return Array.from({ length: r.int(3) }, () => validValue(validator.value, r, pools));
    case "union":
      return validValue(r.pick(validator.value), r, pools);
    case "record":
      return { key: validValue(validator.values.fieldType, r, pools) };
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(validator.value)) {
        if (!field.optional || r.chance(0.6)) out[key] = validValue(field.fieldType, r, pools);
      }
      return out;
    }
  }
}
