import type { Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import { expect, test, toaster } from "./support/fixtures";
import { opener, registerOn } from "./support/own-server";
import { dbOf, runsHere, startServer, type TestServer } from "./support/server";
import { GST_SETTINGS } from "./support/shared-servers";

// Issue #38's money rules through the checkout, JS off and on: the prepaid (UPI) discount to the
// paisa through the GST tax invoice, the cash-on-delivery fee on every page and the invoice, and
// the COD limit. A server of its own with the settings (and GST, as invoice.gst.spec.ts sets it).
const COD_MAX_RUPEES = 1000;

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

let server: TestServer;

// JS off, both tests are tests/request/money-rules.spec.ts's, over HTTP (issue #51): no server for that project.
const OVER_HTTP = "JS off: tests/request/money-rules.spec.ts drives the same forms over HTTP";

test.beforeAll(async ({}, testInfo) => {
  if (!runsHere(testInfo)) return;
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

const open = (page: Page, jsEnabled: boolean, path: string) => opener(server, jsEnabled)(page, path);

/** A new customer, logged in (the page shares the request's cookies), and the cheapest product. */
async function shopper(page: Page, email: string) {
  await registerOn(server, page, email, "Kavya Rao");
  const list = await (await page.request.get(`${server.url}/api/products?limit=1&sort=price&order=asc`)).json();
  const [product] = list.items as { _id: string; name: string; price: number }[];
  return { ...product!, price: Math.round(product!.price * 100) };
}

async function addToCart(page: Page, jsEnabled: boolean, productId: string, qty: number) {
  await open(page, jsEnabled, `/product/${productId}`);
  await page.getByLabel("Quantity").fill(String(qty));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");
}

/** The checkout's address, PIN 560001 (Karnataka: the seller's state), city and state from it. */
async function fillAddress(page: Page, jsEnabled: boolean) {
  await open(page, jsEnabled, "/checkout");
  await page.getByLabel("Address").fill("12, 4th Cross, Indiranagar");
  await page.getByLabel("PIN").fill("560001");
  if (!jsEnabled) await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByLabel("State")).toHaveValue("Karnataka");
}

const summary = (page: Page) => page.locator(".summary");
const orderRow = (id: string) =>
  dbOf(server).get<Record<string, number | string | null>>(
    "select payment_method, subtotal, prepaid_discount, shipping, cod_fee, grand_total from orders where id = ?",
    id,
  );

async function invoiceText(page: Page, jsEnabled: boolean, orderId: string) {
  await open(page, jsEnabled, "/orders");
  const link = page.locator(`#order-${orderId}`).getByRole("link", { name: "Download invoice" });
  const res = await page.request.get(new URL((await link.getAttribute("href"))!, server.url).href);
  expect(res.status()).toBe(200);
  return pdfText(await res.body());
}

test("a UPI order saves the prepaid discount to the paisa, through its tax invoice; a COD order pays the fee everywhere", async ({
  page,
  jsEnabled,
  uniqueEmail,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const product = await shopper(page, uniqueEmail());
  const goods = 2 * product.price;
  // 5 % of the goods, halves up; the COD order must stay under the limit.
  const discount = Math.floor((goods * 5 + 50) / 100);
  expect(goods + 4900 + 3000).toBeLessThanOrEqual(COD_MAX_RUPEES * 100);

  // ---- UPI: the cart says what it saves, the checkout offers it, the order stores it.
  await addToCart(page, jsEnabled, product._id, 2);
  await open(page, jsEnabled, "/cart");
  await expect(summary(page)).toContainText(`Cash on delivery fee${inr(3000)}`);
  await expect(summary(page)).toContainText(`Total${inr(goods + 4900 + 3000)}`);
  await expect(summary(page)).toContainText(`Pay by UPI at checkout and save ${inr(discount)}.`);
  await fillAddress(page, jsEnabled);
  await expect(page.getByText(`Save ${inr(discount)} with UPI`)).toBeVisible();
  await page.getByRole("radio", { name: "Pay by UPI" }).check();
  await expect(summary(page)).toContainText(`UPI discount−${inr(discount)}`);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/thank-you\?o=[0-9a-f]{24}$/);
  const upiId = new URL(page.url()).searchParams.get("o")!;
  await expect(page.locator(".summary")).toContainText(`UPI discount−${inr(discount)}`);
  expect(await orderRow(upiId)).toEqual({
    payment_method: "UPI",
    subtotal: goods,
    prepaid_discount: discount,
    shipping: 4900,
    cod_fee: 0,
    grand_total: goods - discount + 4900,
  });

  // Its tax invoice: one line, whose taxable value is on the discounted amount, adding up.
  const upiInvoice = await invoiceText(page, jsEnabled, upiId);
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
  await addToCart(page, jsEnabled, product._id, 2);
  await fillAddress(page, jsEnabled);
  await expect(page.getByRole("radio", { name: "Cash on delivery" })).toBeChecked();
  await expect(summary(page)).toContainText(`Cash on delivery fee${inr(3000)}`);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/thank-you\?o=[0-9a-f]{24}$/);
  const codId = new URL(page.url()).searchParams.get("o")!;
  await expect(page.locator(".summary")).toContainText(`Cash on delivery fee${inr(3000)}`);
  await expect(page.locator(".summary")).toContainText(`Total${inr(goods + 4900 + 3000)}`);
  expect(await orderRow(codId)).toEqual({
    payment_method: "COD",
    subtotal: goods,
    prepaid_discount: 0,
    shipping: 4900,
    cod_fee: 3000,
    grand_total: goods + 4900 + 3000,
  });
  const codInvoice = await invoiceText(page, jsEnabled, codId);
  const feeTaxable = taxable12(3000);
  expect(codInvoice).toContain("Tax Invoice");
  expect(codInvoice).toContain(`Cash on delivery fee 1 ${inr(3000)} ${inr(feeTaxable)} ${inr(3000 - feeTaxable)}`);
  expect(codInvoice).toContain(`Grand total ${inr(goods + 4900 + 3000)}`);
  expect(codInvoice).not.toContain("Discount");
});

test("over COD_MAX_RUPEES cash on delivery is disabled, and a forged COD post or API order is refused", async ({
  page,
  jsEnabled,
  uniqueEmail,
}) => {
  // The refusal is the server's, the disabled choice plain HTML: once, without JS.
  test.skip(!jsEnabled, OVER_HTTP);
  test.skip(jsEnabled, "the server's refusal and plain HTML: once, without JS");
  const email = uniqueEmail();
  const product = await shopper(page, email);
  const qty = Math.floor((COD_MAX_RUPEES * 100) / product.price) + 1;
  const message = `Cash on delivery is available for orders up to ${inr(COD_MAX_RUPEES * 100)}. Please pay by UPI for this order.`;
  await addToCart(page, jsEnabled, product._id, qty);
  await fillAddress(page, jsEnabled);
  const cod = page.getByRole("radio", { name: "Cash on delivery" });
  await expect(cod).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Pay by UPI" })).toBeChecked();
  await expect(page.getByText(`Cash on delivery up to ${inr(COD_MAX_RUPEES * 100)}`)).toBeVisible();

  // A forged post: the radio enabled and checked in the page, as a hand-made form would send it.
  await cod.evaluate((el: HTMLInputElement) => {
    el.disabled = false;
    el.checked = true;
  });
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/checkout"));
  await page.getByRole("button", { name: "Place Order" }).click();
  expect([400, 409]).toContain((await answer).status());
  await expect(page.getByText(message)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByLabel("Address")).toHaveValue("12, 4th Cross, Indiranagar");
  const owner = await dbOf(server).get<{ id: string }>("select id from users where email = ?", email.toLowerCase());
  const count = async () =>
    (await dbOf(server).get<{ n: number }>("select count(*) as n from orders where user_id = ?", owner!.id))!.n;
  expect(Number(await count())).toBe(0);

  // The JSON door: cash on delivery (its default) over the limit is a 400 with the same message.
  const api = await page.request.post(`${server.url}/api/orders`, {
    data: {
      contact: { name: "Kavya Rao", email: "kavya@example.com", phone: "9876543210" },
      shippingAddress: { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" },
      items: [{ product: product._id, qty }],
    },
  });
  expect(api.status()).toBe(400);
  expect(await api.text()).toContain(message);
  expect(Number(await count())).toBe(0);
});
