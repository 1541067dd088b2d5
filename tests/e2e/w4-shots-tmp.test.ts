import { afterAll, beforeAll, it } from "vitest";
import { newContext, newPage, signIn } from "./support/app";
import { startStack, type Stack } from "./support/stack";

let stack: Stack;
beforeAll(async () => { stack = await startStack(); });
afterAll(async () => { await stack?.stop(); });

it("shots", async () => {
  for (const width of [1280, 375]) {
    const context = await newContext(stack.browser, stack.appUrl, { width, height: 800 });
    const page = await newPage(context);
    await signIn(page, "member@example.com");
    await page.goto(`/referrals`);
    await page.getByRole("list", { name: "People who joined" }).or(page.getByText("No one has joined")).first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/w4shots/member-referrals-${width}.png` });
    await context.close();
  }
  const context = await newContext(stack.browser, stack.appUrl, { width: 360, height: 800 });
  const page = await newPage(context);
  await signIn(page, "admin@example.com");
  await page.goto(`/admin-influencer-dashboard`);
  await page.getByRole("list", { name: "Referrers" }).waitFor();
  await page.getByRole("list", { name: "Referrers" }).screenshot({ path: `/tmp/w4shots/cards-360.png` });
  await context.close();
}, 240_000);
