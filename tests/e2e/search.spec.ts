import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/search.spec.ts drives the same forms over HTTP",
);

// Issue #25: search forgives typos and says "Did you mean …?", with JS off and on.

const cards = (page: Page) => page.locator("main .grid > li h3");
const didYouMean = (page: Page) => page.locator(".did-you-mean");

test("a typo search finds the product, ranks best match first and offers the right word", async ({ page, goto }) => {
  await goto("/shop");
  await page.getByLabel("Search").fill("Lavendar");
  await page.getByLabel("Search").press("Enter");
  // The Newest of a page without a search is no choice: the search is ordered by Best match.
  await expect(page).toHaveURL(/\/shop\?q=Lavendar&sort=&/);
  await expect(cards(page).first()).toHaveText("Lavender Fields");
  await expect(page.getByLabel("Sort")).toHaveValue("relevance");
  await expect(page.getByLabel("Sort").locator("option:checked")).toHaveText("Best match");
  await expect(didYouMean(page)).toHaveText("Did you mean lavender?");

  await didYouMean(page).getByRole("link", { name: "lavender" }).click();
  await expect(page).toHaveURL(/\/shop\?q=lavender$/);
  await expect(cards(page).first()).toHaveText("Lavender Fields");
  await expect(didYouMean(page)).toHaveCount(0);
  await expect(page.getByLabel("Search")).toHaveValue("lavender");
});

test("every word counts, in any order, and Indian names find their scents", async ({ page, goto }) => {
  await goto("/shop?q=candle%20jasmine");
  await expect(cards(page)).toHaveText(["Jasmine Night"]);
  await goto(`/shop?q=${encodeURIComponent("चंदन")}`);
  await expect(cards(page).first()).toHaveText("Mysore Sandalwood");
  // Without a search there is no Best match to choose.
  await goto("/shop");
  await expect(page.getByLabel("Sort").locator("option", { hasText: "Best match" })).toHaveCount(0);
});

test("a search that finds nothing says so and links the closest word", async ({ page, goto }) => {
  await goto("/shop?q=lovandar");
  await expect(page.getByText("No products match your search.")).toBeVisible();
  await expect(didYouMean(page)).toHaveText("Did you mean lavender?");
  await didYouMean(page).getByRole("link", { name: "lavender" }).click();
  await expect(page).toHaveURL(/\/shop\?q=lavender$/);
  await expect(cards(page).first()).toHaveText("Lavender Fields");
});
