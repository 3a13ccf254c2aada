// tests/e2e/coupons.spec.ts's JS-off half, over HTTP (issue #51): the owner's coupon form, the
// cart's Apply form with its refusals, the checkout and order with the code, the GST tax invoice
// naming it, and a paused code leaving the cart. The server with the GST settings that the GST
// specs share (shared-servers.ts), so the invoice is a tax invoice.
import { dbOf, OPS_ADMIN } from "../e2e/support/server";
import { sharedServer } from "../e2e/support/shared-servers";
import { pdfText } from "../support/pdf-text";
import { expect, labelled, PlainBrowser, test, TOASTER, where } from "./support/fixtures";

const server = sharedServer("gst");

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
/** The text of the table row that names `code`. */
const rowOf = (b: PlainBrowser, code: string) => b.texts("tr").find((row) => row.includes(code)) ?? "";

test("owner creates a code; the shopper applies it in the cart; order and tax invoice carry it", async () => {
  // The owner's and the shopper's logins, a purchase and the invoice's PDF.
  const db = dbOf(server);
  const tag = `${Date.now().toString(36).slice(-5)}N`.toUpperCase();
  const code = `FEST${tag}`;

  // The owner: a 200 % discount is refused with its message and creates nothing; 10 % off is made.
  const admin = new PlainBrowser(server.url);
  expect((await admin.api("/api/auth/login", OPS_ADMIN)).status).toBe(200);
  await admin.open("/admin/coupons");
  await admin.submit("Create code", labelled(admin, { Code: code.toLowerCase(), Amount: "200", "Uses in all": "5" }));
  expect(admin.text()).toContain("A percent off is from 1 to 90, with at most 2 decimals");
  expect(await db.value("select count(*) from coupons where code = ?", code)).toBe(0);
  await admin.submit("Create code", labelled(admin, { Amount: "10" }));
  expect(admin.text(TOASTER)).toContain("Code created");
  expect(rowOf(admin, code)).toContain("10 % off");
  expect(rowOf(admin, code)).toContain("0 of 5");
  // A code for big orders only, straight into the table.
  const big = `BIG${tag}`;
  await db.run(
    "insert into coupons (id, code, kind, amount, min_order) values (?, ?, 'percent', 500, 10000000)",
    `c${tag}`.toLowerCase().padEnd(24, "0"),
    big,
  );

  // The shopper.
  const b = new PlainBrowser(server.url);
  const registered = await b.api("/api/auth/register", {
    name: "Kavya Rao",
    email: `kavya-${tag}@example.com`.toLowerCase(),
    password: "secret12",
    phone: "9876543210",
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const product = (await db.get<{ id: string; price: number }>(
    "select id, price from products where stock > 20 and deleted_at is null order by price limit 1",
  ))!;
  await b.open(`/product/${product.id}`);
  await b.submit("Add to Cart", labelled(b, { Quantity: "2" }));
  expect(b.text(TOASTER)).toContain("Added to cart");

  await b.open("/cart");
  const apply = (typed: string) => b.submit("Apply", labelled(b, { "Coupon code": typed }));
  await apply("nope99");
  expect(b.text()).toContain("There is no coupon code NOPE99. Please check it.");
  await apply(big.toLowerCase());
  expect(b.text()).toContain(`The code ${big} is for orders of ₹1,00,000.00 or more.`);
  await apply(code.toLowerCase());
  const goods = 2 * product.price;
  const discount = Math.round(goods / 10);
  expect(b.text(".summary")).toContain(`Code ${code}`);
  expect(b.text(".summary")).toContain(`−${rupees(discount)}`);
  expect(b.text(".summary")).toContain(rupees(goods - discount + 4900));

  // Checkout shows the line too; the order is placed with it.
  await b.follow("Proceed to Checkout");
  expect(where(b)).toMatch(/\/checkout$/);
  expect(b.text(".summary")).toContain(`Code ${code}`);
  await b.submit("Look up", labelled(b, { Address: "21, 5th Cross, Indiranagar", PIN: "560038" }));
  expect(b.valueByLabel("State")).toBe("Karnataka");
  await b.submit("Place Order (Cash on Delivery)");
  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  const id = new URL(b.current().url).searchParams.get("o")!;
  expect(b.text("main")).toContain(`Code ${code}`);

  const order = await db.get<{ coupon_code: string; coupon_discount: number; grand_total: number }>(
    "select coupon_code, coupon_discount, grand_total from orders where id = ?",
    id,
  );
  expect(order).toEqual({ coupon_code: code, coupon_discount: discount, grand_total: goods - discount + 4900 });
  expect(await db.value("select uses from coupons where code = ?", code)).toBe(1);

  // The tax invoice stays one, its lines' taxable values lowered, and names the code.
  const res = await b.api(`/api/orders/${id}/invoice`);
  expect(res.status).toBe(200);
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));
  for (const part of ["Tax Invoice", `Coupon code ${code}`, `Grand total ${rupees(goods - discount + 4900)}`])
    expect(text).toContain(part);

  // The owner's list counts the use and the discount given.
  await admin.open("/admin/coupons");
  expect(rowOf(admin, code)).toContain("1 of 5");
  expect(rowOf(admin, code)).toContain(`${rupees(discount)} (1 order)`);

  // A code that stops applying (the owner pauses it) leaves the cart with why, never charged.
  await b.open(`/product/${product.id}`);
  await b.submit("Add to Cart");
  expect(b.text(TOASTER)).toContain("Added to cart");
  await b.open("/cart");
  await apply(code);
  expect(b.text(".summary")).toContain(`Code ${code}`);
  await admin.submit(`Pause ${code}`);
  expect(admin.text(TOASTER)).toContain("Code paused");
  await b.open("/cart");
  expect(b.text(TOASTER)).toContain(`The code ${code} is paused at the moment.`);
  expect(b.text(".summary")).not.toContain(`Code ${code}`);
  expect(b.text(".summary")).toContain(rupees(product.price + 4900));
});
