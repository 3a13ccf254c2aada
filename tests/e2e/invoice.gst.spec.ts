import { pdfText } from "../support/pdf-text";
import { expect, test } from "./support/fixtures";
import { dbOf } from "./support/server";
import { GSTIN, sharedServer } from "./support/shared-servers";

// Issue #22: a shop with SHOP_GSTIN set gives its customers GST tax invoices from My Orders, with
// JS off and on. The server with the GST settings that the GST specs share (shared-servers.ts).
const server = sharedServer("gst");

// JS off, both tests are tests/request/invoice.gst.spec.ts's, over HTTP (issue #51): no server for that project.
const OVER_HTTP = "JS off: tests/request/invoice.gst.spec.ts drives the same forms over HTTP";

test("a GST shop's invoice from My Orders is a tax invoice with its tax lines", async ({
  jsEnabled,
  page,
  uniqueEmail,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const { url } = server;
  const reg = await page.request.post(`${url}/api/auth/register`, {
    data: { name: "अनन्या राव", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
  });
  expect(reg.status()).toBe(201);
  const list = await (await page.request.get(`${url}/api/products?limit=2&sort=price&order=asc`)).json();
  const [a, b] = list.items as { _id: string; price: number }[];
  const placed = await page.request.post(`${url}/api/orders`, {
    data: {
      contact: { name: "अनन्या राव", email: "ananya@example.com", phone: "9876543210" },
      shippingAddress: { address: "ಮನೆ 21, ಇಂದಿರಾನಗರ", city: "Bengaluru", state: "Karnataka", pin: "560038" },
      items: [
        { product: a!._id, qty: 2 },
        { product: b!._id, qty: 1 },
      ],
      paymentMethod: "COD",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { _id: string })._id;

  await page.goto(`${url}/orders`);
  const link = page.locator(`#order-${id}`).getByRole("link", { name: "Download invoice" });
  const res = await page.request.get(new URL((await link.getAttribute("href"))!, url).href);
  expect(res.status()).toBe(200);
  const text = await pdfText(await res.body());
  const grand = 2 * a!.price + b!.price + 49;
  const inr = (r: number) => `₹${r.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  for (const part of [
    "Tax Invoice",
    `GSTIN: ${GSTIN}`,
    "Place of supply: Karnataka (29)",
    "HSN 3406",
    "CGST @ 6%",
    "SGST @ 6%",
    `Grand total ${inr(grand)}`,
    "Amount in words: Rupees",
    "अनन्या राव",
  ])
    expect(text).toContain(part);
  // Its number is this financial year's, and its rate the one in force, both stored when it was placed.
  const row = await dbOf(server).get<{ invoice_number: string; gst_rate_bp: number }>(
    "select invoice_number, gst_rate_bp from orders where id = ?",
    id,
  );
  expect(row!.gst_rate_bp).toBe(1200);
  expect(row!.invoice_number).toMatch(/^RK\/\d\d-\d\d\/\d{6}$/);
  expect(text).toContain(`Invoice no. ${row!.invoice_number}`);
});

// Issue #34: the place of supply is the PIN's state, whatever state was typed.
test("PIN 110001 with the state typed as Karnataka: a Karnataka shop's invoice says Delhi and IGST", async ({
  jsEnabled,
  page,
  uniqueEmail,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const { url } = server;
  const reg = await page.request.post(`${url}/api/auth/register`, {
    data: { name: "Ravi Kumar", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
  });
  expect(reg.status()).toBe(201);
  const list = await (await page.request.get(`${url}/api/products?limit=1&sort=price&order=asc`)).json();
  const [a] = list.items as { _id: string }[];
  const placed = await page.request.post(`${url}/api/orders`, {
    data: {
      contact: { name: "Ravi Kumar", email: "ravi@example.com", phone: "9876543210" },
      shippingAddress: { address: "1 Janpath", city: "New Delhi", state: "Karnataka", pin: "110001" },
      items: [{ product: a!._id, qty: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { _id: string })._id;
  const res = await page.request.get(`${url}/api/orders/${id}/invoice`);
  expect(res.status()).toBe(200);
  const text = await pdfText(await res.body());
  expect(text).toContain("Place of supply: Delhi (07)");
  expect(text).toContain("IGST @ 12%");
  expect(text).not.toContain("CGST");
});
