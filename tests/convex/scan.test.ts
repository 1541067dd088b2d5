// The in-app scanner's lookup (issue 27 item 5): members of an item's or a location's
// workspace get it to open or act on; strangers and visitors get only what /verify shows.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { asVisitor, setupTest } from "./setup";
import { DAY, lendingHousehold } from "./custody-support";

const label = (serial: string) => `https://tagmything.example/verify/${serial}`;

test("a member's scan names the item, whether it is out and whether they may take it back; a stranger's names only the serial", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const drill = await h.tag("Cordless drill");
  const { serial } = (await h.editor.query(api.assets.get, { assetId: drill }))!;
  expect(await h.editor.query(api.scan.resolve, { code: label(serial) })).toMatchObject({ kind: "asset", assetId: drill, workspaceId: h.workspaceId, name: "Cordless drill", out: false, canEdit: true });
  await h.editor.mutation(api.custody.checkOut, { assetIds: [drill], borrower: { kind: "outside", name: "Sam" }, dueAt: Date.now() + DAY });
  // Typed by hand, lower case and spaced, it reads the same.
  expect(await h.viewerAs.query(api.scan.resolve, { code: serial.toLowerCase().replace(/-/g, " ") })).toMatchObject({ kind: "asset", out: true, canEdit: false });
  for (const stranger of [h.outsider.as, asVisitor(t)]) {
    expect(await stranger.query(api.scan.resolve, { code: label(serial) })).toEqual({ kind: "verify", serial });
  }
});

test("a location label opens for members only; a sticker code nobody carries is a sticker; anything else is unknown", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const shelf = await h.editor.mutation(api.locations.create, { name: "Garage" });
  const code = `http://localhost:5173/locations/${shelf}?w=${h.workspaceId}`;
  expect(await h.viewerAs.query(api.scan.resolve, { code })).toEqual({ kind: "location", locationId: shelf, workspaceId: h.workspaceId, path: "Garage" });
  for (const stranger of [h.outsider.as, asVisitor(t)]) expect(await stranger.query(api.scan.resolve, { code })).toEqual({ kind: "unknown" });
  // The location named with another workspace (one the caller is in) is not found either.
  expect(await h.editor.query(api.scan.resolve, { code: `http://localhost:5173/locations/${shelf}?w=${h.editorUser.personalId}` })).toEqual({ kind: "unknown" });
  expect(await asVisitor(t).query(api.scan.resolve, { code: label("TMT-AAAAAA-BBBBBB-CCCCCC") })).toEqual({ kind: "sticker", code: "TMT-AAAAAA-BBBBBB-CCCCCC" });
  for (const junk of ["hello", "https://evil.example/steal?x=TMT-AAAA-2222", "javascript:alert(1)", "x".repeat(600)]) {
    expect(await h.editor.query(api.scan.resolve, { code: junk })).toEqual({ kind: "unknown" });
  }
});
