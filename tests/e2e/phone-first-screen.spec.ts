import type { Locator, Page } from "@playwright/test";
import { expect, newProduct, test, toaster } from "./support/fixtures";

// Issue #21: what a shopper on a small phone sees before scrolling.
const phones = [
  { width: 360, height: 740 },
  { width: 320, height: 640 },
];

/** Whether the element lies wholly within the first screen (the page unscrolled). */
async function onFirstScreen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const height = page.viewportSize()!.height;
  return !!box && box.y >= 0 && box.y + box.height <= height;
}

for (const size of phones) {
  test(`/shop at ${size.width}px: two cards' names and prices on the first screen, two to a row`, async ({
    page,
    goto,
  }) => {
    await page.setViewportSize(size);
    await goto("/shop");
    const cards = page.locator(".grid .card");
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      await expect(card.locator(".card-title")).toHaveText(/\S/);
      await expect(card.locator(".price strong")).toHaveText(/^₹[\d,]+\.\d\d$/);
      expect(await onFirstScreen(page, card.locator(".card-title")), `card ${i + 1}'s name`).toBe(true);
      expect(await onFirstScreen(page, card.locator(".price strong")), `card ${i + 1}'s price`).toBe(true);
    }
    const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(b.y, "the second card sits beside the first").toBe(a.y);
    expect(b.x).toBeGreaterThan(a.x + a.width);
  });
}

for (const size of phones) {
  test(`product page at ${size.width}px: price and Add to Cart on the first screen, the COD facts beside it`, async ({
    page,
    goto,
    playwright,
    baseURL,
  }) => {
    const id = await newProduct(playwright, baseURL!, { name: `First screen ${size.width}`, stock: 12, price: 649 });
    await page.setViewportSize(size);
    await goto(`/product/${id}`);
    expect(await onFirstScreen(page, page.locator(".product-price strong")), "the price").toBe(true);
    expect(await onFirstScreen(page, page.getByRole("button", { name: "Add to Cart" })), "Add to Cart").toBe(true);
    expect(await onFirstScreen(page, page.getByLabel("Quantity")), "the quantity").toBe(true);
    const facts = page.locator(".buy-facts");
    await expect(facts).toContainText("Cash on delivery");
    await expect(facts).toContainText("Dispatched in 2-4 business days, delivered in 5-9 business days");
    await expect(facts).toContainText("Claim within 7 days of delivery");
    await expect(facts.getByRole("link", { name: "Refund policy" })).toHaveAttribute("href", "/policy/refund");
  });
}

test("Add to Cart keeps the shopper's place; the toast leads to the cart", async ({
  page,
  goto,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  const id = await newProduct(playwright, baseURL!, { name: "Keeps its place", stock: 12 });
  await page.setViewportSize(phones[0]!);
  await goto(`/product/${id}`);
  await page.evaluate(() => window.scrollTo(0, 300));
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const toast = toaster(page).locator(".toast", { hasText: "Added to cart" });
  await expect(toast).toBeVisible();
  const heading = page.getByRole("heading", { level: 1 });
  if (jsEnabled) {
    // No navigation: same URL, same scroll position.
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(`/product/${id}`);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
  } else {
    // Back to the product, at its details rather than the top of the page.
    expect(new URL(page.url()).hash).toBe("#buy");
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  }
  await expect(page.locator(".cart-in-bar .badge")).toHaveText("2");
  await expectClear(page, toast);
  await toast.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: "Keeps its place" })).toBeVisible();
});

test("a quantity below 1 adds nothing and says so", async ({ page, goto, playwright, baseURL }) => {
  const id = await newProduct(playwright, baseURL!, { name: "Not zero", stock: 12 });
  await goto(`/product/${id}`);
  // The browser refuses it first (JS off as on)...
  const qty = page.getByLabel("Quantity");
  await qty.fill("0");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  expect(await qty.evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
  await expect(page.locator(".cart-in-bar, .cart-in-menu")).toHaveCount(0);
  // ...and the server, for a form that skips the browser's check: back to the product, nothing added.
  for (const value of ["0", "-3", "", "abc"]) {
    const res = await page.request.post("/cart", {
      form: { intent: "add", productId: id, qty: value, redirectTo: `/product/${id}#buy` },
      maxRedirects: 0,
    });
    expect(res.status(), `qty ${JSON.stringify(value)}`).toBe(302);
    expect(res.headers()["location"]).toBe(`/product/${id}#buy`);
  }
  await goto(`/product/${id}`);
  await expect(toaster(page)).toContainText("Quantity must be at least 1");
  await expect(page.locator(".cart-in-bar, .cart-in-menu")).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "rk_cart_v1")?.value ?? "").not.toContain(id);
});

/** The toast covers neither the page's heading, nor any visible form control, nor the header's Cart link (#35). */
async function expectClear(page: Page, toast: Locator) {
  const t = (await toast.boundingBox())!;
  // The toast's own checkbox (its close, in <main> with it) is the toast's business.
  const control = (tag: string) => `main ${tag}:visible:not(.toast-dismiss)`;
  const boxes = await page
    .locator(["main h1", ...["input", "select", "textarea", "button"].map(control), ".cart-in-bar"].join(", "))
    .evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { what: `${el.tagName} ${el.textContent?.trim() || (el as HTMLInputElement).name}`, r };
      }),
    );
  for (const { what, r } of boxes) {
    const overlaps = t.x < r.x + r.width && r.x < t.x + t.width && t.y < r.y + r.height && r.y < t.y + t.height;
    expect(overlaps, `the toast covers ${what}`).toBe(false);
  }
}
