import type { Page } from "@playwright/test";
import { expect, nav, queryOne, test, toaster } from "./support/fixtures";

const cards = (page: Page) => page.locator("main .grid > li");
const priceOf = async (page: Page, i: number) =>
  Number((await cards(page).nth(i).locator(".price strong").innerText()).replace(/[^\d.]/g, ""));

/** With JS a select submits by itself; without JS the shopper presses Apply. */
async function choose(page: Page, label: string, value: string, jsEnabled: boolean) {
  await page.getByLabel(label).selectOption(value);
  if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
}

// JS off, the tests that skip with this are tests/request/catalogue.spec.ts's, over HTTP (issue #51);
// the rest stay in the browser.
const OVER_HTTP = "JS off: tests/request/catalogue.spec.ts drives the same forms over HTTP";

test("home → shop → search → sort → page size → pages → product → thumbnail → review", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  await registerViaApi({ name: "Review Writer" });
  await goto("/");
  await expect(page.locator("#best-sellers .grid > li")).toHaveCount(8);
  await page.locator(".why").getByRole("link", { name: "Shop Now" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();

  // Search (Enter submits the GET form either way).
  await page.getByLabel("Search").fill("sandal");
  await page.getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(/q=sandal/);
  await expect(cards(page).first()).toBeVisible();
  const names = cards(page).locator("h3");
  await expect(names.filter({ hasText: /^Mysore Sandalwood$/ }).first()).toBeVisible();
  await expect(names.filter({ hasText: /^Champa Frangipani$/ }).first()).toBeVisible();

  // Sort by price within the demo candles ("soy" is in every demo description), so products
  // that other tests create in parallel cannot change the order.
  await goto("/shop?q=soy");
  await choose(page, "Sort", "price-asc", jsEnabled);
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/q=soy/);
  await expect(page.getByLabel("Sort")).toHaveValue("price-asc");
  expect(await priceOf(page, 0)).toBeLessThanOrEqual(await priceOf(page, 1));
  expect(await priceOf(page, 1)).toBeLessThanOrEqual(await priceOf(page, 11));

  // Page size 8, then page 2; changing a filter starts again at page 1.
  await choose(page, "Per page", "8", jsEnabled);
  await expect(page).toHaveURL(/limit=8/);
  await expect(cards(page)).toHaveCount(8);
  const lastOnPage1 = await priceOf(page, 7);
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator(".pagination [aria-current=page]")).toHaveText("2");
  expect(await priceOf(page, 0)).toBeGreaterThanOrEqual(lastOnPage1);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=3/);
  await choose(page, "Sort", "price-desc", jsEnabled);
  await expect(page).toHaveURL(/sort=price-desc/);
  expect(page.url()).not.toMatch(/page=/);
  await expect(page.locator(".pagination [aria-current=page]")).toHaveText("1");
  expect(await priceOf(page, 0)).toBeGreaterThanOrEqual(await priceOf(page, 1));

  // Product page: the most expensive candle has 4 pictures.
  await cards(page).first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
  const productId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kesar Saffron");
  await expect(page.locator(".product-info s.mrp")).toContainText("₹1,499.00");
  await expect(page.locator(".product-info .price strong")).toHaveText("₹1,299.00");
  const main = page.locator(".gallery-main");
  await expect(main).toHaveAttribute("src", /kesar-saffron-1\.svg/);
  await page.getByRole("link", { name: "Picture 3 of 4" }).click();
  await expect(main).toHaveAttribute("src", /kesar-saffron-3\.svg/);
  if (jsEnabled)
    expect(page.url()).not.toContain("image="); // switched without navigating
  else await expect(page).toHaveURL(/\?image=3$/);

  // Post a review.
  const before = (await queryOne<{ num_reviews: number }>("select num_reviews from products where id = ?", productId))!;
  await expect(page.getByLabel("Rating")).toHaveValue("5");
  await page.getByLabel("Rating").selectOption("2");
  const comment = `Too smoky for me (${test.info().project.name} ${Date.now()})`;
  await page.getByLabel("Comment").fill(comment);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(toaster(page)).toContainText("Review submitted");
  const review = page.locator(".review-list li", { hasText: comment });
  await expect(review).toBeVisible();
  await expect(review).toContainText("Review Writer");
  await expect(review.getByRole("img", { name: "Rated 2.0 out of 5" })).toBeVisible();
  const row = await queryOne<{ rating: number; user_id: string }>(
    "select rating, user_id from reviews where comment = ?",
    comment,
  );
  expect(row?.rating).toBe(2);
  const after = (await queryOne<{ num_reviews: number; rating: number }>(
    "select num_reviews, rating from products where id = ?",
    productId,
  ))!;
  expect(after.num_reviews).toBeGreaterThanOrEqual(before.num_reviews + 1);
  const avg = (await queryOne<{ r: number }>(
    "select round(avg(rating), 1) r from reviews where product_id = ?",
    productId,
  ))!;
  expect(after.rating).toBeCloseTo(avg.r, 5);
});

test("a guest sees the login text instead of the review form", async ({ jsEnabled, page, goto }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  // A demo candle: the shop's newest card may be one another test is about to delete.
  await goto("/shop?q=kesar+saffron");
  await cards(page).first().getByRole("link").first().click();
  await expect(page.getByText("Please login to write a review.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit review" })).toHaveCount(0);
  await expect(page.getByLabel("Comment")).toHaveCount(0);
});

test("with JS, the review form's code is fetched only for a shopper who can write a review", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, "about the scripts a page loads");
  const scripts: string[] = [];
  page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
  const productId = (await queryOne<{ id: string }>(
    "select id from products where deleted_at is null order by created_at, id limit 1",
  ))!.id;

  await goto(`/product/${productId}`);
  await expect(page.getByText("Please login to write a review.")).toBeVisible();
  // eslint-disable-next-line playwright/no-networkidle -- the test asserts what a guest never loads, so it waits for every request
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => s.includes("/product._id-"))).toBe(true);
  // Neither the form nor zod (the "schemas" chunk) is part of a guest's product page.
  expect(scripts.filter((s) => s.includes("/ReviewForm-") || s.includes("/schemas-"))).toEqual([]);

  await registerViaApi({ name: "Lazy Reviewer" });
  await goto(`/product/${productId}`);
  await expect(page.getByRole("button", { name: "Submit review" })).toBeVisible();
  await expect.poll(() => scripts.some((s) => s.includes("/ReviewForm-"))).toBe(true);
});

test("with JS: a product list that fails to load says 'Failed to load products', with the network toast and a Retry", async ({
  page,
  goto,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "client-side loading only exists with JS");
  await goto("/");
  await page.route("**/shop.data*", (route) => route.abort("internetdisconnected"));
  await nav(page).getByRole("link", { name: "Shop" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to load products");
  await expect(toaster(page)).toContainText("Waking server or network issue. Please try again in a moment.");
  await page.unroute("**/shop.data*");
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(cards(page)).toHaveCount(12);
});

test("a search with no results says so and offers to clear it", async ({ jsEnabled, page, goto }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  await goto("/shop?q=zzzz-nothing&sort=price-asc");
  await expect(page.getByText("No products match your search.")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/shop\?sort=price-asc$/);
  await expect(cards(page)).toHaveCount(12);
});

test("an unknown product renders a 404 page with a way back", async ({ jsEnabled, page }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const res = await page.goto("/product/000000000000000000000000");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("out-of-range query values are clamped", async ({ jsEnabled, page, goto }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  await goto("/shop?limit=500&page=-4");
  // 60 at most, on page 1. Other tests add products to the shared shop: the 28 demo candles fit on
  // one page, and once the shop holds more than 60 (a late run), page 1 of several is shown.
  await expect(cards(page).nth(27)).toBeVisible();
  const shown = await cards(page).count();
  expect(shown).toBeLessThanOrEqual(60);
  if (shown < 60) await expect(page.locator(".pagination")).toHaveCount(0);
  else await expect(page.locator(".pagination [aria-current=page]")).toHaveText("1");
  await goto("/shop?page=999");
  // The last page (other tests may add products, so its number is read from the page).
  await expect(page).toHaveURL(/page=\d+$/);
  const last = new URL(page.url()).searchParams.get("page")!;
  expect(Number(last)).toBeGreaterThanOrEqual(3);
  await expect(page.locator(".pagination [aria-current=page]")).toHaveText(last);
  await expect(page.locator(".pagination [aria-disabled]", { hasText: "Next" })).toBeVisible();
});

test("hostile page numbers and search text answer 200 (issue #11: 'datatype mismatch', a NUL in the FTS query)", async ({
  jsEnabled,
  page,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  for (const url of [
    "/shop?page=1e308",
    "/shop?page=1e20&limit=1e20",
    "/shop?page=9223372036854775808",
    "/shop?page=-0&limit=0x10",
    "/shop?page=Infinity",
  ]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await expect(cards(page).first(), url).toBeVisible();
  }
  // Past the last page: the last page, as for any stale link.
  await page.goto("/shop?page=1e308");
  await expect(page).toHaveURL(/\/shop\?page=\d{1,3}$/);
  for (const url of ["/shop?q=ab%00c", "/shop?q=kesar%00", "/shop?q=%00%00%00", "/shop?q=ro%7Fse%C2%85"]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
  }
  await page.goto("/shop?q=kes%00ar");
  await expect(page.getByLabel("Search")).toHaveValue("kesar");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Kesar Saffron");
});

test("carousel: dots and arrows move between slides", async ({ page, goto }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await goto("/");
  const track = page.locator(".carousel-track");
  await page.getByRole("link", { name: "Slide 3" }).click();
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(2);
  await page.locator("#slide-3").getByRole("link", { name: "Next slide" }).click();
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(0);
});

test("carousel advances by itself every 4 s with JS, and stays put under reduced motion", async ({
  page,
  goto,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "auto-advance is a JS enhancement");
  await goto("/");
  const track = page.locator(".carousel-track");
  await expect(track).toHaveAttribute("data-slide", "1");
  await page.mouse.move(0, 800);
  await expect(track).toHaveAttribute("data-slide", "2");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await goto("/");
  // eslint-disable-next-line playwright/no-wait-for-timeout -- proving the carousel does not move takes longer than its 4 s turn
  await page.waitForTimeout(4500);
  await expect(track).toHaveAttribute("data-slide", "1");
});
