// The deploy check (scripts/deploy-check.mjs) passes on the app's convex/ and
// fails, naming the file and the rule, on fixtures that `npx convex deploy` or
// Convex's runtime would refuse.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { checkDeploy, formatProblem, type Problem } from "../../scripts/deploy-check.mjs";

const fixture = (name: string) => `tests/deploy/fixtures/${name}/convex`;
const brief = (problems: Problem[]) => problems.map((p) => `${p.rule} ${p.file}${p.line ? `:${p.line}` : ""}`);

describe("deploy check", () => {
  test("the app's convex/ bundles for Convex's runtime and its schema follows Convex's rules", async () => {
    const { problems, summary } = await checkDeploy({ convexDir: "convex" });
    expect(problems.map(formatProblem)).toEqual([]);
    // It looked at the real thing: every module and the schema's tables.
    expect(summary).toMatch(/convex: [1-9]\d+ modules for Convex's runtime, 0 "use node", \d+ project files scanned, [1-9]\d* tables/);
    // Bundling all of convex/ (pdf-lib and fontkit among it) takes about 6 s on a busy 2-core machine.
  }, 30_000);

  test("a module without \"use node\" that reaches a Node built-in fails, directly or through an import", async () => {
    const { problems } = await checkDeploy({ convexDir: fixture("node-builtin") });
    expect(brief(problems)).toEqual([
      "node-builtin tests/deploy/fixtures/node-builtin/convex/files.ts:3",
      "node-builtin tests/deploy/fixtures/node-builtin/convex/lib/digest.ts:2",
    ]);
    expect(problems[0].message).toContain('imports the Node built-in "node:fs"');
    expect(problems[1].message).toContain(
      '"crypto" (reached through tests/deploy/fixtures/node-builtin/convex/hashes.ts → tests/deploy/fixtures/node-builtin/convex/lib/digest.ts)',
    );
    // nodeActions.ts starts with "use node", so its node:fs is fine.
  });

  test("a built-in that a package's browser field or an npm polyfill replaces passes, as it bundles for the CLI", async () => {
    // node_modules is git-ignored, so this fixture is written to a temporary folder.
    const root = mkdtempSync(path.join(os.tmpdir(), "deploy-check-"));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    try {
      write("node_modules/uses-fs/package.json", JSON.stringify({ name: "uses-fs", main: "index.js", browser: { fs: false } }));
      write("node_modules/uses-fs/index.js", 'import fs from "fs";\nexport const disk = () => fs;\n');
      write("node_modules/buffer/package.json", JSON.stringify({ name: "buffer", main: "index.js" }));
      write("node_modules/buffer/index.js", "export const Buffer = Uint8Array;\n");
      write("convex/bytes.ts", 'import { disk } from "uses-fs";\nimport { Buffer } from "buffer";\nexport const parts = [disk, Buffer.of(1)];\n');
      write("convex/disk.ts", 'import { readFileSync } from "fs";\nexport const read = readFileSync;\n');
      const { problems } = await checkDeploy({ convexDir: path.join(root, "convex") });
      // Only the real built-in import fails; the imported Buffer is a module binding, not the global.
      expect(problems.map((p) => [p.rule, path.basename(p.file)])).toEqual([["node-builtin", "disk.ts"]]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("Node-only globals fail; process.env, typeof checks, types and locals of the same name do not", async () => {
    const { problems } = await checkDeploy({ convexDir: fixture("node-global") });
    expect(problems.map((p) => [p.rule, `${p.file}:${p.line}:${p.column}`, p.message.split(",")[0]])).toEqual([
      ["node-global", "tests/deploy/fixtures/node-global/convex/encode.ts:7:38", "uses Buffer"],
      ["node-global", "tests/deploy/fixtures/node-global/convex/encode.ts:12:24", "uses process.version"],
      ["node-global", "tests/deploy/fixtures/node-global/convex/encode.ts:17:49", "uses setImmediate"],
      ["node-global", "tests/deploy/fixtures/node-global/convex/encode.ts:23:26", "uses process.platform"],
    ]);
  });

  test('"use node" where Convex refuses it (crons.ts) or misses it (convex/actions/) fails', async () => {
    const { problems } = await checkDeploy({ convexDir: fixture("misplaced-use-node") });
    expect(brief(problems)).toEqual([
      "use-node-placement tests/deploy/fixtures/misplaced-use-node/convex/actions/send.ts",
      "use-node-placement tests/deploy/fixtures/misplaced-use-node/convex/crons.ts",
    ]);
  });

  test("a schema that breaks Convex's table, index and field rules fails with the backend's error codes", async () => {
    const { problems } = await checkDeploy({ convexDir: fixture("bad-schema") });
    expect(new Set(problems.map((p) => p.file))).toEqual(new Set(["tests/deploy/fixtures/bad-schema/convex/schema.ts"]));
    expect(problems.map((p) => `${p.rule}: ${p.message.split(":")[0]}`)).toEqual([
      'schema:TableNameReserved: table "_drafts"',
      'schema:IndexNameReserved: table "notes"',
      'schema:InvalidIndexName: table "notes"',
      'schema:IndexNamesNotUnique: table "notes" defines index "by_body" more than once',
      'schema:IndexNotUnique: table "notes"',
      'schema:IndexFieldsContainCreationTime: table "notes", index "by_created"',
      'schema:IndexFieldsContainId: table "notes", index "by_doc"',
      'schema:FieldsNotUniqueWithinIndex: table "notes", index "by_title_twice" lists a field twice',
      'schema:SchemaDefinitionError: table "notes"',
      'schema:IndexTooManyFields: table "wide", index "by_sixteen" has 16 fields; Convex allows 15 (16 with the _creationTime it appends)',
      'schema:IndexTooManyFilterFields: table "posts", search index "search_many" has 17 filter fields; the limit is 16',
      'schema:SearchIndexFieldNotUnique: table "posts"',
      'schema:InvalidVectorDimensionError: table "embeddings", vector index "by_vector"',
      'schema:SchemaDefinitionError: table "embeddings", vector index "by_label"',
      'schema:TooManyIndexes: table "crowded" has 65 indexes; Convex allows 64 per table (database, search and vector, staged included)',
      'schema:InvalidFieldName: table "events", field "headers"',
      'schema:InvalidTableName: table "events", field "owner"',
      'schema:InvalidRecordType: table "events", field "counts"',
    ]);
    expect(problems.find((p) => p.rule === "schema:SchemaDefinitionError")?.message).toContain('index "by_editor" references the field "editor"');
  });

  test("the command (npm run check:deploy) exits 1 and prints file, line, rule and message", async () => {
    const run = promisify(execFile)("node", ["scripts/deploy-check.mjs", fixture("node-global")]);
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("tests/deploy/fixtures/node-global/convex/encode.ts:7:38  [node-global]  uses Buffer");
    expect(failure?.stderr).toContain("deploy check failed: 4 problem(s)");
    // A Node process of its own that bundles the fixture: past vitest's 5 s default on a busy
    // 2-core machine running other suites' files beside it.
  }, 30_000);
});
