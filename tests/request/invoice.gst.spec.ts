// tests/e2e/invoice.gst.spec.ts's JS-off half, over HTTP (issue #51): a shop with SHOP_GSTIN set gives
// its customers GST tax invoices from My Orders, on the server with the GST settings that the GST
// specs share (shared-servers.ts).
import { dbOf } from "../e2e/support/server";
import { GSTIN, sharedServer } from "../e2e/support/shared-servers";
import { pdfText } from "../support/pdf-text";
import { expect, PlainBrowser, test } from "./support/fixtures";

const server = sharedServer("gst");

test("a GST shop's invoice from My Orders is a tax invoice with its tax lines", async ({ uniqueEmail }) => {
  const b = new PlainBrowser(server.url);
  const reg = await b.api("/api/auth/register", {
    name: "अनन्या राव",
    email: uniqueEmail(),
    password: "secret12",
    phone: "9876543210",
  });
  expect(reg.status).toBe(201);
  const list = (await (await b.api("/api/products?limit=2&sort=price&order=asc")).json()) as {
    items: { _id: string; price: number }[];
  };
  const [a, c] = list.items;
  const placed = await b.api("/api/orders", {
    contact: { name: "अनन्या राव", email: "ananya@example.com", phone: "9876543210" },
    shippingAddress: { address: "ಮನೆ 21, ಇಂದಿರಾನಗರ", city: "Bengaluru", state: "Karnataka", pin: "560038" },
    items: [
      { product: a!._id, qty: 2 },
      { product: c!._id, qty: 1 },
    ],
    paymentMethod: "COD",
  });
  const body = await placed.text();
  expect(placed.status, body).toBe(201);
  const id = (JSON.parse(body) as { _id: string })._id;

  await b.open("/orders");
  const [href] = b.links("Download invoice", `#order-${id}`);
  const res = await b.api(href!);
  expect(res.status).toBe(200);
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));
  const grand = 2 * a!.price + c!.price + 49;
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
  uniqueEmail,
}) => {
  const b = new PlainBrowser(server.url);
  const reg = await b.api("/api/auth/register", {
    name: "Ravi Kumar",
    email: uniqueEmail(),
    password: "secret12",
    phone: "9876543210",
  });
  expect(reg.status).toBe(201);
  const list = (await (await b.api("/api/products?limit=1&sort=price&order=asc")).json()) as {
    items: { _id: string }[];
  };
  const [a] = list.items;
  const placed = await b.api("/api/orders", {
    contact: { name: "Ravi Kumar", email: "ravi@example.com", phone: "9876543210" },
    shippingAddress: { address: "1 Janpath", city: "New Delhi", state: "Karnataka", pin: "110001" },
    items: [{ product: a!._id, qty: 1 }],
  });
  const body = await placed.text();
  expect(placed.status, body).toBe(201);
  const id = (JSON.parse(body) as { _id: string })._id;
  const res = await b.api(`/api/orders/${id}/invoice`);
  expect(res.status).toBe(200);
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));
  expect(text).toContain("Place of supply: Delhi (07)");
  expect(text).toContain("IGST @ 12%");
  expect(text).not.toContain("CGST");
});
