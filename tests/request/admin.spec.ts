// tests/e2e/admin.spec.ts's JS-off half, over HTTP (issue #51): the owner's product editor (with
// pictures uploaded by the multipart form), the Orders tab's row forms and pages, the delete
// confirmation page, and the editor's refusals.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { ADMIN } from "../playwright.config";
import { storedPictures } from "../support/db";
import { gif, png } from "../support/images";
import { expect, labelled, PlainBrowser, queryOne, sharedDb, test, TOASTER, where } from "./support/fixtures";

const uploadDir = () => join(process.env.E2E_DB!, "..", "uploads");
/** The shared server's pictures: UPLOAD_DIR's files on SQLite, rows of `pictures` on PostgreSQL. */
const pictures = () => storedPictures(process.env.E2E_DATABASE_URL ?? process.env.E2E_DB!, uploadDir());

async function loginAsAdmin(b: PlainBrowser) {
  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: ADMIN.email, Password: ADMIN.password }));
  expect(where(b)).toMatch(/\/admin$/);
}

/** The aria-current of each link named `name` exactly. */
const currentOf = (b: PlainBrowser, name: string) => {
  const texts = b.texts("a");
  return b
    .all("a")
    .filter((_, i) => texts[i] === name)
    .map((a) => a.attribs["aria-current"]);
};
const orderRow = (orderId: string) => `#order-${orderId}`;
/** The Orders tab's row forms: without JS, the row's Save button sends them. */
const saveRow = (b: PlainBrowser, intent: string, orderId: string, values: Record<string, string | false>) =>
  b.submit("Save", values, { where: { intent, orderId } });

test("admin: create with two pictures → shop → edit price → customer orders → Shipped, paid, Delivered → delete", async ({
  plain: b,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const name = `Test Candle ${test.info().project.name} ${Date.now().toString(36)}`;
  await loginAsAdmin(b);
  expect(currentOf(b, "Overview")).toEqual(["page"]);
  await b.follow("Products");
  expect(currentOf(b, "Products")).toEqual(["page"]);

  // Create, with two uploaded pictures.
  await b.follow("New Product");
  expect(where(b)).toMatch(/\/admin\/products\/new$/);
  expect(b.valueByLabel("Price (₹)")).toBe("0");
  expect(b.valueByLabel("MRP (₹)")).toBe("0");
  expect(b.valueByLabel("Stock")).toBe("10");
  expect(b.valueByLabel("HSN code")).toBe("3406");
  const filesBefore = (await pictures()).size;
  await b.submit(
    "Create product",
    labelled(b, {
      Name: name,
      Description: "A test candle with a <b>bold</b> claim.",
      "Price (₹)": "321.50",
      "MRP (₹)": "400",
      Stock: "7",
    }),
    {
      files: {
        [b.field("Add pictures")]: [
          { name: "one.png", type: "image/png", bytes: png(40, 40, [200, 120, 40]) },
          { name: "two.gif", type: "image/gif", bytes: gif },
        ],
      },
    },
  );
  expect(where(b)).toMatch(/\/admin\/products$/);
  expect(b.text(TOASTER)).toContain("Product created");
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
  const served = await b.api(row.image);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  expect(served.headers.get("cache-control")).toContain("max-age=31536000");

  // It is in the shop.
  await b.open(`/shop?q=${encodeURIComponent(name)}`);
  expect(b.all("main .grid > li")).toHaveLength(1);
  expect(b.texts("main .grid > li")[0]).toContain("₹321.50");
  // Served in several widths, WebP first. (Which one a 2x phone picks is the browser's: tests/e2e/admin.spec.ts, JS on.)
  const webp = b.all('main .grid > li picture source[type="image/webp"]');
  expect(webp).toHaveLength(1);
  expect(webp[0]!.attribs.srcset).toMatch(new RegExp(`/uploads/${id}-320\\.webp 320w, /uploads/${id}-640\\.webp 640w`));
  const small = await b.api(`/uploads/${id}-320.webp`);
  expect(small.headers.get("content-type")).toBe("image/webp");
  expect(
    Buffer.from(await small.arrayBuffer())
      .subarray(8, 12)
      .toString(),
  ).toBe("WEBP");

  // Edit its price and its HSN code (a bad code is refused with its message first).
  await b.open("/admin/products");
  await b.follow(`Edit ${name}`);
  expect(b.valueByLabel("Price (₹)")).toBe("321.5");
  expect(b.all(".gallery-edit li")).toHaveLength(2);
  await b.submit("Save changes", labelled(b, { "Price (₹)": "300", "HSN code": "34060" }));
  expect(b.text()).toContain("HSN code must be 4, 6 or 8 digits, e.g. 3406 for candles");
  await b.submit("Save changes", labelled(b, { "HSN code": "3406.00.10" }));
  expect(b.text(TOASTER)).toContain("Product updated");
  expect(await queryOne("select price, hsn from products where id = ?", row.id)).toEqual({
    price: 30000,
    hsn: "34060010",
  });
  const productRow = b.all("tr").find((tr) => b.texts("a", tr).includes(name));
  expect(b.texts('td[data-label="HSN"]', productRow)).toEqual(["34060010"]);
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
  await b.follow("Orders");
  expect(where(b)).toMatch(/\/admin\/orders$/);
  expect(b.text(orderRow(orderId))).toContain(`#${orderId.slice(-6)}`);
  expect(b.text(orderRow(orderId))).toContain(`${name} × 2`);
  expect(b.text(orderRow(orderId))).toContain("₹649.00");
  await saveRow(b, "status", orderId, { status: "Shipped" });
  expect(b.text(TOASTER)).toContain("Order updated");
  await expect.poll(async () => (await status()).status).toBe("Shipped");

  await saveRow(b, "paid", orderId, { isPaid: "on" });
  await expect.poll(async () => (await status()).is_paid).toBe(1);
  expect((await status()).status).toBe("Shipped");
  expect(b.all(`${orderRow(orderId)} input[type=checkbox][checked]`)).toHaveLength(1);
  await saveRow(b, "paid", orderId, { isPaid: false });
  await expect.poll(async () => (await status()).is_paid).toBe(0);

  await b.submit(`Mark Delivered (order #${orderId.slice(-6)})`);
  await expect.poll(() => status()).toEqual({ status: "Delivered", is_paid: 1 });
  expect(b.texts(`${orderRow(orderId)} button`).filter((t) => /Mark Delivered/.test(t))).toHaveLength(0);

  // Order detail.
  await b.follow(/View/, orderRow(orderId));
  expect(b.texts("h1")).toContain(`Order #${orderId.slice(-6)}`);
  expect(b.texts("main")[0]).toContain("Pune, Maharashtra 411001");

  // The customer sees Delivered and paid.
  const shopper = new PlainBrowser(baseURL!);
  for (const c of (await customer.storageState()).cookies) shopper.cookies.set(c.name, c.value);
  await shopper.open("/orders");
  const mine = shopper.text(orderRow(orderId));
  expect(mine).toContain("Delivered");
  expect(mine).toContain("Paid");
  expect(mine).not.toContain("Not paid");
  await customer.dispose();

  // Delete the product after confirming.
  await b.open("/admin/products");
  await b.follow(`Delete ${name}`);
  expect(b.texts("h1")).toContain("Delete this product?");
  await b.submit("Delete");
  expect(b.text(TOASTER)).toContain("Product deleted");
  expect(b.links(`Edit ${name}`)).toHaveLength(0);
  expect(
    (await queryOne<{ deleted_at: number | null }>("select deleted_at from products where id = ?", row.id))!.deleted_at,
  ).not.toBeNull();
  await b.open(`/shop?q=${encodeURIComponent(name)}`);
  expect(b.text()).toContain("No products match your search.");
  // Past orders keep their lines, and the invoice still works.
  expect(await queryOne("select name, qty, price from order_items where order_id = ?", orderId)).toEqual({
    name,
    qty: 2,
    price: 30000,
  });
  expect((await b.api(`/api/orders/${orderId}/invoice`)).status).toBe(200);
});

test("a dismissed confirmation deletes nothing; a fake image is refused with nothing saved", async ({ plain: b }) => {
  await loginAsAdmin(b);
  await b.open("/admin/products");
  // The oldest demo product: other tests create and delete their own products in parallel.
  const { id: productId, name: productName } = (await queryOne<{ id: string; name: string }>(
    "select id, name from products where deleted_at is null order by created_at, id limit 1",
  ))!;
  const first = b
    .all(".admin-table tbody tr")
    .find((tr) => b.all(`a[href="/admin/products/${productId}"]`, tr).length > 0);
  await b.follow(`Delete ${productName}`, first);
  await b.follow("Cancel");
  expect(b.all(`a[href="/admin/products/${productId}"]`).length).toBeGreaterThan(0);
  expect(
    (await queryOne<{ d: number | null }>("select deleted_at d from products where id = ?", productId))!.d,
  ).toBeNull();

  const fake = Buffer.from(`<svg onload=alert(1)> ${Date.now()}`);
  // Other tests upload in parallel: look for this file's bytes, not at the number of files.
  const saved = async () => [...(await pictures()).values()].some((bytes) => bytes.equals(fake));
  const name = `Fake Picture ${test.info().project.name} ${Date.now()}`;
  await b.open("/admin/products/new");
  await b.submit("Create product", labelled(b, { Name: name, "Price (₹)": "100" }), {
    files: { [b.field("Add pictures")]: [{ name: "evil.png", type: "image/png", bytes: fake }] },
  });
  expect(b.text()).toContain("Only JPEG, PNG, WebP or GIF images can be uploaded. (evil.png)");
  expect(await queryOne("select id from products where name = ?", name)).toBeUndefined();
  expect(await saved()).toBe(false);
});

test("the product form refuses bad numbers with clear messages", async ({ plain: b }) => {
  await loginAsAdmin(b);
  await b.open("/admin/products/new");
  const name = `Bad Numbers ${Date.now()}`;
  await b.submit("Create product", labelled(b, { Name: name, "Price (₹)": "", Stock: "2.5" }));
  expect(b.text()).toContain("Price is required");
  expect(b.text()).toContain("Stock must be a whole number, 0 or more");
  await b.submit("Create product", labelled(b, { "Price (₹)": "-5", Stock: "3" }));
  expect(b.text()).toContain("Must be 0 or more");
  expect(await queryOne("select id from products where name = ?", name)).toBeUndefined();
});

test("the product form refuses an image URL that would load from another site (issue #11)", async ({ plain: b }) => {
  await loginAsAdmin(b);
  await b.open("/admin/products/new");
  const name = `Bad URL ${test.info().project.name} ${Date.now()}`;
  let typed = labelled(b, { Name: name, "Price (₹)": "100" });
  for (const url of ["/\\evil.example/x.png", "//evil.example/x.png", "/a\\b.png"]) {
    await b.submit("Create product", { ...typed, ...labelled(b, { "Image URL": url }) });
    typed = {};
    expect(b.text(), url).toContain("Use a web address (https://…) or a path on this site (/…)");
  }
  // Had one been accepted, the form would have gone (redirect to /admin) and the next post would fail.
  expect(where(b)).toMatch(/\/admin\/products\/new$/);
  expect(await queryOne("select id from products where name = ?", name)).toBeUndefined();
});

test("the Orders tab pages through every order; a change on a later page comes back to that page", async ({
  plain: b,
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
    await loginAsAdmin(b);
    await b.open("/admin/orders");
    const total = (await queryOne<{ n: number }>("select count(*) n from orders"))!.n;
    expect(b.text().split("\n")).toContainEqual(expect.stringMatching(/^Orders 1–50 of \d+, newest first$/));
    await b.follow("Next", 'nav[aria-label="Pages"]');
    expect(where(b)).toMatch(/\/admin\/orders\?page=2$/);
    expect(b.text().split("\n")).toContainEqual(expect.stringMatching(/^Orders 51–\d+ of \d+, newest first$/));
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
    await b.open(`/admin/orders?page=${onPage}`);
    expect(b.text(orderRow(target))).toContain("Paged line × 1");
    await saveRow(b, "paid", target, { isPaid: "on" });
    expect(b.text(TOASTER)).toContain("Order updated");
    expect(where(b)).toMatch(new RegExp(`/admin/orders\\?page=${onPage}$`));
    await expect
      .poll(async () => (await queryOne<{ p: number }>("select is_paid p from orders where id = ?", target))!.p)
      .toBe(1);
    // Other tests insert and delete orders meanwhile, which can move ours to another page: the row
    // is looked for on the page it is on now.
    const nowOn = Math.ceil((await rank(target)) / 50);
    if (nowOn !== onPage) await b.open(`/admin/orders?page=${nowOn}`);
    expect(b.all(`${orderRow(target)} input[type=checkbox][checked]`)).toHaveLength(1);
  } finally {
    await db.run(`delete from orders where id in (${ids.map(() => "?").join(",")})`, ...ids);
  }
});
