import { describe, expect, it } from "vitest";
import { headerLinks, newContext, newPage, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

// The signed-in header's links: label → path, in their fixed order.
const COMMON = [
  ["Dashboard", "/dashboard"],
  ["Tag Asset", "/tag"],
  ["My Assets", "/assets"],
  ["News", "/news"],
  ["Wallet", "/wallet"],
  ["NOK", "/nok"],
  ["Referrals", "/referrals"],
];
const ADMIN_VIEW = [
  ["Admin Dashboard", "/admin-influencer-dashboard"],
  ["Bug Reports", "/bug-reports"],
  ["News Management", "/news-management"],
];
const LAST = ["Public Assets", "/public-assets"];

const CASES: { email: string; links: string[][]; menuRole: string | null }[] = [
  { email: "admin@example.com", links: [...COMMON, ...ADMIN_VIEW, ["Admin", "/admin"], LAST], menuRole: "Admin" },
  { email: "admin-influencer@example.com", links: [...COMMON, ...ADMIN_VIEW, LAST], menuRole: null },
  { email: "moderator@example.com", links: [...COMMON, ["Moderator", "/moderator"], LAST], menuRole: "Moderator" },
  { email: "business@example.com", links: [...COMMON, ["Business", "/business-dashboard"], LAST], menuRole: null },
  { email: "member@example.com", links: [...COMMON, LAST], menuRole: null },
];

describe("header links per role (desktop 1280)", () => {
  it.each(CASES)("$email", async ({ email, links, menuRole }) => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, email);
      // Role-dependent links appear once the profile has loaded: wait for them.
      const expected = links.map(([label]) => label);
      await expect.poll(async () => (await headerLinks(page)).labels, { timeout: 20_000 }).toEqual(expected);
      const header = await headerLinks(page);
      expect(header.hrefs).toEqual(links.map(([, href]) => href));

      await page.getByRole("button", { name: "Account menu" }).click();
      const menu = page.getByRole("menu");
      await menu.waitFor();
      const items = (await menu.getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
      expect(items).toEqual(["Profile", "Settings", ...(menuRole ? [menuRole] : []), "Sign Out"]);
    } finally {
      await context.close();
    }
  });
});
