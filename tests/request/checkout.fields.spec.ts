// tests/e2e/checkout.fields.spec.ts's JS-off half, over HTTP (issue #34, issue #51): one-line fields
// typed into the checkout form, or posted to it by hand, stay one line in the order and the shop's
// mails; the PIN's state is the place of supply, and a PIN no state has is refused on the form.
import { type CaughtMail, waitForMail } from "../e2e/support/mail";
import { SHOP_OWNER } from "../playwright.config";
import { expect, labelled, type PlainBrowser, queryOne, test, TOASTER, where } from "./support/fixtures";

const FORGED = "Ravi\n\nTotal: ₹0.00 (PAID)\nOpen it: http://evil.example/x";
const FORGED_ONE_LINE = "Ravi Total: ₹0.00 (PAID) Open it: http://evil.example/x";
const PIN_INVALID = "Please enter a valid 6-digit PIN";
const PLACE_ORDER = "Place Order (Cash on Delivery)";

const productId = async (name: string) =>
  (await queryOne<{ id: string }>("select id from products where name = ?", name))!.id;

async function addToCart(b: PlainBrowser, name: string) {
  await b.open(`/product/${await productId(name)}`);
  await b.submit("Add to Cart");
  expect(b.text(TOASTER)).toContain("Added to cart");
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
  plain: b,
  registerViaApi,
}) => {
  const user = await registerViaApi();
  await addToCart(b, "Lavender Fields");
  await b.open("/checkout");
  // A text input drops CR and LF itself; U+2028 it keeps. A textarea's line break is sent as CRLF.
  await b.submit(
    PLACE_ORDER,
    labelled(b, {
      Name: FORGED.replace(/\n/g, "\u2028"),
      Address: "5 Park Street\r\nFlat 2",
      PIN: "700016",
      City: "Kolkata",
      State: "West Bengal",
    }),
  );
  expect(where(b)).toMatch(/\/thank-you\?o=/);
  const id = new URL(b.current().url).searchParams.get("o")!;
  expect(await queryOne("select contact_name, address from orders where id = ?", id)).toEqual({
    contact_name: FORGED_ONE_LINE,
    address: "5 Park Street\nFlat 2",
  });
  await expectMailsUnforged(id, user.email);
});

test("the form door posted by hand: line breaks and NUL in one-line fields are collapsed and dropped", async ({
  plain: b,
  registerViaApi,
}) => {
  const user = await registerViaApi();
  await addToCart(b, "Lavender Fields");
  const res = await b.api(
    "/checkout",
    new URLSearchParams({
      intent: "place",
      name: FORGED,
      email: user.email,
      phone: "98765\r\n43210\u0000",
      address: "5 Park Street\r\nFlat 2\u0000",
      pin: "700016",
      city: "Kolkata\n",
      state: "West\u2028Bengal",
    }),
  );
  expect(res.status).toBe(302);
  const id = new URL(res.headers.get("location")!, "http://x").searchParams.get("o")!;
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

test("a typed state the PIN disagrees with: the form comes back once with the PIN's state and a note", async ({
  plain: b,
  registerViaApi,
}) => {
  await registerViaApi();
  await addToCart(b, "Lavender Fields");
  await b.open("/checkout");
  await b.submit(
    PLACE_ORDER,
    labelled(b, { Address: "1 Janpath", PIN: "110001", City: "Bengaluru", State: "Karnataka" }),
  );

  const note =
    "PIN 110001 is in Delhi, so we have put Delhi as the state. Please check your address and place the order again.";
  expect(b.texts("[role=alert]")).toEqual([note]);
  expect(where(b)).toMatch(/\/checkout$/);
  expect(b.valueByLabel("State")).toBe("Delhi");
  expect(b.valueByLabel("Address")).toBe("1 Janpath");

  // The shopper keeps their state after seeing the note: the order goes, the PIN's state its place of supply.
  await b.submit(PLACE_ORDER, labelled(b, { State: "Karnataka" }));
  expect(where(b)).toMatch(/\/thank-you\?o=/);
  const id = new URL(b.current().url).searchParams.get("o")!;
  expect(await queryOne("select state, pin, supply_state_code from orders where id = ?", id)).toEqual({
    state: "Karnataka",
    pin: "110001",
    supply_state_code: "07",
  });
});

test("PINs 000000 and 999999 are refused on the form with the PIN message", async ({ plain: b, registerViaApi }) => {
  const user = await registerViaApi();
  await addToCart(b, "Lavender Fields");
  for (const pin of ["000000", "999999"]) {
    await b.open("/checkout");
    await b.submit(PLACE_ORDER, labelled(b, { Address: "1 Field Road", PIN: pin, City: "Somewhere", State: "Delhi" }));
    expect(b.text(), pin).toContain(PIN_INVALID);
    expect(where(b), pin).toMatch(/\/checkout$/);
  }
  expect(
    await queryOne(
      "select cast(count(*) as integer) n from orders o join users u on u.id = o.user_id where u.email = ?",
      user.email,
    ),
  ).toEqual({ n: 0 });
});
