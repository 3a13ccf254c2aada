// tests/e2e/sizes.spec.ts's JS-off half, over HTTP (issue #51): a size chosen by its radio (which
// joins the Add to Cart form by its id) through cart, checkout, the order's rows, My Orders, the
// admin's order and the invoice; and a cart line whose size was removed leaving with a message.
import { ADMIN } from "../playwright.config";
import { pdfText } from "../support/pdf-text";
import { addSizes, sizeStock } from "../support/sizes";
import {
  expect,
  labelled,
  newProduct,
  PlainBrowser,
  queryOne,
  sharedDb,
  test,
  TOASTER,
  where,
} from "./support/fixtures";

const SIZES = [
  { label: "100 g tin", price: 349_00, mrp: 399_00, stock: 5 },
  { label: "200 g jar", price: 599_00, mrp: 699_00, stock: 4 },
  { label: "450 g bowl", price: 999_00, stock: 0 },
];

test("a chosen size goes through cart, checkout, order, My Orders, the admin's order and the invoice", async ({
  plain: b,
  registerViaApi,
  playwright,
  baseURL,
}, testInfo) => {
  const name = `Sized Lavender ${testInfo.project.name}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 1 });
  const [tin, jar, bowl] = await addSizes(sharedDb(), id, SIZES);
  await registerViaApi();

  await b.open(`/product/${id}`);
  // The Size group's labels, each with its radio.
  const labels = b.all("fieldset.size-picker label");
  const texts = b.texts("fieldset.size-picker label");
  expect(b.texts("fieldset.size-picker legend")).toEqual(["Size"]);
  const radio = (label: RegExp) => b.all('input[type="radio"]', labels[texts.findIndex((t) => label.test(t))])[0]!;
  // The default size is checked; a sold-out size is shown, disabled.
  expect("checked" in radio(/100 g tin/).attribs).toBe(true);
  expect("disabled" in radio(/450 g bowl/).attribs).toBe(true);
  expect(texts[2]).toContain("Sold out");
  expect(b.text(".product-price")).toContain("₹349.00");
  // Without JS each label says its price.
  expect(texts[1]).toContain("₹599.00");
  const chosen = radio(/200 g jar/);
  await b.submit("Add to Cart", { ...labelled(b, { Quantity: "2" }), [chosen.attribs.name!]: chosen.attribs.value! });
  expect(b.text(TOASTER)).toContain("Added to cart");

  await b.open("/cart");
  const line = b.texts(".cart-line");
  expect(line).toHaveLength(1);
  expect(line[0]).toContain("200 g jar");
  expect(line[0]).toContain("₹1,198.00");
  await b.follow("Proceed to Checkout");
  expect(b.text(".summary-lines")).toContain(`${name} — 200 g jar × 2`);
  await b.submit("Look up", labelled(b, { Address: "12, 4th Cross, Indiranagar", PIN: "560001" }));
  expect(b.valueByLabel("City")).toBe("Bangalore");
  await b.submit("Place Order (Cash on Delivery)");
  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  const orderId = new URL(b.current().url).searchParams.get("o")!;
  expect(b.text(".summary")).toContain(`${name} — 200 g jar × 2`);

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

  await b.open("/orders");
  expect(b.text(`#order-${orderId}`)).toContain(`${name} — 200 g jar × 2`);
  const invoice = await b.api(`/api/orders/${orderId}/invoice`);
  expect(await pdfText(Buffer.from(await invoice.arrayBuffer()))).toContain("200 g jar");

  const admin = new PlainBrowser(baseURL!);
  expect((await admin.api("/api/auth/login", ADMIN)).status).toBe(200);
  const html = await (await admin.api(`/admin/orders/${orderId}`)).text();
  expect(html).toContain(`${name} — 200 g jar`);
  const slip = await admin.api(`/admin/orders/${orderId}/packing-slip`);
  expect(await pdfText(Buffer.from(await slip.arrayBuffer()))).toContain("200 g jar");
});

test("a cart line whose size was removed leaves the cart with a message", async ({
  plain: b,
  playwright,
  baseURL,
}, testInfo) => {
  const name = `Removed Size ${testInfo.project.name}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 1 });
  const [tin] = await addSizes(sharedDb(), id, SIZES);
  await b.open(`/product/${id}`);
  // Add to Cart without touching the sizes: the default size.
  await b.submit("Add to Cart");
  expect(b.text(TOASTER)).toContain("Added to cart");
  await sharedDb().run("update product_sizes set deleted_at = ? where id = ?", new Date(), tin);
  await b.open("/cart");
  expect(b.text(TOASTER)).toContain(`${name}: that size is no longer available and was removed from your cart`);
  expect(b.text()).toContain("Your cart is empty.");
});

test("Add to Cart from a page left open, after its size or its product is gone: no longer available, nothing added", async ({
  plain: b,
  playwright,
  baseURL,
}, testInfo) => {
  const name = `Gone Meanwhile ${testInfo.project.name}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 3 });
  const [tin] = await addSizes(sharedDb(), id, SIZES);
  const shown = await b.open(`/product/${id}`);
  await sharedDb().run("update product_sizes set deleted_at = ? where id = ?", new Date(), tin);
  await b.submit("Add to Cart");
  expect(new URL(b.current().url).pathname).toBe("/shop");
  expect(b.text(TOASTER)).toContain("That product is no longer available");

  // The same page again (the tab still shows it), now with its product deleted.
  b.page = shown;
  await sharedDb().run("update products set deleted_at = ? where id = ?", new Date(), id);
  await b.submit("Add to Cart");
  expect(b.text(TOASTER)).toContain("That product is no longer available");
  await b.open("/cart");
  expect(b.text()).toContain("Your cart is empty.");
});
