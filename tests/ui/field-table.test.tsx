// A field added to a kind's table (convex/lib/assets/fields.ts) is in the tag form, checked
// there with the server's rules, sent, and shown on the asset's page: nothing else to edit.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import TagPage from "../../src/features/tag/TagPage";
import { DetailFields } from "../../src/features/assets/DetailFields";
import type { AssetDetail } from "../../convex/lib/assets/read";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
vi.mock("../../convex/lib/assets/fields", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../convex/lib/assets/fields")>();
  const { general } = original.KIND_FIELD_SPECS;
  return {
    ...original,
    KIND_FIELD_SPECS: {
      ...original.KIND_FIELD_SPECS,
      general: [...general, { key: "engraving", label: "Engraving", type: "line", max: 40, searchable: true, verify: true, form: { hint: "What is engraved on it" } }],
    },
  };
});

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
  fake.queries["workspaces:listMine"] = [{ _id: "w1", name: "Personal", kind: "personal", role: "owner", verifiedName: null }];
  fake.queries["wallet:payer"] = { holder: "you", balance: 45 };
  fake.mutation.mockResolvedValue({ assetId: "a1", serial: "TMT-ABCD-EFGH" } as never);
});

// The tag form guards unsaved input with the data router's blocker, as the app's router does.
function renderTag() {
  const router = createMemoryRouter(
    [
      { path: "/tag", element: <TagPage /> },
      { path: "/assets/:assetId", element: <p>Asset page</p> },
    ],
    { initialEntries: ["/tag"] },
  );
  return render(<RouterProvider router={router} />);
}

describe("a field added to the general kind's table", () => {
  it("is a control of the tag form, with its hint, checked with its limit before anything is sent", async () => {
    const user = userEvent.setup();
    renderTag();
    await user.type(screen.getByLabelText("Name"), "Road bike");
    const engraving = screen.getByLabelText("Engraving");
    expect(engraving).toHaveAccessibleDescription("What is engraved on it");
    await user.type(engraving, "x".repeat(41));
    await user.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByText("Engraving must be at most 40 characters")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();

    await user.clear(engraving);
    await user.type(engraving, "  Bluebell 1987 ");
    await user.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByText("Asset page")).toBeInTheDocument();
    expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ details: expect.objectContaining({ kind: "general", engraving: "Bluebell 1987" }) }));
  });

  it("is a row of the asset's details", () => {
    const asset = {
      _id: "a1", serial: "TMT-ABCD-EFGH", kind: "general", name: "Road bike", description: null, category: null, visibility: "public", status: "active",
      details: { kind: "general", brand: "Trek", engraving: "Bluebell 1987" }, files: [], taggedAt: 0, updatedAt: 0, ownerCount: 1, owners: [], version: 0, pendingTransfer: null,
    } as unknown as AssetDetail;
    // In a router, as on the asset page: the category's custom fields are read in the workspace of the URL.
    render(<MemoryRouter><DetailFields asset={asset} /></MemoryRouter>);
    const term = screen.getByText("Engraving");
    expect(term.tagName).toBe("DT");
    expect(within(term.parentElement!).getByText("Bluebell 1987")).toBeInTheDocument();
  });
});
