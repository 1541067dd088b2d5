// A large export is written in parts so an action holds one part at a time: each part stays
// under the limit (unless one file alone is larger), and together they hold every file once.
import { strFromU8, strToU8, unzipSync } from "fflate";
import { expect, test } from "vitest";
import { ZipParts } from "../../convex/lib/privacy/zipParts";

test("files are spread over parts of at most the limit, in order, each file exactly once", async () => {
  const parts: Record<string, Uint8Array>[] = [];
  const zip = new ZipParts(1000, async (blob) => {
    parts.push(unzipSync(new Uint8Array(await blob.arrayBuffer())));
  });
  await zip.add("README.txt", strToU8("hello"));
  for (let i = 0; i < 5; i++) await zip.add(`files/${i}.bin`, new Uint8Array(400).fill(i));
  await zip.add("huge.bin", new Uint8Array(2500));
  await zip.finish();

  expect(parts.map((p) => Object.keys(p))).toEqual([
    ["README.txt", "files/0.bin", "files/1.bin"],
    ["files/2.bin", "files/3.bin"],
    ["files/4.bin"],
    ["huge.bin"],
  ]);
  expect(strFromU8(parts[0]["README.txt"])).toBe("hello");
  expect(parts[1]["files/3.bin"].every((b) => b === 3)).toBe(true);
});

test("an export with nothing in it still gets one (empty) part", async () => {
  const parts: Uint8Array[] = [];
  const zip = new ZipParts(1000, async (blob) => {
    parts.push(new Uint8Array(await blob.arrayBuffer()));
  });
  await zip.finish();
  expect(parts).toHaveLength(1);
  expect(unzipSync(parts[0])).toEqual({});
});
