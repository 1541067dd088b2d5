import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import InfoPage, { TOC_MIN_SECTIONS } from "../../src/features/info/InfoPage";
import { INFO_PAGES, INFO_SLUGS, type InfoSlug } from "../../src/features/info/content";
import { SUPPORT_EMAIL } from "../../convex/lib/constants";
import { replaceEnv, restoreReplaced } from "../support/replace-globals";
import { shapeChecker } from "../support/openapi-shapes";
import { openApiDocument } from "../../convex/lib/verify/openapi";

function renderPage(slug: string, path = `/${slug}`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<InfoPage slug={slug} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const LEGAL: InfoSlug[] = [
  "privacy-policy",
  "terms-of-service",
  "cookie-policy",
  "gdpr-compliance",
  "data-processing-agreement",
];

afterEach(() => {
  document.title = "";
  restoreReplaced();
});

describe("information and legal pages", () => {
  it("cover every information route of the footer", () => {
    expect([...INFO_SLUGS].sort()).toEqual(
      [...LEGAL, "support", "faq", "about-us", "careers", "documentation"].sort(),
    );
  });

  it.each(INFO_SLUGS)("%s renders its title, summary, sections and related links", (slug) => {
    const page = INFO_PAGES[slug];
    renderPage(slug);

    expect(screen.getByRole("heading", { level: 1, name: page.title })).toBeInTheDocument();
    expect(screen.getByText(page.summary)).toBeInTheDocument();
    for (const section of page.sections) {
      const region = screen.getByRole("region", { name: section.heading });
      expect(region).toHaveAttribute("id", section.id);
    }
    const related = screen.getByRole("navigation", { name: "Related pages" });
    for (const other of page.related) {
      expect(within(related).getByRole("link", { name: INFO_PAGES[other].title })).toHaveAttribute(
        "href",
        `/${other}`,
      );
    }
    expect(document.title).toBe(`${page.title} · TagMyThing`);
  });

  it.each(INFO_SLUGS)("%s has unique anchors and a table of contents when long", (slug) => {
    const page = INFO_PAGES[slug];
    const ids = page.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.slug).toBe(slug);
    renderPage(slug);

    const toc = screen.queryByRole("navigation", { name: "On this page" });
    if (page.sections.length < TOC_MIN_SECTIONS) {
      expect(toc).toBeNull();
      return;
    }
    const anchors = within(toc!).getAllByRole("link");
    expect(anchors.map((a) => a.getAttribute("href"))).toEqual(ids.map((id) => `#${id}`));
    for (const id of ids) expect(document.getElementById(id)).not.toBeNull();
  });

  it.each(LEGAL)("%s shows when it was last updated", (slug) => {
    renderPage(slug);
    const time = screen.getByText((_, el) => el?.tagName === "TIME");
    expect(time).toHaveAttribute("datetime", expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(time.parentElement).toHaveTextContent(/^Last updated \d{1,2} \w+ \d{4}$/);
  });

  it("help pages have no last-updated line", () => {
    renderPage("faq");
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });

  it("links the support email as a mailto link with a subject", () => {
    renderPage("gdpr-compliance");
    const inline = screen.getAllByRole("link", { name: SUPPORT_EMAIL });
    expect(inline[0]).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByRole("link", { name: "Start a GDPR request" })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}?subject=GDPR%20request`,
    );
  });

  it("states the product's real token amounts", () => {
    renderPage("faq");
    expect(screen.getByText(/You receive 50 TMT when you sign up, and 25 TMT/)).toBeInTheDocument();
    expect(screen.getByText(/Tagging an asset costs 5 TMT/)).toBeInTheDocument();
  });

  it("renders copy as text, never as HTML", () => {
    for (const page of Object.values(INFO_PAGES)) {
      const copy = JSON.stringify(page);
      expect(copy).not.toMatch(/<[a-z/][^>]*>/i);
      expect(copy).not.toMatch(/lorem ipsum/i);
    }
  });
});

describe("FAQ", () => {
  it("shows every answer as a disclosure that opens and closes", async () => {
    const user = userEvent.setup();
    renderPage("faq");
    const question = "What is a serial number?";
    const summary = screen.getByText(question).closest("summary")!;
    const details = summary.closest("details")!;
    expect(details.open).toBe(false);

    await user.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/TMT-XXXX-XXXX/)).toBeVisible();

    await user.click(summary);
    expect(details.open).toBe(false);
  });

  it("has a disclosure for each question", () => {
    renderPage("faq");
    const questions = INFO_PAGES.faq.sections.flatMap((s) => s.faqs ?? []);
    expect(questions.length).toBeGreaterThan(10);
    expect(document.querySelectorAll("details > summary")).toHaveLength(questions.length);
    for (const q of questions) expect(screen.getByText(q.question).closest("summary")).not.toBeNull();
  });
});

describe("document title", () => {
  it("restores the previous title on leaving the page", () => {
    document.title = "TagMyThing";
    const { unmount } = renderPage("careers");
    expect(document.title).toBe("Careers · TagMyThing");
    unmount();
    expect(document.title).toBe("TagMyThing");
  });
});

describe("unknown slug", () => {
  it("renders a not-found message with links to the real pages", () => {
    renderPage("no-such-page");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page not found · TagMyThing");
  });

  it("does not treat inherited object keys as pages", () => {
    renderPage("toString");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });

  it("documentation shows the verify API with a curl example on this deployment's site URL", () => {
    replaceEnv("VITE_CONVEX_SITE_URL", "https://happy-animal-123.convex.site/");
    renderPage("documentation");
    const api = screen.getByRole("region", { name: "API for developers" });
    const commands = within(api).getAllByRole("figure").map((figure) => figure.querySelector("code")?.textContent);
    expect(commands).toContain("curl https://happy-animal-123.convex.site/api/v1/verify/TMT-7K3P-Q9XA");
    expect(commands).toContain("curl https://happy-animal-123.convex.site/api/v1/openapi.json");
    expect(within(api).getByText(/60 requests a minute/)).toBeInTheDocument();
  });

  it("documentation's example answer is one the API's OpenAPI document accepts, with the demo bike's identity facts", async () => {
    renderPage("documentation");
    const api = screen.getByRole("region", { name: "API for developers" });
    const answer = within(api).getAllByRole("figure").map((figure) => figure.querySelector("code")?.textContent ?? "").find((text) => text.startsWith("{"))!;
    // The photo's address is elided in the copy ("https://…"); any real one stands in for it.
    const example = { ...JSON.parse(answer), photoUrl: "https://happy-animal-123.convex.cloud/api/storage/photo" };
    const check = shapeChecker(openApiDocument("https://happy-animal-123.convex.site"));
    const response = new Response(JSON.stringify(example), { status: 200, headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" } });
    expect(await check("/api/v1/verify/{serial}", "get", response)).toEqual([]);
    expect(example.facts).toEqual([
      { label: "Brand", value: "Trek" },
      { label: "Model", value: "Domane SL5" },
      { label: "Colour", value: "Blue" },
      { label: "Maker's serial number", value: "••••••1357" },
    ]);
    expect(within(api).getByText(/maker, model, colour and the maker's serial/)).toBeInTheDocument();
  });
});
