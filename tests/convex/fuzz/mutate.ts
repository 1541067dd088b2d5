// One malformation per case, applied to a valid argument object at a random place.
import type { Rng } from "./prng";
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, conforms, validValue, type Pools, type V } from "./values";

type Path = (string | number)[];
type Slot = { path: Path; validator: V };
export type Case = { label: string; args: unknown };

const WRONG_TYPES: unknown[] = [42, "text", true, null, [], {}, [1, "x"], { nested: { deep: 1 } }, 1n, -1.5, Number.NaN];
const EXTRA_FIELDS: [string, unknown][] = [
  ["role", "admin"],
  ["userId", "PLACEHOLDER_USER"],
  ["isAdmin", true],
  ["_id", "1users"],
  ["balance", 1e9],
];

function slots(validator: V, value: unknown, path: Path = []): Slot[] {
  const here: Slot = { path, validator };
  if (validator.type === "object" && typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const inner = Object.entries(validator.value).flatMap(([key, field]) =>
      slots(field.fieldType, record[key], [...path, key]),
    );
    return [here, ...inner];
  }
  if (validator.type === "array" && Array.isArray(value)) {
    return [here, ...value.flatMap((item, i) => slots(validator.value, item, [...path, i]))];
  }
  if (validator.type === "union") {
    const member = validator.value.find((m) => conforms(m, value));
    if (member !== undefined) return [here, ...slots(member, value, path).slice(1)];
  }
  return [here];
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (remove) delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = setAt(copy[head], rest, value, remove);
  }
  return copy;
}

const show = (path: Path) => (path.length === 0 ? "<args>" : path.join("."));

/** `count` malformed (or hostile but well-typed) variants of a valid argument object. */
export function cases(validator: V, r: Rng, pools: Pools, count: number, otherUser: string): Case[] {
  const out: Case[] = [{ label: "not an object", args: r.pick([42, null, "args", [], true]) }];
  const otherTables = Object.keys(pools.ids);
  while (out.length < count) {
    const base = validValue(validator, r, pools);
    const all = slots(validator, base);
    // Half the cases are well typed (hostile leaf values, other users' ids) so they reach the
    // handlers; the other half are malformed and must stop at the validators.
    if (r.chance(0.5)) {
      const leaves = all.filter((s) => s.validator.type === "string" || s.validator.type === "number" || s.validator.type === "id");
      if (leaves.length === 0 || r.chance(0.15)) {
        out.push({ label: "valid", args: base });
        continue;
      }
      const { path, validator: v } = r.pick(leaves);
      const where = show(path);
      if (v.type === "string") {
        const value = r.pick(HOSTILE_STRINGS);
        out.push({ label: `string ${where}=${describe(value)}`, args: setAt(base, path, value) });
      } else if (v.type === "number") {
        const value = r.pick(HOSTILE_NUMBERS);
        out.push({ label: `number ${where}=${describe(value)}`, args: setAt(base, path, value) });
      } else if (v.type === "id") {
        const own = pools.ids[v.tableName] ?? [];
        const id = own.length > 0 && r.chance(0.8) ? r.pick(own) : `99999999999999999999${v.tableName}`;
        out.push({ label: `id ${where}=<another user's ${v.tableName}>`, args: setAt(base, path, id) });
      }
      continue;
    }
    const { path, validator: v } = r.pick(all);
    const where = show(path);
    if (v.type === "object" && r.chance(0.6)) {
      const required = Object.entries(v.value).filter(([, f]) => !f.optional).map(([k]) => k);
      if (required.length > 0 && r.chance(0.5)) {
        const key = r.pick(required);
        out.push({ label: `missing ${where}.${key}`, args: setAt(base, [...path, key], undefined, true) });
      } else {
        const [key, raw] = r.pick(EXTRA_FIELDS);
        const value = raw === "PLACEHOLDER_USER" ? otherUser : raw;
        out.push({ label: `extra ${where}.${key}`, args: setAt(base, [...path, key], value) });
      }
    } else if (v.type === "id" && otherTables.length > 0 && r.chance(0.6)) {
      const table = r.pick(otherTables.filter((t) => t !== v.tableName));
      out.push({ label: `id ${where}=<${table} id>`, args: setAt(base, path, r.pick(pools.ids[table])) });
    } else {
      const value = r.pick(WRONG_TYPES);
      out.push({ label: `wrong type ${where}=${describe(value)}`, args: setAt(base, path, value) });
    }
  }
  return out;
}

export function describe(value: unknown): string {
  if (typeof value === "string") return value.length > 40 ? `"${value.slice(0, 8)}…"(${value.length} chars)` : JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  return JSON.stringify(value) ?? String(value);
}
