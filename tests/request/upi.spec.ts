// tests/e2e/upi.spec.ts's JS-off half, over HTTP (issue #51): Pay by UPI from the checkout form, the
// pay page's QR code and UTR form, the owner's Payment received and Not received, and the hold. A
// server of its own with SHOP_UPI_ID, its mail to the run's SMTP catcher.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { waitForMail } from "../e2e/support/mail";
import { MAILED_ORIGIN } from "../e2e/support/own-server";
import { dbOf, OPS_ADMIN, startServer, type TestServer } from "../e2e/support/server";
import { expect, labelled, PlainBrowser, test, TOASTER, where } from "./support/fixtures";

const UPI_ID = "rkcandles@okaxis";

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer({
    env: {
      SHOP_UPI_ID: UPI_ID,
      SHOP_UPI_NAME: "RK Candles",
      SMTP_URL: process.env.E2E_SMTP_URL!,
      PUBLIC_URL: MAILED_ORIGIN,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const utrOf = () => `${Date.now()}`.slice(-11).padStart(12, "7");
type Row = { utr: string | null; utr_at: number | null; is_paid: number; paid_at: number | null; status: string };
const orderRow = (id: string) =>
  dbOf(server).get<Row>("select utr, utr_at, is_paid, paid_at, status from orders where id = ?", id);

/** A new customer of the server, logged in in a text browser of its own. */
async function customer(email: string): Promise<PlainBrowser> {
  const b = new PlainBrowser(server.url);
  const res = await b.api("/api/auth/register", {
    name: "Kavya Iyer",
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

/** A UPI order through the JSON door, for the tests that start past the checkout. */
async function apiUpiOrder(b: PlainBrowser, email: string, item: { product: string; qty: number; sizeId?: string }) {
  const res = await b.api("/api/orders", {
    contact: { name: "Kavya Iyer", email, phone: "9876543210" },
    shippingAddress: { address: "4 Temple Street", city: "Chennai", state: "Tamil Nadu", pin: "600004" },
    items: [item],
    paymentMethod: "UPI",
  });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  const order = JSON.parse(body) as { _id: string; payment: { state: string } };
  expect(order.payment.state).toBe("awaiting");
  return order._id;
}

/** The radio button named `name` (by its aria-labelledby), as getByRole("radio", { name }) finds it. */
function radio(b: PlainBrowser, name: string): Record<string, string> {
  const found = b.all("input[type=radio]").find((r) => b.texts(`#${r.attribs["aria-labelledby"]}`)[0] === name);
  if (!found) throw new Error(`no radio button "${name}" on ${b.current().url}`);
  return found.attribs;
}

/** The page's headings, as getByRole("heading") finds them. */
const headings = (b: PlainBrowser) => ["h1", "h2", "h3", "h4", "h5", "h6"].flatMap((h) => b.texts(h));

/**
 * The QR code named `label`, read as a phone's camera reads it: the page draws it as inline SVG,
 * so its markup is drawn to pixels (librsvg, through sharp) and the pixels decoded.
 */
async function readQr(b: PlainBrowser, label: string): Promise<string | undefined> {
  expect(b.all(`svg[role=img][aria-label="${label}"]`)).toHaveLength(1);
  const svg = b
    .current()
    .html.match(/<svg\b[^>]*>[\s\S]*?<\/svg>/g)
    ?.find((s) => s.includes(`aria-label="${label}"`));
  const drawn = await sharp(Buffer.from(svg!), { density: 300 }).flatten({ background: "#fff" }).png().toBuffer();
  const png = PNG.sync.read(drawn);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test("a UPI order from the checkout: QR code and link agree, UTR rules, the owner's check, paid", async ({
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const b = await customer(email);
  const db = dbOf(server);
  const product = (await db.value<string>("select id from products where stock > 10 order by id limit 1"))!;
  await b.open(`/product/${product}`);
  await b.submit(b.texts('form.add-to-cart button[type="submit"]')[0]!);
  expect([...b.cookies.keys()].some((name) => name.startsWith("rk_cart"))).toBe(true);

  await b.open("/checkout");
  await b.submit("Look up", { address: "12, 4th Cross, Indiranagar", pin: "560001" });
  expect(b.value("city")).not.toBe("");
  const place = b.texts('button[name="intent"][value="place"]')[0]!;
  const upi = radio(b, "Pay by UPI");
  await b.submit(place, { [upi.name!]: upi.value! });
  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  const id = new URL(b.current().url).searchParams.get("o")!;
  const number = `#${id.slice(-6)}`;
  const total = (await db.value<number>("select grand_total from orders where id = ?", id))!;
  const rupees = `₹${(total / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
  expect(b.text(".cash-due")).toContain(`Pay ${rupees} by UPI`);
  expect(b.text()).not.toContain("To pay in cash on delivery");

  // The confirmation mail links to the pay page instead of the cash-on-delivery note.
  const confirmation = await waitForMail(email, `order ${number} is confirmed`);
  expect(confirmation.text).toContain(`Pay ${rupees} by UPI within 24 hours:`);
  expect(confirmation.text).toContain(`https://shop.test/orders/${id}/pay`);
  expect(confirmation.text).not.toContain("Cash on delivery");

  await b.follow("Pay now");
  expect(b.current().url).toBe(`${server.url}/orders/${id}/pay`);
  expect(b.text(".cash-due")).toContain(rupees);
  expect(b.texts(".upi-id")).toEqual([UPI_ID]);
  expect(b.text(".pay-hold")).toContain("We keep your candles for 24 hours: pay by");

  // The QR code, read back from the page's drawing as a phone's camera would, is the link's URI.
  const [link] = b.links("Pay with a UPI app");
  expect(await readQr(b, `UPI QR code to pay ${rupees}`)).toBe(link);
  const params = new URL(link!.replace(/^upi:\/\/pay\?/, "http://x/?")).searchParams;
  expect(Object.fromEntries(params)).toEqual({
    pa: UPI_ID,
    pn: "RK Candles",
    am: (total / 100).toFixed(2),
    cu: "INR",
    tn: `Order ${id.slice(-6)}`,
    tr: id.slice(-6),
  });
  expect(link).toContain("pn=RK%20Candles");

  // A UTR of letters is refused with its message; one another order has is refused too.
  const utrField = b.field("UPI reference (UTR), 12 digits");
  await b.submit("Send UTR", { [utrField]: "ABCDEFGHIJKL" });
  expect(b.text()).toContain("The UPI reference (UTR) is the 12 digits your UPI app shows");
  const taken = utrOf();
  const other = await apiUpiOrder(b, email, { product, qty: 1 });
  await db.run("update orders set utr = ? where id = ?", taken, other);
  await b.submit("Send UTR", { [utrField]: taken });
  expect(b.text()).toContain("This UPI reference (UTR) was already sent for another order");
  expect(await orderRow(id)).toMatchObject({ utr: null, utr_at: null });

  // A good one: the page says it is being checked.
  const utr = `${taken.slice(0, 11)}${(Number(taken.at(-1)) + 1) % 10}`;
  await b.submit("Send UTR", { [utrField]: `${utr.slice(0, 4)} ${utr.slice(4)}` });
  expect(headings(b).some((h) => h.includes("Payment being checked"))).toBe(true);
  expect(b.text()).toContain(`UPI reference (UTR) ${utr}, sent`);
  expect((await orderRow(id))!.utr).toBe(utr);
  await b.open("/orders");
  expect(b.texts(`#order-${id} .upi-state`)).toEqual([`Payment being checked (UTR ${utr})`]);

  // The owner finds it under "Payment to check" and marks it received.
  const admin = await owner();
  await admin.open("/admin/orders");
  await admin.submit("Find orders", labelled(admin, { Payment: "check" }));
  expect(where(admin)).toMatch(/payment=check/);
  const row = `#order-${id}`;
  expect(admin.text(row)).toContain(`UTR ${utr} to check`);
  // The JSON door lists it under the same filter, with where its payment stands.
  const listed = (await (await admin.api("/api/orders?payment=check")).json()) as {
    _id: string;
    payment: { state: string; utr: string };
  }[];
  expect(listed.find((o) => o._id === id)?.payment).toMatchObject({ state: "checking", utr });
  await admin.follow(/^View/, row);
  expect(admin.text(".upi-check")).toContain(utr);
  expect(admin.text(".upi-check")).toContain(rupees);
  await admin.submit("Payment received");
  expect(admin.text(TOASTER)).toContain("Payment received");
  const paid = (await orderRow(id))!;
  expect(paid.is_paid).toBe(1);
  expect(paid.paid_at).not.toBeNull();
  const mail = await waitForMail(email, `Payment received for order ${number}`);
  expect(mail.text).toContain(`We have received your UPI payment of ${rupees}`);

  await b.open("/orders");
  expect(b.texts(`#order-${id} .upi-state`)).toEqual(["Paid"]);
  await b.open(`/orders/${id}/pay`);
  expect(headings(b)).toContain("Paid");
});

test("Not received clears the UTR and mails the customer; the hold cancels an unpaid order once", async ({
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const b = await customer(email);
  const db = dbOf(server);
  // A candle that comes in sizes: the stock goes back to the size ordered.
  const size = (await db.get<{ id: string; product_id: string }>(
    "select id, product_id from product_sizes where position > 0 and stock > 5 and deleted_at is null order by id limit 1",
  ))!;
  const item = { product: size.product_id, qty: 2, sizeId: size.id };
  const sizeStock = () => db.value<number>("select stock from product_sizes where id = ?", size.id);
  const [checked, held, waiting] = [
    await apiUpiOrder(b, email, item),
    await apiUpiOrder(b, email, item),
    await apiUpiOrder(b, email, item),
  ];

  // "Not received": the UTR is cleared and the customer asked for the right one.
  const utr = utrOf();
  await db.run("update orders set utr = ?, utr_at = ?, expires_at = null where id = ?", utr, new Date(), checked);
  const admin = await owner();
  await admin.open(`/admin/orders/${checked}`);
  await admin.submit("Not received");
  expect(admin.text(TOASTER)).toContain("UTR cleared");
  expect(await orderRow(checked)).toMatchObject({ utr: null, utr_at: null, is_paid: 0 });
  const mail = await waitForMail(email, `We could not find your payment for order #${checked.slice(-6)}`);
  expect(mail.text).toContain(utr);
  expect(mail.text).toContain("send the right UTR within 24 hours");

  // The hold: past its time, an order without a UTR is cancelled as its page opens, its stock back
  // and the customer mailed; one with a UTR waits for the owner.
  await db.run("update orders set utr = ?, utr_at = ? where id = ?", `${utr.slice(0, 11)}9`, new Date(), waiting);
  const before = (await sizeStock())!;
  await db.run("update orders set expires_at = ? where id in (?, ?)", new Date(Date.now() - 60_000), held, waiting);
  await b.open(`/orders/${held}/pay`);
  expect(headings(b).some((h) => h.includes("This order was cancelled"))).toBe(true);
  await b.open("/orders");
  expect(b.texts(`#order-${held} .status`)).toEqual(["Cancelled"]);
  expect(b.texts(`#order-${waiting} .status`)).toEqual(["Placed"]);
  expect((await orderRow(held))!.status).toBe("Cancelled");
  expect((await orderRow(waiting))!.status).toBe("Placed");
  expect(await sizeStock()).toBe(before + 2);
  const cancelled = await waitForMail(email, `Your order #${held.slice(-6)} was cancelled`);
  expect(cancelled.text).toContain("We did not get a UPI reference for it in time");

  // Another customer's payment page is not found, and says nothing of the order.
  const other = await customer(uniqueEmail());
  await other.open(`/orders/${waiting}/pay`);
  expect(other.current().status).toBe(404);
  // The body's text content, the page's data in its scripts included.
  expect(other.current().html).not.toContain(UPI_ID);
  const post = await other.api(`/orders/${held}/pay`, new URLSearchParams({ utr: "123456789012" }));
  expect(post.status).toBe(404);
});
