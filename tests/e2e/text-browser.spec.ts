import type { Page } from "@playwright/test";
import { expect, test, toaster } from "./support/fixtures";

// Issue #35: the page as a text browser or a screen reader meets it, in the order of the HTML
// with no CSS. The server's HTML is the same with JS on, so this runs once, JS off.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the server's HTML, read once");

/** The page's text with every stylesheet switched off and pictures as their words, as a text browser lays it out. */
function textWithoutCss(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const sheet of Array.from(document.styleSheets)) sheet.disabled = true;
    for (const img of Array.from(document.images)) img.replaceWith(img.alt);
    return document.body.innerText;
  });
}

/** Each of these elements' words stand apart in `text` (no "HomeShopLogin"). */
async function expectApart(page: Page, selector: string, text: string) {
  const words = await page.locator(selector).evaluateAll((els) => els.map((el) => el.textContent!.trim()));
  expect(words.length).toBeGreaterThan(0);
  for (const w of words.filter(Boolean)) {
    const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(text, `"${w}" runs into its neighbour`).toMatch(new RegExp(`(^|\\s)${escaped}(\\s|$)`));
  }
}

test("home: the skip link comes first, the header's words stand apart, ratings are words", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.locator(":focus");
  await expect(skip).toHaveText("Skip to content");
  expect((await skip.boundingBox())!.width, "shown when focused").toBeGreaterThan(40);

  const text = await textWithoutCss(page);
  expect(text.trimStart()).toMatch(/^Skip to content\s/);
  await expectApart(page, "header a, header label, header button", text);
  expect(text).toMatch(/Rated \d\.\d out of 5 \(\d+ reviews?\)/);
  expect(text, "stars are for the eye only").not.toContain("★");
  expect(text).toContain("Next slide");
});

test("product: the flash message leads the content, thumbnails have words, Add to Cart is near", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/shop?q=kesar+saffron");
  await page.locator(".card-link").first().click();
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;

  // From the skip link, a few steps reach Add to Cart (the pictures and the reviews link come first).
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  let steps = 0;
  while (steps < 10 && (await focused()) !== "Add to Cart") {
    await page.keyboard.press("Tab");
    steps++;
  }
  expect(steps, "tab stops from the skip link to Add to Cart").toBeLessThanOrEqual(8);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  const toast = toaster(page).locator(".toast", { hasText: "Added to cart" });
  await expect(toast).toBeVisible();
  // (That it floats clear of the header's Cart link with CSS: phone-first-screen.spec.ts.)

  const text = await textWithoutCss(page);
  const at = (s: string) => text.indexOf(s);
  expect(at("Added to cart"), "after the header").toBeGreaterThan(at("Sign up"));
  expect(at("Added to cart"), "before the page's heading").toBeLessThan(at(`\n${name}\n`));
  expect(text).toMatch(/Added to cart View cart Close/);
  expect(text).toMatch(/Picture 1 of 4\s+Picture 2 of 4/);
  expect(text).toMatch(/₹[\d,.]+ \S.*% off Inclusive of all taxes|₹[\d,.]+ Inclusive of all taxes/);
  expect(text).toMatch(/Rated \d\.\d out of 5 \d+ reviews/);
  expect(text).not.toContain("★");
  await expectApart(page, "header a, header label, header button", text);
});
