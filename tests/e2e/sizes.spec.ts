// Sizes end to end (issue #37), JS off and on: a size chosen on the product page through cart,
// checkout, the order's rows, My Orders, the admin's order and the invoice; and a cart line whose
// size was removed leaving with a message.
import { ADMIN } from "../playwright.config";
import { pdfText } from "../support/pdf-text";
import { addSizes, sizeStock } from "../support/sizes";
import { expect, newProduct, queryOne, sharedDb, test, toaster } from "./support/fixtures";

// JS off, both tests run over HTTP in tests/request/sizes.spec.ts (issue #51).
const OVER_HTTP = "JS off: tests/request/sizes.spec.ts drives the same forms over HTTP";

const SIZES = [
  { label: "100 g tin", price: 349_00, mrp: 399_00, stock: 5 },
  { label: "200 g jar", price: 599_00, mrp: 699_00, stock: 4 },
  { label: "450 g bowl", price: 999_00, stock: 0 },
];

test("a chosen size goes through cart, checkout, order, My Orders, the admin's order and the invoice", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const name = `Sized Lavender ${testInfo.project.name}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 1 });
  const [tin, jar, bowl] = await addSizes(sharedDb(), id, SIZES);
  await registerViaApi();

  await goto(`/product/${id}`);
  const sizes = page.getByRole("group", { name: "Size" });
  // The default size is checked; a sold-out size is shown, disabled.
  await expect(sizes.getByRole("radio", { name: /100 g tin/ })).toBeChecked();
  await expect(sizes.getByRole("radio", { name: /450 g bowl/ })).toBeDisabled();
  await expect(sizes.locator("label").nth(2)).toContainText("Sold out");
  await expect(page.locator(".product-price")).toContainText("₹349.00");
  await sizes.getByRole("radio", { name: /200 g jar/ }).check();
  // With JS the price, MRP and discount follow the checked size at once; without JS each label says its price.
  if (jsEnabled) {
    await expect(page.locator(".product-price")).toContainText("₹599.00");
    await expect(page.locator(".product-price")).toContainText("14% off");
  } else await expect(sizes.locator("label").nth(1)).toContainText("₹599.00");
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");

  await goto("/cart");
  const line = page.locator(".cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("200 g jar");
  await expect(line).toContainText("₹1,198.00");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.locator(".summary-lines")).toContainText(`${name} — 200 g jar × 2`);
  await page.getByLabel("Address").fill("12, 4th Cross, Indiranagar");
  await page.getByLabel("PIN").fill("560001");
  if (!jsEnabled) await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByLabel("City")).toHaveValue("Bangalore");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/thank-you\?o=[0-9a-f]{24}$/);
  const orderId = new URL(page.url()).searchParams.get("o")!;
  await expect(page.locator(".summary")).toContainText(`${name} — 200 g jar × 2`);

  // The rows: the line names its size at its price; THAT size's stock went down, the others' not.
  expect(await queryOne("select size_id, size_label, qty, price from order_items where order_id = ?", orderId)).toEqual(
    { size_id: jar, size_label: "200 g jar", qty: 2, price: 599_00 },
  );
  expect([
    await sizeStock(sharedDb(), tin!),
    await sizeStock(sharedDb(), jar!),
    await sizeStock(sharedDb(), bowl!),
  ]).toEqual([5, 2, 0]);
  expect(await queryOne("select price, stock from products where id = ?", id)).toEqual({ price: 349_00, stock: 5 });

  await goto("/orders");
  await expect(page.locator(`#order-${orderId}`)).toContainText(`${name} — 200 g jar × 2`);
  const invoice = await page.request.get(`/api/orders/${orderId}/invoice`);
  expect(await pdfText(await invoice.body())).toContain("200 g jar");

  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const html = await (await admin.get(`/admin/orders/${orderId}`)).text();
    expect(html).toContain(`${name} — 200 g jar`);
    const slip = await admin.get(`/admin/orders/${orderId}/packing-slip`);
    expect(await pdfText(await slip.body())).toContain("200 g jar");
  } finally {
    await admin.dispose();
  }
});

test("a cart line whose size was removed leaves the cart with a message", async ({
  page,
  goto,
  jsEnabled,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const name = `Removed Size ${testInfo.project.name}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 1 });
  const [tin] = await addSizes(sharedDb(), id, SIZES);
  await goto(`/product/${id}`);
  // Add to Cart without touching the sizes: the default size.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");
  await sharedDb().run("update product_sizes set deleted_at = ? where id = ?", new Date(), tin);
  await goto("/cart");
  await expect(toaster(page)).toContainText(`${name}: that size is no longer available and was removed from your cart`);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});
