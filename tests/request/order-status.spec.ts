// tests/e2e/order-status.spec.ts's JS-off half, over HTTP (issue #51): the admin marks an order
// Shipped with a courier and tracking number on the order's page (a malformed number refused
// first); the customer sees them in My Orders and gets the Shipped mail, then the Delivered one.
// The JSON door's test runs once, in the browser spec's JS-on project.
import { TRACKING_INVALID } from "../../app/lib/order-schema";
import { mailsTo, waitForMail } from "../e2e/support/mail";
import { ADMIN } from "../playwright.config";
import { expect, labelled, newProduct, PlainBrowser, queryOne, test, TOASTER } from "./support/fixtures";

async function orderOf(
  playwright: Parameters<typeof newProduct>[0],
  baseURL: string,
  email: string,
  name: string,
): Promise<{ orderId: string; customer: Awaited<ReturnType<typeof playwright.request.newContext>> }> {
  const product = await newProduct(playwright, baseURL, { name, stock: 5 });
  const customer = await playwright.request.newContext({ baseURL });
  await customer.post("/api/auth/register", {
    data: { name: "Kavya Menon", email, password: "secret12", phone: "9876543210" },
  });
  const placed = await customer.post("/api/orders", {
    data: {
      contact: { name: "Kavya Menon", email, phone: "9876543210" },
      shippingAddress: { address: "4 Beach Road", city: "Kochi", state: "Kerala", pin: "682001" },
      items: [{ product, qty: 1 }],
    },
  });
  expect(placed.status()).toBe(201);
  return { orderId: ((await placed.json()) as { _id: string })._id, customer };
}

test("Mark Shipped with courier and tracking: shown to the customer and mailed; Delivered mailed too", async ({
  plain: b,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const { orderId, customer } = await orderOf(playwright, baseURL!, email, `Ship test ${Date.now()} false`);
  const number = `#${orderId.slice(-6)}`;
  expect((await b.api("/api/auth/login", ADMIN)).status).toBe(200);

  await b.open(`/admin/orders/${orderId}`);
  // A malformed tracking number is refused and changes nothing.
  await b.submit(
    "Mark Shipped",
    labelled(b, { "Courier (optional)": "Blue Dart", "Tracking number (optional)": "<b>12</b>" }),
  );
  expect(b.text()).toContain(TRACKING_INVALID);
  expect(await queryOne("select status, courier from orders where id = ?", orderId)).toEqual({
    status: "Placed",
    courier: null,
  });

  await b.submit("Mark Shipped", labelled(b, { "Tracking number (optional)": "BD 7788-991" }));
  expect(b.text(TOASTER)).toContain("Order marked Shipped");
  expect(b.texts(".shipment")).toEqual(["Courier: Blue Dart · Tracking number: BD 7788-991"]);
  // Now a shipped order: the form only saves details.
  expect(b.texts("button")).toContain("Save shipping details");
  expect(await queryOne("select status, courier, tracking_number from orders where id = ?", orderId)).toEqual({
    status: "Shipped",
    courier: "Blue Dart",
    tracking_number: "BD 7788-991",
  });

  const shipped = await waitForMail(email, "is on its way");
  expect(shipped.subject).toBe(`Your order ${number} is on its way`);
  expect(shipped.text).toContain("Courier: Blue Dart\nTracking number: BD 7788-991");

  // The customer, in a browser of their own, sees it in My Orders.
  const mine = new PlainBrowser(baseURL!);
  for (const c of (await customer.storageState()).cookies) mine.cookies.set(c.name, c.value);
  await mine.open("/orders");
  const card = `#order-${orderId}`;
  expect(mine.text(card)).toContain("Shipped");
  expect(mine.texts(`${card} .shipment`)).toEqual(["Courier: Blue Dart · Tracking number: BD 7788-991"]);

  await b.open("/admin/orders");
  await b.submit(`Mark Delivered (order ${number})`);
  expect(b.text(TOASTER)).toContain("Order updated");
  const delivered = await waitForMail(email, "was delivered");
  expect(delivered.subject).toBe(`Your order ${number} was delivered`);
  // One mail per change: still one Shipped mail.
  expect(await mailsTo(email, "is on its way")).toHaveLength(1);
  await customer.dispose();
});
