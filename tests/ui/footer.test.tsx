import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "../../src/app/Footer";

describe("footer", () => {
  it("lists the footer links in their fixed order, then the contact mail link", () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footer = screen.getByRole("contentinfo");
    const hrefs = within(footer)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"))
      .filter((href) => href !== "/"); // the logo
    expect(hrefs).toEqual([
      "/general-tagging",
      "/nft-tagging",
      "/mywill-tagging",
      "/business-tagging",
      "/privacy-policy",
      "/terms-of-service",
      "/gdpr-compliance",
      "/cookie-policy",
      "/data-processing-agreement",
      "/documentation",
      "/faq",
      "/about-us",
      "/dao",
      "/careers",
      "/public-assets",
      "mailto:support@tagmything.com",
    ]);
    expect(within(footer).getByRole("link", { name: "Data Processing Agreement" })).toBeInTheDocument();
    expect(within(footer).getByRole("link", { name: "Contact Us" })).toBeInTheDocument();
  });

  it("shows the GDPR notice and the copyright with the current year", () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText(/TagMyThing is GDPR compliant/)).toBeInTheDocument();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} TagMyThing. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
