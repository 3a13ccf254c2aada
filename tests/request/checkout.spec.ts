// tests/e2e/checkout.spec.ts's JS-off half, over HTTP (issue #51): the cart's forms, the checkout
// with its server-side PIN look-up, the order's rows, page, invoice and mails, and what a guest,
// another customer or a broken cart cookie gets. The phone and laptop layout test stays in the browser.
import { expectedDelivery, formatDayRange } from "../../app/lib/dates";
import { waitForMail } from "../e2e/support/mail";
import { SHOP_OWNER } from "../playwright.config";
import { pdfText } from "../support/pdf-text";
import { expect, labelled, NAV, type PlainBrowser, queryOne, sharedDb, test, TOASTER, where } from "./support/fixtures";

const productId = async (name: string) =>
  (await queryOne<{ id: string }>("select id from products where name = ?", name))!.id;
const stockOf = async (id: string) =>
  (await queryOne<{ stock: number }>("select stock from products where id = ?", id))!.stock;
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
const priceOf = async (id: string) =>
  (await queryOne<{ price: number }>("select price from products where id = ?", id))!.price;

async function addToCart(b: PlainBrowser, id: string, qty: number) {
  await b.open(`/product/${id}`);
  await b.submit("Add to Cart", labelled(b, { Quantity: String(qty) }));
  expect(b.text(TOASTER)).toContain("Added to cart");
}

/** The cart link's count, in each place the nav has it (the bar's and the menu's). */
const cartBadge = (b: PlainBrowser) => [...new Set(b.texts(`${NAV} .badge`))];
const PLACE_ORDER = "Place Order (Cash on Delivery)";

// The customer registered with a Devanagari name (issue #22): the invoice prints it, shaped, with ₹.
test("cart → checkout with PIN lookup → order → thank-you → My Orders → invoice", async ({
  plain: b,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "मीरा अय्यर", phone: "9123400000" });
  const a = await productId("Vanilla Bean");
  const c = await productId("Cinnamon Spice");
  const stockA = await stockOf(a);

  await addToCart(b, a, 2);
  expect(cartBadge(b)).toEqual(["2"]);
  await addToCart(b, c, 1);
  expect(cartBadge(b)).toEqual(["3"]);
  await addToCart(b, a, 1); // an existing product: qty grows
  expect(cartBadge(b)).toEqual(["4"]);

  await b.follow(/Cart/, NAV);
  expect(where(b)).toMatch(/\/cart$/);
  expect(b.all(".cart-line")).toHaveLength(2);
  expect(b.valueByLabel("Quantity of Vanilla Bean")).toBe("3");

  // Change a quantity: without JS the Update button does.
  await b.submit("Update", labelled(b, { "Quantity of Cinnamon Spice": "2" }), { where: { productId: c } });
  expect(cartBadge(b)).toEqual(["5"]);
  expect(b.valueByLabel("Quantity of Cinnamon Spice")).toBe("2");
  const subtotal = 3 * (await priceOf(a)) + 2 * (await priceOf(c));
  expect(b.text(".summary")).toContain(rupees(subtotal));
  expect(b.text(".summary")).toContain("₹49.00");
  expect(b.text(".summary")).toContain(rupees(subtotal + 4900));

  // A zero or junk quantity is floored at 1.
  await b.submit("Update", labelled(b, { "Quantity of Cinnamon Spice": "0" }), { where: { productId: c } });
  expect(b.valueByLabel("Quantity of Cinnamon Spice")).toBe("1");
  expect(cartBadge(b)).toEqual(["4"]);

  await b.submit("Remove Cinnamon Spice");
  expect(b.all(".cart-line")).toHaveLength(1);
  expect(cartBadge(b)).toEqual(["3"]);

  await b.follow("Proceed to Checkout");
  expect(where(b)).toMatch(/\/checkout$/);
  expect(b.valueByLabel("Name")).toBe("मीरा अय्यर");
  expect(b.valueByLabel("Email")).toBe(user.email);
  expect(b.valueByLabel("Phone")).toBe("9123400000");
  // Without JS Place Order is not disabled, and no reason is written under it.
  const reason = "Please complete all required fields: Address, PIN, City, State.";
  expect(b.text()).not.toContain(reason);

  await b.submit("Look up", labelled(b, { Address: "12, 4th Cross, Indiranagar", PIN: "560001" }));
  expect(b.valueByLabel("City")).toBe("Bangalore");
  expect(b.valueByLabel("State")).toBe("Karnataka");
  expect(b.valueByLabel("Address")).toBe("12, 4th Cross, Indiranagar");
  await b.submit(PLACE_ORDER);

  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  const orderId = new URL(b.current().url).searchParams.get("o")!;
  expect(b.text()).toContain(`#${orderId.slice(-6)}`);
  expect(b.text(TOASTER)).toContain("Order placed!");
  expect(cartBadge(b)).toEqual(["0"]);

  const order = (await queryOne<Record<string, unknown>>("select * from orders where id = ?", orderId))!;
  expect(order).toMatchObject({
    status: "Placed",
    is_paid: 0,
    payment_method: "COD",
    contact_name: "मीरा अय्यर",
    city: "Bangalore",
    state: "Karnataka",
    pin: "560001",
    subtotal: 3 * (await priceOf(a)),
    shipping: 4900,
    grand_total: 3 * (await priceOf(a)) + 4900,
  });
  expect(await queryOne("select qty, price from order_items where order_id = ?", orderId)).toEqual({
    qty: 3,
    price: await priceOf(a),
  });
  expect(await stockOf(a)).toBeLessThanOrEqual(stockA - 3);

  await b.follow("View my orders");
  expect(where(b)).toMatch(new RegExp(`/orders\\?o=${orderId}$`));
  const mine = `#order-${orderId}`;
  expect(b.all(`${mine}[aria-current=true]`)).toHaveLength(1);
  expect(b.text(mine)).toContain("Vanilla Bean × 3");
  expect(b.text(mine)).toContain("Placed");
  expect(b.text(mine)).toContain("Not paid");
  expect(b.text(mine)).toContain(rupees(3 * (await priceOf(a)) + 4900));

  const [href] = b.links("Download invoice", mine);
  const res = await b.api(href!);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(bytes);
  expect(text.split("\n").filter((l) => l === "मीरा अय्यर")).toHaveLength(2); // Bill to, Ship to
  for (const part of [
    `#${orderId.slice(-6)}`,
    "Vanilla Bean",
    "560001",
    "Cash on delivery",
    "Not paid",
    `Grand total ${rupees(3 * (await priceOf(a)) + 4900)}`,
  ]) {
    expect(text).toContain(part);
  }

  // Issue #23: the confirmation arrived over SMTP, with the same invoice attached, and the owner's alert.
  const number = `#${orderId.slice(-6)}`;
  const origin = new URL(b.current().url).origin;
  const mail = await waitForMail(user.email, number);
  expect(mail.subject).toBe(`Your RK Candles order ${number} is confirmed`);
  expect(mail.to).toMatchObject({ value: [{ name: "मीरा अय्यर", address: user.email }] });
  expect(mail.messageId).toMatch(/^<[0-9a-f]{24}@e2e\.test>$/);
  expect(mail.text).toContain("Hello मीरा अय्यर,");
  expect(mail.text).toContain(`Vanilla Bean × 3: ${rupees(3 * (await priceOf(a)))}`);
  expect(mail.text).toContain(`Total: ${rupees(3 * (await priceOf(a)) + 4900)}`);
  expect(mail.text).toContain("12, 4th Cross, Indiranagar");
  expect(mail.html).toContain(`href="${origin}/orders"`);
  expect(mail.attachments.map((x) => [x.filename, x.contentType])).toEqual([
    [`invoice-${orderId.slice(-6)}.pdf`, "application/pdf"],
  ]);
  expect(await pdfText(mail.attachments[0]!.content)).toBe(text);
  const alert = await waitForMail(SHOP_OWNER, number);
  expect(alert.subject).toBe(`New order ${number}: ${rupees(3 * (await priceOf(a)) + 4900)} from मीरा अय्यर`);
  expect(alert.text).toContain(`${origin}/admin/orders/${orderId}`);
});

test("an empty cart says so; a guest at checkout goes to login first", async ({ plain: b, registerViaApi }) => {
  await b.open("/cart");
  expect(b.text()).toContain("Your cart is empty.");
  await b.follow("Go to Shop");
  expect(where(b)).toMatch(/\/shop$/);

  await b.open("/checkout");
  expect(where(b)).toMatch(/\/login\?redirect=%2Fcheckout$/);

  await registerViaApi();
  await b.open("/checkout");
  expect(b.text("[role=alert]")).toContain("Your cart is empty");
});

test("a guest's Proceed to Checkout: login says why, and login or sign-up comes back to the checkout", async ({
  plain: b,
  registerViaApi,
  uniqueEmail,
}) => {
  const user = await registerViaApi();
  expect((await b.api("/api/auth/logout", {})).status).toBe(200);
  await addToCart(b, await productId("Lavender Fields"), 2);
  const note = "Log in or sign up to place your order; your cart is kept";
  const proceed = async () => {
    await b.open("/cart");
    await b.follow("Proceed to Checkout");
    expect(where(b)).toMatch(/\/login\?redirect=%2Fcheckout$/);
    expect(b.texts("p")).toContain(note);
  };

  await proceed();
  await b.submit("Login", labelled(b, { Email: user.email, Password: user.password }));
  expect(where(b)).toMatch(/\/checkout$/);
  expect(b.text(".summary")).toContain("Lavender Fields × 2");

  // The login page's Sign up link keeps the way back.
  expect((await b.api("/api/auth/logout", {})).status).toBe(200);
  await proceed();
  await b.follow("Sign up", "main");
  expect(where(b)).toMatch(/\/register\?redirect=%2Fcheckout$/);
  expect(b.texts("p")).toContain(note);
  const email = uniqueEmail();
  await b.submit(
    "Sign up",
    labelled(b, { Name: "Ravi Kumar", Email: email, Phone: "9812345678", Password: "secret12" }),
  );
  expect(where(b)).toMatch(/\/checkout$/);
  expect(b.text(".summary")).toContain("Lavender Fields × 2");
  expect(await queryOne("select name from users where email = ?", email)).toEqual({ name: "Ravi Kumar" });
});

test("the thank-you page shows its owner the lines, the cash to pay, the address and the delivery dates; nobody else", async ({
  plain: b,
  registerViaApi,
  uniqueEmail,
  playwright,
  baseURL,
}) => {
  await registerViaApi({ name: "Kavya Nair" });
  const placed = await b.api("/api/orders", {
    contact: { name: "Kavya Nair", email: "kavya@example.com", phone: "9812345678" },
    shippingAddress: {
      address: "Flat 2, Rose Villa\n5 Park Street",
      city: "Kolkata",
      state: "West Bengal",
      pin: "700016",
    },
    items: [
      { product: await productId("Lavender Fields"), qty: 2 },
      { product: await productId("Vanilla Bean"), qty: 1 },
    ],
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const id = ((await placed.json()) as { _id: string })._id;
  const order = (await queryOne<{ created_at: number; grand_total: number }>(
    "select created_at, grand_total from orders where id = ?",
    id,
  ))!;
  const items = await sharedDb().all<{ name: string; qty: number; price: number }>(
    "select name, qty, price from order_items where order_id = ? order by position",
    id,
  );
  expect(items.map((i) => i.name)).toEqual(["Lavender Fields", "Vanilla Bean"]);

  const url = `/thank-you?o=${id}`;
  await b.open(url);
  expect(b.text()).toContain(`#${id.slice(-6)}`);
  expect(b.texts(".summary-lines li")).toEqual(items.map((i) => `${i.name} × ${i.qty} ${rupees(i.price * i.qty)}`));
  expect(b.texts(".cash-due dt")).toEqual(["To pay in cash on delivery"]);
  expect(b.texts(".cash-due dd")).toEqual([`${rupees(order.grand_total)} incl. shipping ₹49.00`]);
  // Line by line, as it was typed.
  expect(b.text("address")).toMatch(
    /^Kavya Nair\nFlat 2, Rose Villa\n5 Park Street\nKolkata, West Bengal 700016\nPhone 9812345678$/,
  );
  expect(b.texts(".delivery-range")).toEqual([formatDayRange(expectedDelivery(new Date(order.created_at * 1000)))]);
  expect(b.links("View my orders")).toEqual([`/orders?o=${id}`]);

  // Another customer gets what an unknown order gets; a guest logs in first, whatever the order.
  const unknown = `/thank-you?o=${"0".repeat(24)}`;
  const other = await playwright.request.newContext({ baseURL });
  const guest = await playwright.request.newContext({ baseURL });
  try {
    const reg = await other.post("/api/auth/register", {
      data: { name: "Other Buyer", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
    });
    expect(reg.status()).toBe(201);
    for (const u of [url, unknown]) {
      const res = await other.get(u);
      expect(res.status(), u).toBe(404);
      const html = await res.text();
      expect(html, u).toContain("Order not found");
      for (const secret of ["Kavya", "Rose Villa", "700016", "Lavender Fields"]) expect(html, u).not.toContain(secret);
      const asGuest = await guest.get(u, { maxRedirects: 0 });
      expect(asGuest.status(), u).toBe(302);
      expect(asGuest.headers()["location"], u).toBe(`/login?redirect=${encodeURIComponent(u)}`);
    }
  } finally {
    await other.dispose();
    await guest.dispose();
  }
});

test("without JS: Place Order checks the form and fills city/state from the PIN on the server", async ({
  plain: b,
  registerViaApi,
}) => {
  await registerViaApi();
  await addToCart(b, await productId("Lavender Fields"), 1);
  await b.open("/checkout");
  await b.submit(PLACE_ORDER, labelled(b, { Phone: "" }));
  expect(b.texts("[role=alert]")).toEqual(["Please complete all required fields"]);
  await b.submit(PLACE_ORDER, labelled(b, { Phone: "9000000001", Address: "Flat 3, Connaught Place", PIN: "1100-01" }));
  expect(where(b)).toMatch(/\/thank-you\?o=/);
  const id = new URL(b.current().url).searchParams.get("o")!;
  expect(await queryOne("select city, state, pin from orders where id = ?", id)).toEqual({
    city: "Central Delhi",
    state: "Delhi",
    pin: "110001",
  });
});

test("an unknown PIN clears city and state and shows the service's message", async ({ plain: b, registerViaApi }) => {
  await registerViaApi();
  await addToCart(b, await productId("Lavender Fields"), 1);
  await b.open("/checkout");
  await b.submit("Look up", labelled(b, { City: "Somewhere", State: "Elsewhere", PIN: "899999" }));
  expect(b.text()).toContain("No records found");
  expect(b.valueByLabel("City")).toBe("");
  expect(b.valueByLabel("State")).toBe("");
});

test("a sold-out or deleted product in the cart is shown as unavailable and cannot be checked out", async ({
  plain: b,
  registerViaApi,
}) => {
  await registerViaApi();
  const soldOut = await productId("Peppermint Frost"); // seeded with stock 0
  const few = await productId("Kesar Saffron");
  // The cookie as the server writes it: base64 JSON, URI-encoded.
  const value = encodeURIComponent(
    Buffer.from(
      JSON.stringify([
        { id: soldOut, qty: 1 },
        { id: few, qty: 99 },
        { id: "f".repeat(24), qty: 2 },
      ]),
    ).toString("base64"),
  );
  b.cookies.set("rk_cart_v1", value);
  await b.open("/cart");
  const lines = b.texts(".cart-line");
  expect(lines).toHaveLength(2);
  expect(lines.find((l) => l.includes("Peppermint Frost"))).toContain("Sold out");
  expect(lines.find((l) => l.includes("Kesar Saffron"))).toMatch(/Only \d+ left/);
  expect(b.links("Proceed to Checkout")).toHaveLength(0);
});

test("a garbage cart cookie is an empty cart, not an error", async ({ plain: b }) => {
  b.cookies.set("rk_cart_v1", "%%%not-base64{{");
  await b.open("/cart");
  expect(b.text()).toContain("Your cart is empty.");
});

test("Pay Online goes to the coming-soon page", async ({ plain: b, registerViaApi }) => {
  await registerViaApi();
  await addToCart(b, await productId("Lavender Fields"), 1);
  await b.open("/checkout");
  await b.follow("Pay Online (Coming Soon)");
  expect(where(b)).toMatch(/\/coming-soon$/);
  expect(b.texts("h1")).toContain("Online payments are coming soon");
  await b.open("/pay/online");
  expect(b.links("Back to checkout")).not.toHaveLength(0);
});
