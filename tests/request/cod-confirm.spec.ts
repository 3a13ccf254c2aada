// tests/e2e/cod-confirm.spec.ts's JS-off half, over HTTP (issue #51): COD orders the customer
// confirms from the mailed link or My Orders, the owner's filter and WhatsApp link, an unconfirmed
// order's expiry, and the shop without COD_CONFIRM. A server of our own with COD_CONFIRM,
// COD_CONFIRM_HOURS and SHOP_WHATSAPP, its mail to the run's SMTP catcher; its mails link to
// PUBLIC_URL (https://shop.test): the test opens their paths on this server.
import { createHmac } from "node:crypto";
import { CART_COOKIE } from "../../app/lib/cart";
import { waitForMail } from "../e2e/support/mail";
import { MAILED_ORIGIN, mailedLinkOn } from "../e2e/support/own-server";
import { dbOf, OPS_ADMIN, SESSION_SECRET, startServer, type TestServer } from "../e2e/support/server";
import { expect, PlainBrowser, queryOne, test, where } from "./support/fixtures";

const SHOP_WHATSAPP = "919988776655";

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

let server: TestServer;

/** The path and query of a link the shop mailed, on this test's server. */
const onServer = (link: string) => mailedLinkOn(server, link);

const confirmRow = (id: string) =>
  dbOf(server).get<{ status: string; confirmed_at: number | null; expires_at: number | null }>(
    "select status, confirmed_at, expires_at from orders where id = ?",
    id,
  );

/** A new customer of the server, logged in in a text browser of its own. */
async function register(email: string): Promise<PlainBrowser> {
  const b = new PlainBrowser(server.url);
  const res = await b.api("/api/auth/register", {
    name: "Meera Iyer",
    email,
    password: "secret12",
    phone: "9876543210",
  });
  expect(res.status, await res.text()).toBe(201);
  return b;
}

/** The owner, logged in in a text browser of its own. */
async function owner(): Promise<PlainBrowser> {
  const admin = new PlainBrowser(server.url);
  expect((await admin.api("/api/auth/login", OPS_ADMIN)).status).toBe(200);
  return admin;
}

/** A COD order through the JSON door, as `b`'s customer; its id. */
async function apiOrder(b: PlainBrowser, productId: string, phone = "9876543210"): Promise<string> {
  const res = await b.api("/api/orders", {
    contact: { name: "Meera Iyer", email: "meera@example.com", phone },
    shippingAddress: { address: "7 Lake View Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" },
    items: [{ product: productId, qty: 1 }],
    paymentMethod: "COD",
  });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  return (JSON.parse(body) as { _id: string })._id;
}

const productWithStock = async () =>
  (await dbOf(server).value<string>(
    "select id from products where stock > 20 and deleted_at is null order by id limit 1",
  ))!;

/** The buttons named `name`, as getByRole("button", { name }) finds them (a part of their text). */
const buttons = (b: PlainBrowser, name: string) => b.texts("button").filter((t) => t.includes(name));

test.describe("with COD_CONFIRM, COD_CONFIRM_HOURS and SHOP_WHATSAPP", () => {
  test.beforeAll(async () => {
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

  test("a COD order confirmed from the link in its mail, logged out; the owner sees it", async ({ uniqueEmail }) => {
    const email = uniqueEmail();
    const b = await register(email);
    // Placed through the checkout form, as a shopper does.
    await b.open(`/product/${await productWithStock()}`);
    await b.submit(b.texts('form.add-to-cart button[type="submit"]')[0]!);
    expect(b.cookies.has(CART_COOKIE)).toBe(true);
    await b.open("/checkout");
    await b.submit("Look up", { address: "12, 4th Cross, Indiranagar", pin: "560001" });
    expect(b.value("city")).not.toBe("");
    await b.submit(b.texts('button[name="intent"][value="place"]')[0]!);
    expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
    const id = new URL(b.current().url).searchParams.get("o")!;
    const number = `#${id.slice(-6)}`;

    // The footer's chat link is the shop's configured number.
    expect(b.links("Chat on WhatsApp", "footer")).toEqual([`https://wa.me/${SHOP_WHATSAPP}`]);

    // The confirmation mail carries the link and the deadline, in text and HTML.
    const mail = await waitForMail(email, number);
    const link = /Please confirm your order: (\S+)/.exec(mail.text ?? "")?.[1];
    expect(link).toMatch(new RegExp(`^${MAILED_ORIGIN}/orders/${id}/confirm\\?t=[\\w-]{43}$`));
    expect(mail.text).toContain("Orders not confirmed within 48 hours are cancelled.");
    expect(mail.html).toContain(`href="${link}"`);

    // Opened logged out (a new browser): the order to confirm, no address; opening changed nothing.
    const shopper = new PlainBrowser(server.url);
    const first = await shopper.open(onServer(link!));
    expect(first.status).toBe(200);
    expect(shopper.texts("h1")).toEqual([`Confirm your order ${number}`]);
    expect(shopper.text("main")).toContain("Please confirm by");
    expect(shopper.text("main")).not.toContain("Indiranagar");
    expect((await confirmRow(id))!.confirmed_at).toBeNull();

    await shopper.submit("Confirm order");
    expect(shopper.texts("h1")).toEqual([`Order ${number} is confirmed. Thank you!`]);
    const row = (await confirmRow(id))!;
    expect(row.confirmed_at).not.toBeNull();
    expect(row.expires_at).toBeNull();

    // A second use says so, and changes nothing.
    await shopper.open(onServer(link!));
    expect(shopper.texts("h1")).toEqual([`Order ${number} is already confirmed.`]);
    expect(buttons(shopper, "Confirm order")).toHaveLength(0);

    // A forged token: not valid (404), nothing changed, by GET or POST.
    const forged = `${server.url}/orders/${id}/confirm?t=${"A".repeat(43)}`;
    expect((await shopper.open(forged)).status).toBe(404);
    expect(shopper.texts("h1")).toEqual(["This link is not valid"]);
    const post = await shopper.api(forged, new URLSearchParams({ t: "A".repeat(43) }));
    expect(post.status).toBe(404);
    expect((await confirmRow(id))!.confirmed_at).toBe(row.confirmed_at);

    // The owner: Confirmed in the list and its filter, and on the order page.
    const admin = await owner();
    await admin.open("/admin/orders?confirm=confirmed");
    expect(admin.text(`#order-${id}`)).toContain("Confirmed");
    await admin.open("/admin/orders?confirm=unconfirmed");
    expect(admin.all(`#order-${id}`)).toHaveLength(0);
    await admin.open(`/admin/orders/${id}`);
    expect(admin.text("[data-testid=confirm-state]")).toContain("Confirmed by the customer on");
  });

  test("My Orders confirms another order; the owner's WhatsApp link; an unconfirmed order expires", async ({
    uniqueEmail,
  }) => {
    const email = uniqueEmail();
    const b = await register(email);
    const product = await productWithStock();
    const id = await apiOrder(b, product);
    const number = `#${id.slice(-6)}`;

    // The owner: Unconfirmed, and a WhatsApp link to the customer with the number, total and link.
    const admin = await owner();
    await admin.open("/admin/orders?confirm=unconfirmed");
    expect(admin.text(`#order-${id}`)).toContain("Unconfirmed");
    // The same filter on GET /api/orders; a wrong one is a 400 with its message.
    const listed = async (q: string) =>
      ((await (await admin.api(`/api/orders?${q}`)).json()) as { _id: string }[]).map((o) => o._id);
    expect(await listed("confirm=unconfirmed")).toContain(id);
    expect(await listed("confirm=confirmed")).not.toContain(id);
    const bad = await admin.api("/api/orders?confirm=maybe");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Confirmation must be unconfirmed or confirmed." });
    await admin.open(`/admin/orders/${id}`);
    expect(admin.text("[data-testid=confirm-state]")).toContain("Unconfirmed");
    const [href, ...more] = admin.links("WhatsApp the customer");
    expect(more).toHaveLength(0);
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

    // My Orders: waiting, with its deadline; its button confirms it (the only order waiting, so
    // the page's one Confirm form is this card's).
    await b.open("/orders");
    const card = `#order-${id}`;
    expect(b.text(card)).toContain("Waiting for your confirmation: please confirm by");
    expect(b.all(`${card} .order-confirm form`).map((f) => f.attribs.action)).toEqual([`/orders/${id}/confirm`]);
    expect(b.all(".order-confirm form")).toHaveLength(1);
    await b.submit("Confirm order");
    expect(where(b)).toMatch(new RegExp(`/orders\\?o=${id}$`));
    expect(b.texts(`#order-${id} .order-confirm`)).toEqual(["Confirmed"]);
    expect((await confirmRow(id))!.confirmed_at).not.toBeNull();
    // Confirmed: the owner's message no longer asks for it.
    await admin.open(`/admin/orders/${id}`);
    const after = new URL(admin.links("WhatsApp the customer")[0]!);
    expect(after.searchParams.get("text")).not.toContain("confirm");

    // A phone that is not a mobile: no WhatsApp link.
    const landline = await apiOrder(b, product, "044 2345 6789");
    await admin.open(`/admin/orders/${landline}`);
    expect(admin.all("[data-testid=confirm-state]")).toHaveLength(1);
    expect(admin.links("WhatsApp the customer")).toHaveLength(0);

    // Unconfirmed past its deadline: My Orders shows it cancelled, its stock back, and a mail says why.
    const db = dbOf(server);
    const late = await apiOrder(b, product);
    const stock = await db.value<number>("select stock from products where id = ?", product);
    await db.run("update orders set expires_at = ? where id = ?", new Date(Date.now() - 60_000), late);
    await b.open("/orders");
    expect(b.texts(`#order-${late} .status`)).toEqual(["Cancelled"]);
    expect(b.all(`#order-${late} .order-confirm`)).toHaveLength(0);
    expect(await db.value<number>("select stock from products where id = ?", product)).toBe(stock! + 1);
    expect((await confirmRow(late))!.status).toBe("Cancelled");
    const cancelled = await waitForMail("meera@example.com", `#${late.slice(-6)} was cancelled`);
    expect(cancelled.text).toContain("It was not confirmed in time");
  });
});

// The specification's shop (the shared server has none of the settings): nothing to confirm.
test("without COD_CONFIRM a COD order asks for no confirmation", async ({ plain: b, registerViaApi }) => {
  const user = await registerViaApi();
  const product = await queryOne<{ id: string }>(
    "select id from products where stock > 20 and deleted_at is null order by id limit 1",
  );
  const res = await b.api("/api/orders", {
    contact: { name: "Priya Test", email: user.email, phone: "9876543210" },
    shippingAddress: { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" },
    items: [{ product: product!.id, qty: 1 }],
    paymentMethod: "COD",
  });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  const id = (JSON.parse(body) as { _id: string })._id;
  const row = await queryOne<{ confirm_token_hash: string | null; expires_at: number | null }>(
    "select confirm_token_hash, expires_at from orders where id = ?",
    id,
  );
  expect(row).toEqual({ confirm_token_hash: null, expires_at: null });
  await b.open("/orders");
  expect(b.all(`#order-${id}`)).toHaveLength(1);
  expect(b.all(`#order-${id} .order-confirm`)).toHaveLength(0);
  expect(buttons(b, "Confirm order")).toHaveLength(0);
  const mail = await waitForMail(user.email, `#${id.slice(-6)}`);
  expect(mail.text).not.toMatch(/confirm your order/i);
  expect((await b.api(`/orders/${id}/confirm?t=x`)).status).toBe(404);
});
