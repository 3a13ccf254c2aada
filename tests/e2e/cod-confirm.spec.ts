import { createHmac } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { CART_COOKIE } from "../../app/lib/cart";
import { expect, queryOne, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { MAILED_ORIGIN, mailedLinkOn, opener, ownerOn, registerOn } from "./support/own-server";
import { dbOf, runsHere, SESSION_SECRET, startServer, type TestServer } from "./support/server";

// Issue #38 items 4 and 5: COD orders the customer confirms, and WhatsApp. A server of our own with
// COD_CONFIRM, COD_CONFIRM_HOURS and SHOP_WHATSAPP, its mail to the run's SMTP catcher. Its mails
// link to PUBLIC_URL (https://shop.test): the test opens their paths on this server.
const SHOP_WHATSAPP = "919988776655";

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

let server: TestServer;

// JS off, every test is tests/request/cod-confirm.spec.ts's, over HTTP (issue #51): no server for that project.
const OVER_HTTP = "JS off: tests/request/cod-confirm.spec.ts drives the same forms over HTTP";

/** The path and query of a link the shop mailed, on this test's server. */
const onServer = (link: string) => mailedLinkOn(server, link);

const confirmRow = (id: string) =>
  dbOf(server).get<{ status: string; confirmed_at: number | null; expires_at: number | null }>(
    "select status, confirmed_at, expires_at from orders where id = ?",
    id,
  );

const register = (page: Page, email: string) => registerOn(server, page, email, "Meera Iyer");

/** A COD order through the JSON door, as `request`'s customer; its id. */
async function apiOrder(request: APIRequestContext, productId: string, phone = "9876543210"): Promise<string> {
  const res = await request.post(`${server.url}/api/orders`, {
    data: {
      contact: { name: "Meera Iyer", email: "meera@example.com", phone },
      shippingAddress: { address: "7 Lake View Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" },
      items: [{ product: productId, qty: 1 }],
      paymentMethod: "COD",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

const productWithStock = async () =>
  (await dbOf(server).value<string>(
    "select id from products where stock > 20 and deleted_at is null order by id limit 1",
  ))!;

test.describe("with COD_CONFIRM, COD_CONFIRM_HOURS and SHOP_WHATSAPP", () => {
  test.beforeAll(async ({}, testInfo) => {
    if (!runsHere(testInfo)) return;
    server = await startServer({
      env: {
        COD_CONFIRM: "true",
        COD_CONFIRM_HOURS: "48",
        SHOP_WHATSAPP: "+91 99887 76655",
        SMTP_URL: process.env.E2E_SMTP_URL!,
        PUBLIC_URL: MAILED_ORIGIN,
        WEB_CONCURRENCY: "1",
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("a COD order confirmed from the link in its mail, logged out; the owner sees it", async ({
    page,
    browser,
    jsEnabled,
    uniqueEmail,
  }) => {
    // The confirm button is tried with JS off and on in the test above; My Orders' is the same
    // form, and the WhatsApp link and the clock are the server's: once is enough.
    test.skip(!jsEnabled, OVER_HTTP);
    test.skip(jsEnabled, "the same form as above, the server's link and clock: once, without JS");
    const open = opener(server, jsEnabled);
    const email = uniqueEmail();
    await register(page, email);
    // Placed through the checkout form, as a shopper does.
    await open(page, `/product/${await productWithStock()}`);
    await page.locator('form.add-to-cart button[type="submit"]').click();
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === CART_COOKIE)).toBe(true);
    await open(page, "/checkout");
    await page.locator('[name="address"]').fill("12, 4th Cross, Indiranagar");
    await page.locator('[name="pin"]').fill("560001");
    if (!jsEnabled) await page.locator('button[name="intent"][value="lookup"]').click();
    await expect(page.locator('[name="city"]')).not.toHaveValue("");
    await page.locator('button[name="intent"][value="place"]').click();
    await expect(page).toHaveURL(/\/thank-you\?o=[0-9a-f]{24}$/);
    const id = new URL(page.url()).searchParams.get("o")!;
    const number = `#${id.slice(-6)}`;

    // The footer's chat link is the shop's configured number.
    await expect(page.locator("footer").getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/${SHOP_WHATSAPP}`,
    );

    // The confirmation mail carries the link and the deadline, in text and HTML.
    const mail = await waitForMail(email, number);
    const link = /Please confirm your order: (\S+)/.exec(mail.text ?? "")?.[1];
    expect(link).toMatch(new RegExp(`^${MAILED_ORIGIN}/orders/${id}/confirm\\?t=[\\w-]{43}$`));
    expect(mail.text).toContain("Orders not confirmed within 48 hours are cancelled.");
    expect(mail.html).toContain(`href="${link}"`);

    // Opened logged out (a new browser): the order to confirm, no address; opening changed nothing.
    const guest = await browser.newContext({ javaScriptEnabled: jsEnabled });
    const shopper = await guest.newPage();
    const first = await open(shopper, onServer(link!));
    expect(first!.status()).toBe(200);
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Confirm your order ${number}`);
    await expect(shopper.locator("main")).toContainText("Please confirm by");
    await expect(shopper.locator("main")).not.toContainText("Indiranagar");
    expect((await confirmRow(id))!.confirmed_at).toBeNull();

    await shopper.getByRole("button", { name: "Confirm order" }).click();
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Order ${number} is confirmed. Thank you!`);
    const row = (await confirmRow(id))!;
    expect(row.confirmed_at).not.toBeNull();
    expect(row.expires_at).toBeNull();

    // A second use says so, and changes nothing.
    await open(shopper, onServer(link!));
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Order ${number} is already confirmed.`);
    await expect(shopper.getByRole("button", { name: "Confirm order" })).toHaveCount(0);

    // A forged token: not valid (404), nothing changed, by GET or POST.
    const forged = `${server.url}/orders/${id}/confirm?t=${"A".repeat(43)}`;
    expect((await open(shopper, forged))!.status()).toBe(404);
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    const post = await guest.request.post(forged, { form: { t: "A".repeat(43) } });
    expect(post.status()).toBe(404);
    expect((await confirmRow(id))!.confirmed_at).toBe(row.confirmed_at);
    await guest.close();

    // The owner: Confirmed in the list and its filter, and on the order page.
    const admin = await ownerOn(server, browser, jsEnabled);
    await open(admin, "/admin/orders?confirm=confirmed");
    await expect(admin.locator(`#order-${id}`)).toContainText("Confirmed");
    await open(admin, "/admin/orders?confirm=unconfirmed");
    await expect(admin.locator(`#order-${id}`)).toHaveCount(0);
    await open(admin, `/admin/orders/${id}`);
    await expect(admin.getByTestId("confirm-state")).toContainText("Confirmed by the customer on");
    await admin.context().close();
  });

  test("My Orders confirms another order; the owner's WhatsApp link; an unconfirmed order expires", async ({
    page,
    browser,
    jsEnabled,
    uniqueEmail,
  }) => {
    test.skip(!jsEnabled, OVER_HTTP);
    const open = opener(server, jsEnabled);
    const email = uniqueEmail();
    await register(page, email);
    const product = await productWithStock();
    const id = await apiOrder(page.request, product);
    const number = `#${id.slice(-6)}`;

    // The owner: Unconfirmed, and a WhatsApp link to the customer with the number, total and link.
    const admin = await ownerOn(server, browser, jsEnabled);
    await open(admin, "/admin/orders?confirm=unconfirmed");
    await expect(admin.locator(`#order-${id}`)).toContainText("Unconfirmed");
    // The same filter on GET /api/orders; a wrong one is a 400 with its message.
    const listed = async (q: string) =>
      ((await (await admin.request.get(`${server.url}/api/orders?${q}`)).json()) as { _id: string }[]).map(
        (o) => o._id,
      );
    expect(await listed("confirm=unconfirmed")).toContain(id);
    expect(await listed("confirm=confirmed")).not.toContain(id);
    const bad = await admin.request.get(`${server.url}/api/orders?confirm=maybe`);
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ message: "Confirmation must be unconfirmed or confirmed." });
    await open(admin, `/admin/orders/${id}`);
    await expect(admin.getByTestId("confirm-state")).toContainText("Unconfirmed");
    const href = await admin.getByRole("link", { name: "WhatsApp the customer" }).getAttribute("href");
    const wa = new URL(href!);
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/919876543210");
    const total = await dbOf(server).value<number>("select grand_total from orders where id = ?", id);
    const rupees = `₹${(total! / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
    const token = createHmac("sha256", SESSION_SECRET).update(`cod-confirm:${id}`).digest("base64url");
    expect(wa.searchParams.get("text")).toBe(
      `Hello Meera Iyer, this is RK Candles about your order ${number} (total ${rupees}).\n` +
        `Please confirm your order here: ${MAILED_ORIGIN}/orders/${id}/confirm?t=${token}`,
    );
    // The same link as the mail's.
    const mail = await waitForMail("meera@example.com", number);
    expect(mail.text).toContain(`Please confirm your order: ${MAILED_ORIGIN}/orders/${id}/confirm?t=${token}`);

    // My Orders: waiting, with its deadline; its button confirms it.
    await open(page, "/orders");
    const card = page.locator(`#order-${id}`);
    await expect(card).toContainText("Waiting for your confirmation: please confirm by");
    await card.getByRole("button", { name: "Confirm order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?o=${id}$`));
    await expect(page.locator(`#order-${id} .order-confirm`)).toHaveText("Confirmed");
    expect((await confirmRow(id))!.confirmed_at).not.toBeNull();
    // Confirmed: the owner's message no longer asks for it.
    await open(admin, `/admin/orders/${id}`);
    const after = new URL((await admin.getByRole("link", { name: "WhatsApp the customer" }).getAttribute("href"))!);
    expect(after.searchParams.get("text")).not.toContain("confirm");

    // A phone that is not a mobile: no WhatsApp link.
    const landline = await apiOrder(page.request, product, "044 2345 6789");
    await open(admin, `/admin/orders/${landline}`);
    await expect(admin.getByTestId("confirm-state")).toBeVisible();
    await expect(admin.getByRole("link", { name: "WhatsApp the customer" })).toHaveCount(0);
    await admin.context().close();

    // Unconfirmed past its deadline: My Orders shows it cancelled, its stock back, and a mail says why.
    const db = dbOf(server);
    const late = await apiOrder(page.request, product);
    const stock = await db.value<number>("select stock from products where id = ?", product);
    await db.run("update orders set expires_at = ? where id = ?", new Date(Date.now() - 60_000), late);
    await open(page, "/orders");
    await expect(page.locator(`#order-${late} .status`)).toHaveText("Cancelled");
    await expect(page.locator(`#order-${late} .order-confirm`)).toHaveCount(0);
    expect(await db.value<number>("select stock from products where id = ?", product)).toBe(stock! + 1);
    expect((await confirmRow(late))!.status).toBe("Cancelled");
    const cancelled = await waitForMail("meera@example.com", `#${late.slice(-6)} was cancelled`);
    expect(cancelled.text).toContain("It was not confirmed in time");
  });
});

// The specification's shop (the shared server has none of the settings): nothing to confirm.
test("without COD_CONFIRM a COD order asks for no confirmation", async ({ jsEnabled, page, goto, registerViaApi }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const user = await registerViaApi();
  const product = await queryOne<{ id: string }>(
    "select id from products where stock > 20 and deleted_at is null order by id limit 1",
  );
  const res = await page.request.post("/api/orders", {
    data: {
      contact: { name: "Priya Test", email: user.email, phone: "9876543210" },
      shippingAddress: { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" },
      items: [{ product: product!.id, qty: 1 }],
      paymentMethod: "COD",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { _id: string })._id;
  const row = await queryOne<{ confirm_token_hash: string | null; expires_at: number | null }>(
    "select confirm_token_hash, expires_at from orders where id = ?",
    id,
  );
  expect(row).toEqual({ confirm_token_hash: null, expires_at: null });
  await goto("/orders");
  await expect(page.locator(`#order-${id}`)).toBeVisible();
  await expect(page.locator(`#order-${id} .order-confirm`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirm order" })).toHaveCount(0);
  const mail = await waitForMail(user.email, `#${id.slice(-6)}`);
  expect(mail.text).not.toMatch(/confirm your order/i);
  expect((await page.request.get(`/orders/${id}/confirm?t=x`)).status()).toBe(404);
});
