// Every string and list a caller sends has a cap. For every public mutation and action
// in the permission matrix, each string (and each list) in its valid sample arguments is
// swapped, one at a time, for an oversized one and sent by a caller the row allows: the
// call must be refused, or store nothing oversized.
import { describe, expect, test } from "vitest";
import { clientFor } from "./caller-clients";
import { fundedUser } from "./assets-support";
import { MATRIX, call } from "./public-functions";
import { makeUser, setupTest, snapshot } from "./setup";

const PADDING = "x".repeat(1_000_000);
// Padding before the old value keeps an e-mail's shape, after it a URL's: both must be capped.
const OVERSIZED = [(old: string) => PADDING + old, (old: string) => old + PADDING];
const HUGE_LIST = 10_000;
// Longest text the app keeps anywhere (articles), and longest list (asset files, beneficiaries…).
const MAX_STORED_STRING = 100_000;
const MAX_STORED_LIST = 1_000;

type Path = (string | number)[];

/** Paths to every string and array inside `value`. */
function leaves(value: unknown, path: Path = []): { path: Path; kind: "string" | "array" }[] {
  if (typeof value === "string") return [{ path, kind: "string" }];
  if (Array.isArray(value)) {
    return [{ path, kind: "array" }, ...value.flatMap((item, i) => leaves(item, [...path, i]))];
  }
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [];
}

function replaced(value: unknown, path: Path, swap: (old: unknown) => unknown): unknown {
  if (path.length === 0) return swap(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, swap) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, swap) };
}

/** Each string swapped for two oversized versions of itself, each list for a 10,000-item one. */
type Variant = { leaf: { path: Path; kind: "string" | "array" }; swap: (old: unknown) => unknown };

function variants(sample: unknown): Variant[] {
  return leaves(sample).flatMap((leaf): Variant[] =>
    leaf.kind === "string"
      ? OVERSIZED.map((pad) => ({ leaf, swap: (old: unknown) => pad(String(old)) }))
      : [{ leaf, swap: (old: unknown) => Array.from({ length: HUGE_LIST }, () => (old as unknown[])[0] ?? "") }],
  );
}

function oversized(snapshotAfter: Record<string, unknown[]>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, where: string) => {
    if (typeof value === "string" && value.length > MAX_STORED_STRING) found.push(`${where}: ${value.length} chars`);
    else if (Array.isArray(value)) {
      if (value.length > MAX_STORED_LIST) found.push(`${where}: ${value.length} items`);
      value.forEach((item, i) => visit(item, `${where}[${i}]`));
    } else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`);
  };
  for (const [table, docs] of Object.entries(snapshotAfter)) docs.forEach((doc) => visit(doc, table));
  return found;
}

const WRITERS = Object.entries(MATRIX).filter(([, row]) => row.kind !== "query" && row.handlerError === undefined);

test("the matrix has writers with arguments to oversize", () => {
  expect(WRITERS.filter(([, row]) => leaves(row.args({ target: "x" as never })).length > 0).length).toBeGreaterThan(8);
});

// Writers whose matrix sample is minimal (or needs funds): samples with every optional field filled.
const base = { description: "Blue", category: "Bikes", visibility: "private", files: [] };
const RICH: [string, Record<string, unknown>][] = [
  ["assets:tag", { ...base, kind: "general", name: "Bike", details: { kind: "general", brand: "Trek", model: "Domane", purchaseDate: "2023-04-01", purchaseValue: { amount: 100, currency: "GBP" }, location: "Shed" } }],
  ["assets:tag", { ...base, kind: "nft", name: "Ape", details: { kind: "nft", chain: "ethereum", contractAddress: "0x0000000000000000000000000000000000000001", tokenId: "1", marketplaceUrl: "https://opensea.io/x" } }],
  ["assets:tag", { ...base, kind: "will", name: "House", details: { kind: "will", instructions: "Sell it" } }],
  ["assets:tag", { ...base, kind: "business", name: "Mug", details: { kind: "business", sku: "M-1", quantity: 1, unitCost: { amount: 450, currency: "GBP" }, location: "Shop" } }],
  ["nextOfKin:add", { name: "Kin", relationship: "Sister", email: "kin@example.com", phone: "+447911123456" }],
];

describe.each(RICH.map(([path, args], i) => [`${path} #${i}`, path, args] as const))("%s (full sample)", (_label, path, sample) => {
  test("oversized strings and lists are refused or never stored", async () => {
    // The full sample is accepted as it is, so each oversized variant tests one cap.
    const ok = setupTest();
    await call((await fundedUser(ok, 200)).as, "mutation", path, sample);
    const problems: string[] = [];
    for (const { leaf, swap } of variants(sample)) {
      const t = setupTest();
      const user = await fundedUser(t, 200);
      const args = replaced(sample, leaf.path, swap);
      try {
        await call(user.as, "mutation", path, args);
      } catch {
        continue;
      }
      problems.push(...oversized(await snapshot(t)).map((p) => `${leaf.kind} at ${leaf.path.join(".")} → ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

describe.each(WRITERS.map(([path, row]) => [path, row] as const))("%s", (path, row) => {
  test("oversized strings and lists are refused or never stored", async () => {
    const sample = row.args({ target: "placeholder" as never });
    const problems: string[] = [];
    for (const { leaf, swap } of variants(sample)) {
      const t = setupTest();
      const target = (await makeUser(t)).userId;
      const client = await clientFor(t, row.allowed.includes("influencer") ? "influencer" : row.allowed[0]);
      const args = replaced(row.args({ target }), leaf.path, swap);
      try {
        await call(client, row.kind, path, args);
      } catch {
        continue; // refused: fine, whatever the reason
      }
      problems.push(...oversized(await snapshot(t)).map((p) => `${leaf.kind} at ${leaf.path.join(".") || "(root)"} → ${p}`));
    }
    expect(problems).toEqual([]);
  });
});
