import type { Page } from "@playwright/test";
import { expect, nav, newProduct, test, toaster } from "./support/fixtures";

// Issue #21: on a phone the cart and search must be reachable from the header bar without
// opening the collapsed menu, with JS off as well as on.
test.use({ viewport: { width: 360, height: 740 } });

const cartLink = (page: Page) => nav(page).getByRole("link", { name: /Cart/ });
const searchLink = (page: Page) => nav(page).getByRole("link", { name: "Search", exact: true });

async function addToCart(page: Page, goto: (u: string) => Promise<void>, product: string) {
  await goto(`/product/${product}`);
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");
}

/** Visible, not inside the collapsed menu, and a tap target at least 44 px tall. */
async function expectInBar(page: Page, link: ReturnType<typeof cartLink>) {
  await expect(link).toBeVisible();
  await expect(page.locator("#nav-menu")).toBeHidden();
  await expect(page.locator("#nav-menu").getByRole("link", { name: /Cart|Search/ })).toHaveCount(0);
  const box = (await link.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
}

test("a guest without a cart sees Search but no Cart in the bar", async ({ page, goto }) => {
  await goto("/");
  await expectInBar(page, searchLink(page));
  await expect(cartLink(page)).toHaveCount(0);

  await searchLink(page).click();
  await expect(page).toHaveURL(/\/shop#shop-q$/);
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
});

test("a guest with a cart sees Cart with its count in the bar and it reaches /cart", async ({
  page,
  goto,
  playwright,
  baseURL,
}) => {
  const product = await newProduct(playwright, baseURL!, {
    name: `Header guest ${Date.now().toString(36)}`,
    stock: 50,
  });
  await addToCart(page, goto, product);
  await goto("/about");
  await expectInBar(page, cartLink(page));
  await expect(cartLink(page).locator(".badge")).toHaveText("2");

  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/cart/i);
});

test("a customer sees Cart and Search in the bar; on a wide screen Cart sits among the links", async ({
  page,
  goto,
  registerViaApi,
}) => {
  await registerViaApi();
  await goto("/");
  await expectInBar(page, cartLink(page));
  await expect(cartLink(page).locator(".badge")).toHaveText("0");
  await expectInBar(page, searchLink(page));
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await goto("/");
  await expect(cartLink(page)).toBeVisible();
  // Desktop order is unchanged: the page links, then Cart, then Logout, all on one row.
  const [orders, cart, logout] = await Promise.all([
    nav(page).getByRole("link", { name: "My Orders" }).boundingBox(),
    cartLink(page).boundingBox(),
    nav(page).getByRole("button", { name: "Logout" }).boundingBox(),
  ]);
  expect(orders!.x).toBeLessThan(cart!.x);
  expect(cart!.x).toBeLessThan(logout!.x);
  expect(Math.abs(cart!.y - logout!.y)).toBeLessThan(2);
  await expect(searchLink(page)).toBeHidden();
});
