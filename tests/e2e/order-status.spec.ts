import { TRACKING_INVALID } from "../../app/lib/order-schema";
import { ADMIN } from "../playwright.config";
import { expect, newProduct, queryOne, test, toaster } from "./support/fixtures";
import { mailsTo, waitForMail } from "./support/mail";

// Issue #23: the admin marks an order Shipped with a courier and tracking number on the order's
// page (JS off and on); the customer sees them in My Orders and gets the Shipped mail, then the
// Delivered one. The JSON door takes the same two fields.

// JS off, the page test runs over HTTP in tests/request/order-status.spec.ts (issue #51).
const OVER_HTTP = "JS off: tests/request/order-status.spec.ts drives the same forms over HTTP";

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
  page,
  goto,
  playwright,
  baseURL,
  uniqueEmail,
  browser,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const email = uniqueEmail();
  const { orderId, customer } = await orderOf(playwright, baseURL!, email, `Ship test ${Date.now()} ${jsEnabled}`);
  const number = `#${orderId.slice(-6)}`;
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);

  await goto(`/admin/orders/${orderId}`);
  // A malformed tracking number is refused and changes nothing.
  await page.getByLabel("Courier (optional)").fill("Blue Dart");
  await page.getByLabel("Tracking number (optional)").fill("<b>12</b>");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(page.getByText(TRACKING_INVALID)).toBeVisible();
  expect(await queryOne("select status, courier from orders where id = ?", orderId)).toEqual({
    status: "Placed",
    courier: null,
  });

  await page.getByLabel("Tracking number (optional)").fill("BD 7788-991");
  await page.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(toaster(page)).toContainText("Order marked Shipped");
  await expect(page.locator(".shipment")).toHaveText("Courier: Blue Dart · Tracking number: BD 7788-991");
  // Now a shipped order: the form only saves details.
  await expect(page.getByRole("button", { name: "Save shipping details" })).toBeVisible();
  expect(await queryOne("select status, courier, tracking_number from orders where id = ?", orderId)).toEqual({
    status: "Shipped",
    courier: "Blue Dart",
    tracking_number: "BD 7788-991",
  });

  const shipped = await waitForMail(email, "is on its way");
  expect(shipped.subject).toBe(`Your order ${number} is on its way`);
  expect(shipped.text).toContain("Courier: Blue Dart\nTracking number: BD 7788-991");

  // The customer, in a browser of their own, sees it in My Orders.
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    storageState: await customer.storageState(),
  });
  const mine = await context.newPage();
  await mine.goto(`/orders`);
  const card = mine.locator(`#order-${orderId}`);
  await expect(card).toContainText("Shipped");
  await expect(card.locator(".shipment")).toHaveText("Courier: Blue Dart · Tracking number: BD 7788-991");
  await context.close();

  await goto("/admin/orders");
  await page
    .locator(`#order-${orderId}`)
    .getByRole("button", { name: /Mark Delivered/ })
    .click();
  await expect(toaster(page)).toContainText("Order updated");
  const delivered = await waitForMail(email, "was delivered");
  expect(delivered.subject).toBe(`Your order ${number} was delivered`);
  // One mail per change: still one Shipped mail.
  expect(await mailsTo(email, "is on its way")).toHaveLength(1);
  await customer.dispose();
});

test("PUT /api/orders/:id takes courier and trackingNumber; a bad one is a 400 that changes nothing", async ({
  playwright,
  baseURL,
  uniqueEmail,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the JSON door is the same with JS off");
  const email = uniqueEmail();
  const { orderId, customer } = await orderOf(playwright, baseURL!, email, `API ship test ${Date.now()}`);
  await customer.dispose();
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);

  const bad = await admin.put(`/api/orders/${orderId}`, { data: { status: "Shipped", trackingNumber: "a\nb" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ message: TRACKING_INVALID });
  expect(await queryOne("select status from orders where id = ?", orderId)).toEqual({ status: "Placed" });

  const res = await admin.put(`/api/orders/${orderId}`, {
    data: { status: "Shipped", courier: "India Post", trackingNumber: "EE123456789IN" },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: "Shipped", courier: "India Post", trackingNumber: "EE123456789IN" });
  const mail = await waitForMail(email, "is on its way");
  expect(mail.text).toContain("Courier: India Post\nTracking number: EE123456789IN");
  await admin.dispose();
});
