import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN } from "../playwright.config";
import { storedPictures } from "../support/db";
import { gif, png } from "../support/images";
import { expect, queryOne, sharedDb, test, toaster } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/admin.spec.ts drives the same forms over HTTP",
);

const uploadDir = () => join(process.env.E2E_DB!, "..", "uploads");
/** The shared server's pictures: UPLOAD_DIR's files on SQLite, rows of `pictures` on PostgreSQL. */
const pictures = () => storedPictures(process.env.E2E_DATABASE_URL ?? process.env.E2E_DB!, uploadDir());

async function loginAsAdmin(page: Page, goto: (u: string) => Promise<void>) {
  await goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** With JS a change saves by itself; without JS the row's Save button does. */
async function saveRow(page: Page, form: ReturnType<Page["locator"]>, jsEnabled: boolean) {
  if (!jsEnabled) await form.getByRole("button", { name: "Save" }).click();
}

test("admin: create with two pictures → shop → edit price → customer orders → Shipped, paid, Delivered → delete", async ({
  page,
  browser,
  goto,
  jsEnabled,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const name = `Test Candle ${test.info().project.name} ${Date.now().toString(36)}`;
  await loginAsAdmin(page, goto);
  await expect(page.getByRole("link", { name: "Overview", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Products", exact: true }).click();
  await expect(page.getByRole("link", { name: "Products", exact: true })).toHaveAttribute("aria-current", "page");

  // Create, with two uploaded pictures.
  await page.getByRole("link", { name: "New Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByLabel("Price (₹)", { exact: true })).toHaveValue("0");
  await expect(page.getByLabel("MRP (₹)", { exact: true })).toHaveValue("0");
  await expect(page.getByLabel("Stock", { exact: true })).toHaveValue("10");
  await expect(page.getByLabel("HSN code")).toHaveValue("3406");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("A test candle with a <b>bold</b> claim.");
  await page.getByLabel("Price (₹)", { exact: true }).fill("321.50");
  await page.getByLabel("MRP (₹)", { exact: true }).fill("400");
  await page.getByLabel("Stock", { exact: true }).fill("7");
  const filesBefore = (await pictures()).size;
  await page.getByLabel("Add pictures").setInputFiles([
    { name: "one.png", mimeType: "image/png", buffer: png(40, 40, [200, 120, 40]) },
    { name: "two.gif", mimeType: "image/gif", buffer: gif },
  ]);
  if (jsEnabled) {
    await expect(toaster(page).getByText("Uploaded")).toHaveCount(2);
    await expect(page.locator(".gallery-edit li")).toHaveCount(2);
  }
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(toaster(page)).toContainText("Product created");
  const row = (await queryOne<{ id: string; price: number; mrp: number; stock: number; image: string }>(
    "select id, price, mrp, stock, image from products where name = ?",
    name,
  ))!;
  expect(row).toMatchObject({ price: 32150, mrp: 40000, stock: 7 });
  const pics = (await queryOne<{ n: number }>("select count(*) n from product_images where product_id = ?", row.id))!.n;
  expect(pics).toBe(2);
  expect(row.image).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
  // The PNG is kept with resized copies (3 widths × WebP and PNG); the GIF as it is.
  const id = row.image.slice("/uploads/".length, -".png".length);
  const names = [...(await pictures()).keys()];
  for (const w of [320, 640, 1200]) for (const ext of ["webp", "png"]) expect(names).toContain(`${id}-${w}.${ext}`);
  expect((await pictures()).size).toBeGreaterThanOrEqual(filesBefore + 8);
  const served = await page.request.get(row.image);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["cache-control"]).toContain("max-age=31536000");

  // It is in the shop.
  await goto(`/shop?q=${encodeURIComponent(name)}`);
  await expect(page.locator("main .grid > li")).toHaveCount(1);
  await expect(page.locator("main .grid > li")).toContainText("₹321.50");
  // Served in several widths, WebP first.
  const webp = page.locator("main .grid > li picture source[type='image/webp']");
  await expect(webp).toHaveAttribute(
    "srcset",
    new RegExp(`/uploads/${id}-320\\.webp 320w, /uploads/${id}-640\\.webp 640w`),
  );
  // A 2x phone (360 px, two cards a row: 180 px) gets the 640 px copy, sharp; not the 320 or the original.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    javaScriptEnabled: jsEnabled,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`/shop?q=${encodeURIComponent(name)}`);
  const card = phonePage.locator("main .grid > li img");
  await expect
    .poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toContain(`/uploads/${id}-640.webp`);
  await phone.close();
  const small = await page.request.get(`/uploads/${id}-320.webp`);
  expect(small.headers()["content-type"]).toBe("image/webp");
  expect((await small.body()).subarray(8, 12).toString()).toBe("WEBP");

  // Edit its price and its HSN code (a bad code is refused with its message first).
  await goto("/admin/products");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Price (₹)", { exact: true })).toHaveValue("321.5");
  await expect(page.locator(".gallery-edit li")).toHaveCount(2);
  await page.getByLabel("Price (₹)", { exact: true }).fill("300");
  await page.getByLabel("HSN code").fill("34060");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("HSN code must be 4, 6 or 8 digits, e.g. 3406 for candles")).toBeVisible();
  await page.getByLabel("HSN code").fill("3406.00.10");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toaster(page)).toContainText("Product updated");
  expect(await queryOne("select price, hsn from products where id = ?", row.id)).toEqual({
    price: 30000,
    hsn: "34060010",
  });
  const productRow = page.locator("tr", { has: page.getByRole("link", { name, exact: true }) });
  await expect(productRow.locator('td[data-label="HSN"]')).toHaveText("34060010");
  expect((await queryOne<{ n: number }>("select count(*) n from product_images where product_id = ?", row.id))!.n).toBe(
    2,
  );

  // A customer orders it.
  const customer = await playwright.request.newContext({ baseURL });
  await customer.post("/api/auth/register", {
    data: { name: "Shopper", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
  });
  const placed = await customer.post("/api/orders", {
    data: {
      contact: { name: "Shopper", email: "s@example.com", phone: "9876543210" },
      shippingAddress: { address: "1 Road", city: "Pune", state: "Maharashtra", pin: "411001" },
      items: [{ product: row.id, qty: 2 }],
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json())._id as string;
  const status = async () =>
    (await queryOne<{ status: string; is_paid: number }>("select status, is_paid from orders where id = ?", orderId))!;

  // Orders tab: Shipped, paid on and off, Mark Delivered.
  await page.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const orderRow = page.locator(`#order-${orderId}`);
  await expect(orderRow).toContainText(`#${orderId.slice(-6)}`);
  await expect(orderRow).toContainText(`${name} × 2`);
  await expect(orderRow).toContainText("₹649.00");
  const statusForm = orderRow.locator("form", { has: page.getByRole("combobox") });
  await statusForm.getByRole("combobox").selectOption("Shipped");
  await saveRow(page, statusForm, jsEnabled);
  await expect(toaster(page)).toContainText("Order updated");
  await expect.poll(async () => (await status()).status).toBe("Shipped");

  const paidForm = orderRow.locator("form", { has: page.getByRole("checkbox") });
  await paidForm.getByRole("checkbox").check();
  await saveRow(page, paidForm, jsEnabled);
  await expect.poll(async () => (await status()).is_paid).toBe(1);
  expect((await status()).status).toBe("Shipped");
  await expect(orderRow.getByRole("checkbox")).toBeChecked();
  await orderRow.getByRole("checkbox").uncheck();
  await saveRow(page, orderRow.locator("form", { has: page.getByRole("checkbox") }), jsEnabled);
  await expect.poll(async () => (await status()).is_paid).toBe(0);

  await orderRow.getByRole("button", { name: /Mark Delivered/ }).click();
  await expect.poll(() => status()).toEqual({ status: "Delivered", is_paid: 1 });
  await expect(orderRow.getByRole("button", { name: /Mark Delivered/ })).toHaveCount(0);

  // Order detail.
  await orderRow.getByRole("link", { name: /View/ }).click();
  await expect(page.getByRole("heading", { name: `Order #${orderId.slice(-6)}` })).toBeVisible();
  await expect(page.locator("main")).toContainText("Pune, Maharashtra 411001");

  // The customer sees Delivered and paid.
  const customerPage = await page.context().browser()!.newPage({ javaScriptEnabled: jsEnabled, baseURL });
  await customerPage.context().addCookies((await customer.storageState()).cookies);
  await customerPage.goto("/orders");
  const mine = customerPage.locator(`#order-${orderId}`);
  await expect(mine).toContainText("Delivered");
  await expect(mine).toContainText("Paid");
  await expect(mine).not.toContainText("Not paid");
  await customerPage.close();
  await customer.dispose();

  // Delete the product after confirming.
  await goto("/admin/products");
  const del = page.getByRole("link", { name: `Delete ${name}` });
  if (jsEnabled) {
    page.once("dialog", (d) => {
      expect(d.message()).toBe("Delete this product?");
      void d.accept();
    });
    await del.click();
  } else {
    await del.click();
    await expect(page.getByRole("heading", { name: "Delete this product?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
  }
  await expect(toaster(page)).toContainText("Product deleted");
  await expect(page.getByRole("link", { name: `Edit ${name}` })).toHaveCount(0);
  expect(
    (await queryOne<{ deleted_at: number | null }>("select deleted_at from products where id = ?", row.id))!.deleted_at,
  ).not.toBeNull();
  await goto(`/shop?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No products match your search.")).toBeVisible();
  // Past orders keep their lines, and the invoice still works.
  expect(await queryOne("select name, qty, price from order_items where order_id = ?", orderId)).toEqual({
    name,
    qty: 2,
    price: 30000,
  });
  expect((await page.request.get(`/api/orders/${orderId}/invoice`)).status()).toBe(200);
});

test("a dismissed confirmation deletes nothing; a fake image is refused with nothing saved", async ({
  page,
  goto,
  jsEnabled,
}) => {
  await loginAsAdmin(page, goto);
  await goto("/admin/products");
  // The oldest demo product: other tests create and delete their own products in parallel.
  const { id: productId, name: productName } = (await queryOne<{ id: string; name: string }>(
    "select id, name from products where deleted_at is null order by created_at, id limit 1",
  ))!;
  const first = page
    .locator(".admin-table tbody tr")
    .filter({ has: page.locator(`a[href="/admin/products/${productId}"]`) });
  if (jsEnabled) {
    page.once("dialog", (d) => void d.dismiss());
    await first.getByRole("link", { name: `Delete ${productName}` }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  } else {
    await first.getByRole("link", { name: `Delete ${productName}` }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
  }
  await expect(page.locator(`a[href="/admin/products/${productId}"]`)).toBeVisible();
  expect(
    (await queryOne<{ d: number | null }>("select deleted_at d from products where id = ?", productId))!.d,
  ).toBeNull();

  const fake = Buffer.from(`<svg onload=alert(1)> ${Date.now()}`);
  // Other tests upload in parallel: look for this file's bytes, not at the number of files.
  const saved = async () => [...(await pictures()).values()].some((bytes) => bytes.equals(fake));
  const name = `Fake Picture ${test.info().project.name} ${Date.now()}`;
  await goto("/admin/products/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (₹)", { exact: true }).fill("100");
  await page.getByLabel("Add pictures").setInputFiles([{ name: "evil.png", mimeType: "image/png", buffer: fake }]);
  if (jsEnabled) {
    await expect(toaster(page)).toContainText("Only JPEG, PNG, WebP or GIF images can be uploaded.");
    await expect(page.locator(".gallery-edit li")).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByText("Only JPEG, PNG, WebP or GIF images can be uploaded. (evil.png)")).toBeVisible();
    expect(await queryOne("select id from products where name = ?", name)).toBeUndefined();
  }
  expect(await saved()).toBe(false);
});

test("the product form refuses bad numbers with clear messages", async ({ page, goto }) => {
  await loginAsAdmin(page, goto);
  await goto("/admin/products/new");
  const name = `Bad Numbers ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (₹)", { exact: true }).fill("");
  await page.getByLabel("Stock", { exact: true }).fill("2.5");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Price is required")).toBeVisible();
  await expect(page.getByText("Stock must be a whole number, 0 or more")).toBeVisible();
  await page.getByLabel("Price (₹)", { exact: true }).fill("-5");
  await page.getByLabel("Stock", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Must be 0 or more")).toBeVisible();
  expect(await queryOne("select id from products where name = ?", name)).toBeUndefined();
});

test("the product form refuses an image URL that would load from another site (issue #11)", async ({ page, goto }) => {
  await loginAsAdmin(page, goto);
  await goto("/admin/products/new");
  const name = `Bad URL ${test.info().project.name} ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (₹)", { exact: true }).fill("100");
  for (const url of ["/\\evil.example/x.png", "//evil.example/x.png", "/a\\b.png"]) {
    await page.getByLabel("Image URL").fill(url);
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByText("Use a web address (https://…) or a path on this site (/…)"), url).toBeVisible();
  }
  // Had one been accepted, the form would have gone (redirect to /admin) and the next fill would fail.
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  expect(await queryOne("select id from products where name = ?", name)).toBeUndefined();
});

test("the Orders tab pages through every order; a change on a later page comes back to that page", async ({
  page,
  goto,
  jsEnabled,
}) => {
  // 120 old orders (the year 1970, so they sort after everything the other tests place), on one product.
  const tag = `Paged ${test.info().project.name} ${Date.now()}`;
  const product = (await queryOne<{ id: string }>(
    "select id from products where deleted_at is null order by created_at, id limit 1",
  ))!.id;
  const orders = Array.from({ length: 120 }, (_, i) => ({
    id: randomBytes(12).toString("hex"),
    name: `${tag} ${i}`,
    at: new Date((1000 + i) * 1000),
  }));
  const ids = orders.map((o) => o.id);
  const db = sharedDb();
  // One statement per table, each all or nothing.
  await db.run(
    `insert into orders (id, contact_name, contact_email, contact_phone, address, city, state, pin, subtotal, shipping, grand_total, created_at) values ${orders
      .map(() => "(?, ?, 'paged@example.com', '9876543210', 'x', 'y', 'z', '560001', 100, 4900, 5000, ?)")
      .join(", ")}`,
    ...orders.flatMap((o) => [o.id, o.name, o.at]),
  );
  await db.run(
    `insert into order_items (id, order_id, product_id, name, qty, price) values ${orders.map(() => "(?, ?, ?, 'Paged line', 1, 100)").join(", ")}`,
    ...orders.flatMap((o) => [randomBytes(12).toString("hex"), o.id, product]),
  );
  try {
    await loginAsAdmin(page, goto);
    await goto("/admin/orders");
    const total = (await queryOne<{ n: number }>("select count(*) n from orders"))!.n;
    await expect(page.getByText(/^Orders 1–50 of \d+, newest first$/)).toBeVisible();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?page=2$/);
    await expect(page.getByText(/^Orders 51–\d+ of \d+, newest first$/)).toBeVisible();
    expect(total).toBeGreaterThanOrEqual(120);

    // One of ours, away from a page's edges, so orders placed meanwhile by other tests do not move it off its page.
    const rank = async (id: string) =>
      (await queryOne<{ n: number }>(
        "select count(*) n from orders where (created_at, id) > (select created_at, id from orders where id = ?)",
        id,
      ))!.n + 1;
    let target = "";
    for (const id of ids) {
      const r = await rank(id);
      if (r > 50 && r % 50 >= 15 && r % 50 <= 35) {
        target = id;
        break;
      }
    }
    const onPage = Math.ceil((await rank(target)) / 50);
    await goto(`/admin/orders?page=${onPage}`);
    const row = page.locator(`#order-${target}`);
    await expect(row).toContainText("Paged line × 1");
    const paidForm = row.locator("form", { has: page.getByRole("checkbox") });
    await paidForm.getByRole("checkbox").check();
    await saveRow(page, paidForm, jsEnabled);
    await expect(toaster(page)).toContainText("Order updated");
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?page=${onPage}$`));
    await expect
      .poll(async () => (await queryOne<{ p: number }>("select is_paid p from orders where id = ?", target))!.p)
      .toBe(1);
    // The same test in the other project inserts and deletes 120 orders of its own, which can move
    // ours to another page meanwhile: the row is looked for on the page it is on now.
    const nowOn = Math.ceil((await rank(target)) / 50);
    if (nowOn !== onPage) await goto(`/admin/orders?page=${nowOn}`);
    await expect(page.locator(`#order-${target}`).getByRole("checkbox")).toBeChecked();
  } finally {
    await db.run(`delete from orders where id in (${ids.map(() => "?").join(",")})`, ...ids);
  }
});
