// The permission matrix: every public function, called by every kind of caller.
// A new public function without a row here fails the first test.
import { describe, expect, test } from "vitest";
import { clientFor } from "./caller-clients";
import { errorData, makeUser, setupTest, snapshot } from "./setup";
import { CALLERS } from "./permission-types";
import { MATRIX, call, publicFunctions } from "./public-functions";

// Convex Auth's own entry points: callable by anyone by design, exercised in auth/phone tests.
const PUBLIC_BY_DESIGN = new Set(["auth:signIn", "auth:signOut", "auth:isAuthenticated"]);

test("every public function has a row in the matrix, of the right kind", () => {
  const found = new Map([...publicFunctions()].map(([path, fn]) => [path, fn.kind]));
  for (const path of PUBLIC_BY_DESIGN) expect(found.has(path), `${path} is exported`).toBe(true);
  const unlisted = [...found.keys()].filter((p) => !PUBLIC_BY_DESIGN.has(p) && !(p in MATRIX));
  expect(unlisted, "public functions without a permission row").toEqual([]);
  for (const [path, row] of Object.entries(MATRIX)) expect(found.get(path), path).toBe(row.kind);
});

describe.each(Object.entries(MATRIX))("%s", (path, row) => {
  test.each(CALLERS)("as %s", async (caller) => {
    const t = setupTest();
    const target = (await makeUser(t)).userId;
    const client = await clientFor(t, caller);
    const args = row.args({ target });
    const before = await snapshot(t);
    if (row.allowed.includes(caller)) {
      if (row.handlerError !== undefined) {
        expect((await errorData(() => call(client, row.kind, path, args))).code).toBe(row.handlerError);
      } else {
        await call(client, row.kind, path, args);
      }
      return;
    }
    const expected = caller === "anonymous" ? "NOT_AUTHENTICATED" : "FORBIDDEN";
    expect((await errorData(() => call(client, row.kind, path, args))).code).toBe(expected);
    expect(await snapshot(t)).toEqual(before);
  });
});
