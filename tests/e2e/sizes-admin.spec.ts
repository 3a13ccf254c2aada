// The owner gives a product sizes in the editor (issue #37), with JS off (the blank rows) and on
// ("Add size"): adds two, edits one, reorders them, removes one; the product row mirrors the
// default size each time, and the Products tab says how many sizes it has.
import type { Page } from "@playwright/test";
import { ADMIN } from "../playwright.config";
import { expect, newProduct, queryOne, test, toaster } from "./support/fixtures";

// JS off, the test runs over HTTP in tests/request/sizes-admin.spec.ts (issue #51).
const OVER_HTTP = "JS off: tests/request/sizes-admin.spec.ts drives the same forms over HTTP";

async function loginAsAdmin(page: Page, goto: (u: string) => Promise<void>) {
  await goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Size n's control (1-based), by its name for a screen reader: "Size 2: Price (₹)". */
const sizeField = (page: Page, n: number, field: string) => page.getByLabel(`Size ${n}: ${field}`, { exact: true });

test("admin: adds two sizes, edits one, reorders, removes one; the product mirrors the default", async ({
  page,
  goto,
  jsEnabled,
  playwright,
  baseURL,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const name = `Sized Candle ${test.info().project.name} ${Date.now().toString(36)}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 9, price: 300 });
  const figures = () => queryOne("select price, mrp, stock from products where id = ?", id);
  const save = async () => {
    await page.getByRole("button", { name: "Save changes" }).click();
    // Back on the list (a toast from the save before may still show, with JS).
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(toaster(page)).toContainText("Product updated");
  };
  await loginAsAdmin(page, goto);
  await goto(`/admin/products/${id}`);

  // No sizes yet: three blank rows, the product's own price editable.
  await expect(page.locator(".size-row")).toHaveCount(3);
  await expect(page.getByLabel("Price (₹)", { exact: true })).toBeEditable();
  // With JS, "Add size" adds a fourth row; without it there is no such button.
  await expect(page.getByRole("button", { name: "Add size" })).toHaveCount(jsEnabled ? 1 : 0);
  let second = 2;
  if (jsEnabled) {
    await page.getByRole("button", { name: "Add size" }).click();
    await expect(page.locator(".size-row")).toHaveCount(4);
    second = 4;
  }

  // A bad row first: a negative price is refused, nothing saved.
  await sizeField(page, 1, "Label").fill("100 g tin");
  await sizeField(page, 1, "Price (₹)").fill("-5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Must be 0 or more")).toBeVisible();
  expect(await queryOne("select count(*) as n from product_sizes where product_id = ?", id)).toEqual({ n: 0 });

  await sizeField(page, 1, "Label").fill("100 g tin");
  await sizeField(page, 1, "Label in Hindi").fill("100 ग्राम टिन");
  await sizeField(page, 1, "Price (₹)").fill("249");
  await sizeField(page, 1, "MRP (₹)").fill("299");
  await sizeField(page, 1, "Stock").fill("5");
  await sizeField(page, 1, "SKU").fill(`T-${id.slice(-8)}`);
  await sizeField(page, second, "Label").fill("200 g jar");
  await sizeField(page, second, "Price (₹)").fill("449");
  await sizeField(page, second, "Stock").fill("3");
  await save();
  expect(await figures()).toEqual({ price: 24900, mrp: 29900, stock: 5 });
  const row = page.locator("tr", { has: page.getByRole("link", { name, exact: true }) });
  await expect(row.locator('td[data-label="Name"]')).toContainText("2 sizes");
  await expect(row.locator('td[data-label="Stock"]')).toContainText("8 in all sizes");

  // Edit the jar's price and move it first: the product now shows the jar.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.locator(".size-row")).toHaveCount(5);
  await expect(page.getByLabel("Price (₹)", { exact: true })).not.toBeEditable();
  await expect(sizeField(page, 2, "Label")).toHaveValue("200 g jar");
  await sizeField(page, 2, "Price (₹)").fill("459");
  await sizeField(page, 2, "Position").fill("0");
  await save();
  expect(await figures()).toEqual({ price: 45900, mrp: null, stock: 3 });

  // Remove the jar (now size 1): the tin is the default again.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(sizeField(page, 1, "Label")).toHaveValue("200 g jar");
  await page.getByLabel("Remove this size (1)").check();
  await save();
  expect(await figures()).toEqual({ price: 24900, mrp: 29900, stock: 5 });
  expect(
    await queryOne(
      "select count(*) as n, sum(case when deleted_at is null then 1 else 0 end) as live from product_sizes where product_id = ?",
      id,
    ),
  ).toEqual({ n: 2, live: 1 });
  await expect(row.locator('td[data-label="Name"]')).toContainText("1 size");
});
