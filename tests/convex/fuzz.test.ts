// Fuzzing every public mutation and action with malformed arguments, from anonymous,
// a member and the privileged caller its permission row allows. Each call must succeed
// (only with well-typed args) or be refused by argument validation or a ConvexError
// with one of the project's codes, never crash; a refused call writes nothing.
// Replay a run with FUZZ_SEED=<seed> (printed below).
import { beforeAll, describe, expect, test } from "vitest";
import type { Caller } from "./permission-types";
import { MATRIX, call, publicFunctions } from "./public-functions";
import { clientFor } from "./caller-clients";
import { snapshot } from "./setup";
import { world } from "./fuzz/fixtures";
import { KNOWN_FINDINGS } from "./fuzz/known";
import { badStoredValues, classify } from "./fuzz/judge";
import { cases } from "./fuzz/mutate";
import { fuzzSeed, rng, seedFor } from "./fuzz/prng";
import { conforms, type V } from "./fuzz/values";
import { exactly } from "../support/workspace-client";

// Convex Auth's own entry points: signIn takes `params: v.any()` and is fuzzed by its
// provider-specific tests (auth/phone/authInput); signOut takes no args and only ends the caller's session.
const SKIPPED = new Set(["auth:signIn", "auth:signOut"]);
const CASES_PER_CALLER = 10;
const PRIVILEGED: Caller[] = ["admin", "business", "moderator", "adminInfluencer"];

const SEED = fuzzSeed();
const targets = [...publicFunctions().values()].filter((f) => f.kind !== "query" && !SKIPPED.has(f.path));

beforeAll(() => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${targets.length} functions`);
});

function callersFor(path: string): Caller[] {
  const allowed = MATRIX[path]?.allowed ?? ["admin"];
  return ["anonymous", "influencer", PRIVILEGED.find((c) => allowed.includes(c)) ?? "admin"];
}

test("discovers the public mutations and actions", () => {
  expect(targets.length).toBeGreaterThan(10);
});

describe.each(targets.map((f) => [f.path, f] as const))("%s", (path, fn) => {
  test("malformed arguments are refused cleanly and write nothing", async () => {
    const { t, pools, victimId } = await world();
    const r = rng(seedFor(SEED, path));
    const validator = fn.args as V;
    const findings: string[] = [];
    const tally: Record<string, number> = {};
    for (const caller of callersFor(path)) {
      // Exactly the arguments generated: a missing workspaceId is one of the malformed cases.
      const client = exactly(await clientFor(t, caller, 100));
      // Each case's `after` is the next case's `before`: nothing awaits in between, so nothing
      // (not even a scheduled function's timer) can write there.
      let before = await snapshot(t);
      let beforeJson = JSON.stringify(before);
      for (const { label, args } of cases(validator, r, pools, CASES_PER_CALLER, victimId)) {
        const wellTyped = conforms(validator, args);
        let outcome;
        try {
          await call(client, fn.kind, path, args);
          outcome = { kind: "ok" as const };
        } catch (error) {
          outcome = classify(error);
        }
        const after = await snapshot(t);
        const afterJson = JSON.stringify(after);
        const key = outcome.kind === "refused" ? outcome.code : outcome.kind;
        tally[key] = (tally[key] ?? 0) + 1;
        const note = (category: string, observed: string) =>
          findings.push(`${category} | as ${caller} | ${label} | ${observed}`);
        if (outcome.kind === "crash") note("crash", outcome.message);
        else if (outcome.kind === "ok" && !wellTyped) note("accepted-invalid", "succeeded");
        else if (outcome.kind === "validation" && wellTyped) note("crash", `validator error on well-typed args: ${outcome.message}`);
        if (outcome.kind !== "ok" && afterJson !== beforeJson) {
          note("refused-but-wrote", `${outcome.kind} yet the database changed`);
        }
        if (outcome.kind === "ok") {
          const bad = badStoredValues(after).filter((b) => !badStoredValues(before).includes(b));
          if (bad.length > 0) note("stored-bad-value", bad.slice(0, 3).join(", "));
        }
        before = after;
        beforeJson = afterJson;
      }
    }
    const fresh = findings.filter((f) => !(`${path} ${f.split(" | ")[0]}` in KNOWN_FINDINGS));
    console.log(`[fuzz] ${path}: ${JSON.stringify(tally)}`);
    for (const f of findings) console.log(`[fuzz] ${path} | ${f}`);
    expect(fresh, `FUZZ_SEED=${SEED}: category | caller | malformed argument | observed`).toEqual([]);
  });
});
