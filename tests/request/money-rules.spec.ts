// tests/e2e/money-rules.spec.ts's JS-off half, over HTTP (issue #51): the prepaid (UPI) discount to
// the paisa through the GST tax invoice, the cash-on-delivery fee on every page and the invoice, and
// the COD limit, through the cart and checkout forms. A server of its own with the settings (and
// GST, as invoice.gst.spec.ts sets it).
import type { ChildNode } from "domhandler";
import { dbOf, startServer, type TestServer } from "../e2e/support/server";
import { GST_SETTINGS } from "../e2e/support/shared-servers";
import { pdfText } from "../support/pdf-text";
import { expect, labelled, PlainBrowser, test, TOASTER, where } from "./support/fixtures";

const COD_MAX_RUPEES = 1000;

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer({
    env: {
      SHOP_UPI_ID: "rkcandles@okaxis",
      PREPAID_DISCOUNT_PERCENT: "5",
      COD_FEE_RUPEES: "30",
      COD_MAX_RUPEES: String(COD_MAX_RUPEES),
      ...GST_SETTINGS,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** "₹1,234.50", as the pages and the invoice print paise. */
const inr = (paise: number) =>
  `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The taxable value in a price with 12 % GST, rounded to the paisa (docs/gst.md). */
const taxable12 = (gross: number) => Math.round((gross * 100) / 112);

/** A new customer of the server in a text browser of its own, logged in, and the cheapest product. */
async function shopper(email: string) {
  const b = new PlainBrowser(server.url);
  const res = await b.api("/api/auth/register", {
    name: "Kavya Rao",
    email,
    password: "secret12",
    phone: "9876543210",
  });
  expect(res.status, await res.text()).toBe(201);
  const list = (await (await b.api("/api/products?limit=1&sort=price&order=asc")).json()) as {
    items: { _id: string; name: string; price: number }[];
  };
  const [product] = list.items;
  return { b, product: { ...product!, price: Math.round(product!.price * 100) } };
}

async function addToCart(b: PlainBrowser, productId: string, qty: number) {
  await b.open(`/product/${productId}`);
  await b.submit("Add to Cart", labelled(b, { Quantity: String(qty) }));
  expect(b.text(TOASTER)).toContain("Added to cart");
}

/** The checkout's address, PIN 560001 (Karnataka: the seller's state), city and state from it. */
async function fillAddress(b: PlainBrowser) {
  await b.open("/checkout");
  await b.submit("Look up", labelled(b, { Address: "12, 4th Cross, Indiranagar", PIN: "560001" }));
  expect(b.valueByLabel("State")).toBe("Karnataka");
}

/** The DOM's textContent of nodes, whitespace collapsed, as toContainText reads an element. */
const textContent = (nodes: ChildNode[]): string =>
  nodes
    .map((n) => (n.type === "text" ? n.data : "children" in n ? textContent(n.children) : ""))
    .join("")
    .replace(/\s+/g, " ");
/** The summary's text: without CSS both ways of paying are listed, as the browser's textContent has them. */
const summary = (b: PlainBrowser) => textContent(b.all(".summary")[0]?.children ?? []);

/** The radio button named `name` (by its aria-labelledby), as getByRole("radio", { name }) finds it. */
function radio(b: PlainBrowser, name: string): Record<string, string> {
  const found = b.all("input[type=radio]").find((r) => b.texts(`#${r.attribs["aria-labelledby"]}`)[0] === name);
  if (!found) throw new Error(`no radio button "${name}" on ${b.current().url}`);
  return found.attribs;
}

/** Place Order, paying by the radio button named `method` (or the one checked). */
async function placeOrder(b: PlainBrowser, method?: string) {
  const choice = method === undefined ? {} : { [radio(b, method).name!]: radio(b, method).value! };
  await b.submit("Place Order", choice);
}

const orderRow = (id: string) =>
  dbOf(server).get<Record<string, number | string | null>>(
    "select payment_method, subtotal, prepaid_discount, shipping, cod_fee, grand_total from orders where id = ?",
    id,
  );

async function invoiceText(b: PlainBrowser, orderId: string) {
  await b.open("/orders");
  const [href] = b.links("Download invoice", `#order-${orderId}`);
  const res = await b.api(href!);
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

test("a UPI order saves the prepaid discount to the paisa, through its tax invoice; a COD order pays the fee everywhere", async ({
  uniqueEmail,
}) => {
  const { b, product } = await shopper(uniqueEmail());
  const goods = 2 * product.price;
  // 5 % of the goods, halves up; the COD order must stay under the limit.
  const discount = Math.floor((goods * 5 + 50) / 100);
  expect(goods + 4900 + 3000).toBeLessThanOrEqual(COD_MAX_RUPEES * 100);

  // ---- UPI: the cart says what it saves, the checkout offers it, the order stores it.
  await addToCart(b, product._id, 2);
  await b.open("/cart");
  expect(summary(b)).toContain(`Cash on delivery fee${inr(3000)}`);
  expect(summary(b)).toContain(`Total${inr(goods + 4900 + 3000)}`);
  expect(summary(b)).toContain(`Pay by UPI at checkout and save ${inr(discount)}.`);
  await fillAddress(b);
  expect(b.text()).toContain(`Save ${inr(discount)} with UPI`);
  expect(summary(b)).toContain(`UPI discount−${inr(discount)}`);
  await placeOrder(b, "Pay by UPI");
  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  const upiId = new URL(b.current().url).searchParams.get("o")!;
  expect(summary(b)).toContain(`UPI discount−${inr(discount)}`);
  expect(await orderRow(upiId)).toEqual({
    payment_method: "UPI",
    subtotal: goods,
    prepaid_discount: discount,
    shipping: 4900,
    cod_fee: 0,
    grand_total: goods - discount + 4900,
  });

  // Its tax invoice: one line, whose taxable value is on the discounted amount, adding up.
  const upiInvoice = await invoiceText(b, upiId);
  const line = goods - discount;
  const [lineTaxable, shipTaxable] = [taxable12(line), taxable12(4900)];
  for (const part of [
    "Tax Invoice",
    `Discount −${inr(discount)}`,
    `2 ${inr(product.price)} ${inr(lineTaxable)} ${inr(line - lineTaxable)} ${inr(line)}`,
    `Shipping 1 ${inr(4900)} ${inr(shipTaxable)} ${inr(4900 - shipTaxable)} ${inr(4900)}`,
    `Taxable value ${inr(lineTaxable + shipTaxable)}`,
    `Grand total ${inr(goods - discount + 4900)}`,
    "Payment method: UPI",
  ])
    expect(upiInvoice).toContain(part);

  // ---- COD: the fee in cart, checkout, thank-you, the order row and the invoice.
  await addToCart(b, product._id, 2);
  await fillAddress(b);
  expect("checked" in radio(b, "Cash on delivery")).toBe(true);
  expect(summary(b)).toContain(`Cash on delivery fee${inr(3000)}`);
  await placeOrder(b);
  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  const codId = new URL(b.current().url).searchParams.get("o")!;
  expect(summary(b)).toContain(`Cash on delivery fee${inr(3000)}`);
  expect(summary(b)).toContain(`Total${inr(goods + 4900 + 3000)}`);
  expect(await orderRow(codId)).toEqual({
    payment_method: "COD",
    subtotal: goods,
    prepaid_discount: 0,
    shipping: 4900,
    cod_fee: 3000,
    grand_total: goods + 4900 + 3000,
  });
  const codInvoice = await invoiceText(b, codId);
  const feeTaxable = taxable12(3000);
  expect(codInvoice).toContain("Tax Invoice");
  expect(codInvoice).toContain(`Cash on delivery fee 1 ${inr(3000)} ${inr(feeTaxable)} ${inr(3000 - feeTaxable)}`);
  expect(codInvoice).toContain(`Grand total ${inr(goods + 4900 + 3000)}`);
  expect(codInvoice).not.toContain("Discount");
});

test("over COD_MAX_RUPEES cash on delivery is disabled, and a forged COD post or API order is refused", async ({
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const { b, product } = await shopper(email);
  const qty = Math.floor((COD_MAX_RUPEES * 100) / product.price) + 1;
  const message = `Cash on delivery is available for orders up to ${inr(COD_MAX_RUPEES * 100)}. Please pay by UPI for this order.`;
  await addToCart(b, product._id, qty);
  await fillAddress(b);
  expect("disabled" in radio(b, "Cash on delivery")).toBe(true);
  expect("checked" in radio(b, "Pay by UPI")).toBe(true);
  expect(b.text()).toContain(`Cash on delivery up to ${inr(COD_MAX_RUPEES * 100)}`);

  // A forged post: cash on delivery sent anyway, as a hand-made form would send it.
  await placeOrder(b, "Cash on delivery");
  expect([400, 409]).toContain(b.hops[0]);
  expect(b.text()).toContain(message);
  expect(where(b)).toMatch(/\/checkout/);
  expect(b.valueByLabel("Address")).toBe("12, 4th Cross, Indiranagar");
  const owner = await dbOf(server).get<{ id: string }>("select id from users where email = ?", email.toLowerCase());
  const count = async () =>
    (await dbOf(server).get<{ n: number }>("select count(*) as n from orders where user_id = ?", owner!.id))!.n;
  expect(Number(await count())).toBe(0);

  // The JSON door: cash on delivery (its default) over the limit is a 400 with the same message.
  const api = await b.api("/api/orders", {
    contact: { name: "Kavya Rao", email: "kavya@example.com", phone: "9876543210" },
    shippingAddress: { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" },
    items: [{ product: product._id, qty }],
  });
  expect(api.status).toBe(400);
  expect(await api.text()).toContain(message);
  expect(Number(await count())).toBe(0);
});
