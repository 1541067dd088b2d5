import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TAGGING_COST } from "../../convex/lib/constants";
import TaggingLandingPage from "../../src/features/tagging/TaggingLandingPage";
import { TAGGING_KINDS } from "../../src/features/tagging/taggingKinds";

const KINDS = [
  ["general", "/general-tagging"],
  ["nft", "/nft-tagging"],
  ["will", "/mywill-tagging"],
  ["business", "/business-tagging"],
] as const;

describe.each(KINDS)("the %s tagging page", (kind, path) => {
  const info = TAGGING_KINDS[kind];

  it("says what it is for and how tagging and verification work", () => {
    render(<MemoryRouter initialEntries={[path]}><TaggingLandingPage kind={kind} /></MemoryRouter>);
    expect(screen.getByRole("heading", { level: 1, name: info.title })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "What it is for" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "How tagging works" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "How verification works" })).toBeInTheDocument();
    expect(info.path).toBe(path);
  });

  it("shows the tagging cost from the constants", () => {
    render(<MemoryRouter><TaggingLandingPage kind={kind} /></MemoryRouter>);
    expect(screen.getByTestId("tagging-cost")).toHaveTextContent(`${TAGGING_COST} TMT`);
    expect(screen.getByText(`${TAGGING_COST} TMT per tag`)).toBeInTheDocument();
  });

  it("calls to action with /tag?kind=", () => {
    render(<MemoryRouter><TaggingLandingPage kind={kind} /></MemoryRouter>);
    const ctas = screen.getAllByRole("link", { name: info.cta });
    expect(ctas.length).toBeGreaterThan(0);
    for (const cta of ctas) expect(cta).toHaveAttribute("href", `/tag?kind=${kind}`);
  });

  it("links the three other kinds", () => {
    render(<MemoryRouter><TaggingLandingPage kind={kind} /></MemoryRouter>);
    const nav = screen.getByRole("navigation", { name: "Other kinds of tagging" });
    const hrefs = within(nav).getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(KINDS.filter(([k]) => k !== kind).map(([, p]) => p));
  });
});
