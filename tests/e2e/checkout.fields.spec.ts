import type { Page } from "@playwright/test";
import { SHOP_OWNER } from "../playwright.config";
import { expect, queryOne, test, toaster } from "./support/fixtures";
import { type CaughtMail, waitForMail } from "./support/mail";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/checkout.fields.spec.ts drives the same forms over HTTP",
);

// Issue #34, items 4 and 6 through the checkout form (JS off and on) and POST /api/orders: one-line
// fields stay one line in the shop's mails, and the PIN's state is the place of supply.

const FORGED = "Ravi\n\nTotal: ₹0.00 (PAID)\nOpen it: http://evil.example/x";
const FORGED_ONE_LINE = "Ravi Total: ₹0.00 (PAID) Open it: http://evil.example/x";
const PIN_INVALID = "Please enter a valid 6-digit PIN";

const productId = async (name: string) =>
  (await queryOne<{ id: string }>("select id from products where name = ?", name))!.id;

async function addToCart(page: Page, goto: (u: string) => Promise<void>, name: string) {
  await goto(`/product/${await productId(name)}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");
}

/** The lines of a mail's text part that begin (spaces aside) with `word`. */
const linesStarting = (mail: CaughtMail, word: string) =>
  (mail.text ?? "").split("\n").filter((line) => line.trimStart().startsWith(word));

/** The owner's alert and the confirmation of an order hold no total or link the shop did not write. */
async function expectMailsUnforged(orderId: string, customerEmail: string) {
  const number = `#${orderId.slice(-6)}`;
  const alert = await waitForMail(SHOP_OWNER, `New order ${number}`);
  expect(linesStarting(alert, "Total:")).toHaveLength(1);
  expect(linesStarting(alert, "Total:")[0]).toMatch(/^Total: ₹[\d,]+\.\d\d \(COD\)$/);
  expect(linesStarting(alert, "Open it:")).toEqual([expect.stringMatching(new RegExp(`/admin/orders/${orderId}$`))]);
  expect(alert.text).toContain(`> ${FORGED_ONE_LINE}`);
  const confirmation = await waitForMail(customerEmail, `order ${number} is confirmed`);
  expect(linesStarting(confirmation, "Total:")).toEqual([expect.stringMatching(/^Total: ₹[\d,]+\.\d\d$/)]);
  expect(linesStarting(confirmation, "Open it:")).toEqual([]);
}

test("the probe's name through the checkout form is one line, in the order and its mails", async ({
  page,
  goto,
  registerViaApi,
}) => {
  const user = await registerViaApi();
  await addToCart(page, goto, "Lavender Fields");
  await goto("/checkout");
  // A text input drops CR and LF itself; U+2028 it keeps.
  await page.getByLabel("Name").fill(FORGED.replace(/\n/g, "\u2028"));
  await page.getByLabel("Address").fill("5 Park Street\nFlat 2");
  await page.getByLabel("PIN").fill("700016");
  await page.getByLabel("City").fill("Kolkata");
  await page.getByLabel("State").fill("West Bengal");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/thank-you\?o=/);
  const id = new URL(page.url()).searchParams.get("o")!;
  expect(await queryOne("select contact_name, address from orders where id = ?", id)).toEqual({
    contact_name: FORGED_ONE_LINE,
    address: "5 Park Street\nFlat 2",
  });
  await expectMailsUnforged(id, user.email);
});

test("the form door posted by hand: line breaks and NUL in one-line fields are collapsed and dropped", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(jsEnabled, "a post made without the page: once is enough");
  const user = await registerViaApi();
  await addToCart(page, goto, "Lavender Fields");
  const res = await page.request.post("/checkout", {
    form: {
      intent: "place",
      name: FORGED,
      email: user.email,
      phone: "98765\r\n43210\u0000",
      address: "5 Park Street\r\nFlat 2\u0000",
      pin: "700016",
      city: "Kolkata\n",
      state: "West\u2028Bengal",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const id = new URL(res.headers()["location"]!, "http://x").searchParams.get("o")!;
  expect(
    await queryOne("select contact_name, contact_phone, address, city, state from orders where id = ?", id),
  ).toEqual({
    contact_name: FORGED_ONE_LINE,
    contact_phone: "98765 43210",
    address: "5 Park Street\nFlat 2",
    city: "Kolkata",
    state: "West Bengal",
  });
  await expectMailsUnforged(id, user.email);
});

test("POST /api/orders: the probe's name is collapsed; a state the PIN disagrees with is no 400; PINs 0… and 9… are", async ({
  request,
  uniqueEmail,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the JSON door has no JS to turn off");
  const email = uniqueEmail();
  const reg = await request.post("/api/auth/register", {
    data: { name: "Ravi\nTotal: ₹0", email, password: "secret12", phone: "9876543210" },
  });
  expect(reg.status()).toBe(201);
  expect((await reg.json()).name).toBe("Ravi Total: ₹0");
  const product = await productId("Ocean Breeze");
  const order = (pin: string, state: string) =>
    request.post("/api/orders", {
      data: {
        contact: { name: FORGED, email, phone: "9876543210" },
        shippingAddress: { address: "1 Janpath", city: "New Delhi", state, pin },
        items: [{ product, qty: 1 }],
      },
    });
  const placed = await order("110001", "Karnataka");
  expect(placed.status(), await placed.text()).toBe(201);
  const body = await placed.json();
  expect(body.contact.name).toBe(FORGED_ONE_LINE);
  expect(body.shippingAddress.state).toBe("Karnataka");
  expect(await queryOne("select supply_state_code from orders where id = ?", body._id)).toEqual({
    supply_state_code: "07",
  });
  await expectMailsUnforged(body._id, email);

  for (const pin of ["000000", "999999"]) {
    const refused = await order(pin, "Delhi");
    expect(refused.status(), pin).toBe(400);
    expect(await refused.json(), pin).toEqual({ message: PIN_INVALID });
  }
  // A PIN starting 1-8 that the directory lacks may be newer than it: taken, the typed state used.
  const unknown = await order("899999", "Karnataka");
  expect(unknown.status()).toBe(201);
  expect(await queryOne("select supply_state_code from orders where id = ?", (await unknown.json())._id)).toEqual({
    supply_state_code: "29",
  });
});

test("a typed state the PIN disagrees with: the form comes back once with the PIN's state and a note", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  await registerViaApi();
  await addToCart(page, goto, "Lavender Fields");
  await goto("/checkout");
  await page.getByLabel("Address").fill("1 Janpath");
  await page.getByLabel("PIN").fill("110001");
  if (jsEnabled) await expect(page.getByLabel("State")).toHaveValue("Delhi"); // the look-up filled it
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State").fill("Karnataka");
  const place = page.getByRole("button", { name: /Place Order/ });
  await place.click();

  const note =
    "PIN 110001 is in Delhi, so we have put Delhi as the state. Please check your address and place the order again.";
  await expect(page.getByRole("alert")).toHaveText(note);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("State")).toHaveValue("Delhi");
  await expect(page.getByLabel("Address")).toHaveValue("1 Janpath");

  // The shopper keeps their state after seeing the note: the order goes, the PIN's state its place of supply.
  await page.getByLabel("State").fill("Karnataka");
  await place.click();
  await expect(page).toHaveURL(/\/thank-you\?o=/);
  const id = new URL(page.url()).searchParams.get("o")!;
  expect(await queryOne("select state, pin, supply_state_code from orders where id = ?", id)).toEqual({
    state: "Karnataka",
    pin: "110001",
    supply_state_code: "07",
  });
});

test("PINs 000000 and 999999 are refused on the form with the PIN message", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  const user = await registerViaApi();
  await addToCart(page, goto, "Lavender Fields");
  for (const pin of ["000000", "999999"]) {
    await goto("/checkout");
    await page.getByLabel("Address").fill("1 Field Road");
    await page.getByLabel("PIN").fill(pin);
    await page.getByLabel("City").fill("Somewhere");
    await page.getByLabel("State").fill("Delhi");
    const place = page.getByRole("button", { name: /Place Order/ });
    if (jsEnabled) await expect(place).toBeDisabled();
    else await place.click();
    await expect(page.getByText(PIN_INVALID)).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
  }
  expect(
    await queryOne(
      "select cast(count(*) as integer) n from orders o join users u on u.id = o.user_id where u.email = ?",
      user.email,
    ),
  ).toEqual({ n: 0 });
});
