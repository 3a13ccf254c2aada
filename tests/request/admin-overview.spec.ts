// tests/e2e/admin-overview.spec.ts's JS-off half, over HTTP (issue #51): the overview's numbers,
// chart and day-by-day table as the server writes them, and its packing slips; the Orders tab's
// filter form, a row's Save button on the filtered list, and the CSV export. The overview's numbers
// are the whole shop's, so they are checked on a server of this file's own (a fresh shop, no other
// test's orders); finding and exporting orders runs on the shared server, on orders only this test
// has (a phone number of its own).
import { dbOf, OPS_ADMIN, startServer, type TestServer } from "../e2e/support/server";
import { ADMIN } from "../playwright.config";
import { pdfText } from "../support/pdf-text";
import { expect, labelled, newProduct, PlainBrowser, test, TOASTER, where } from "./support/fixtures";

const inr = (paise: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 }).format(paise / 100);
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const isoDayOf = (instant: number) => new Date(instant + IST_MS).toISOString().slice(0, 10);

type Placed = { _id: string; totals: { grandTotal: number } };

const byTestId = (id: string) => `[data-testid="${id}"]`;

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

test.describe("the overview", () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startServer();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("its numbers, chart and table match the orders placed; waiting orders print packing slips", async ({
    uniqueEmail,
  }) => {
    const { url } = server;
    const db = dbOf(server);
    // India's day now; a run that straddles midnight in India waits for it to pass.
    const msToMidnight = DAY_MS - ((Date.now() + IST_MS) % DAY_MS);
    if (msToMidnight < 20_000) await new Promise((r) => setTimeout(r, msToMidnight + 1_000));
    const todayStart = Math.floor((Date.now() + IST_MS) / DAY_MS) * DAY_MS - IST_MS;

    const customer = new PlainBrowser(url);
    expect(
      (
        await customer.api("/api/auth/register", {
          name: "Overview Buyer",
          email: uniqueEmail(),
          password: "secret12",
          phone: "9876543210",
        })
      ).status,
    ).toBe(201);
    const list = (await (await customer.api("/api/products?limit=3&sort=price&order=asc")).json()) as {
      items: { _id: string }[];
    };
    const place = async (product: string, qty: number, address = "12 MG Road", city = "Pune") => {
      const res = await customer.api("/api/orders", {
        contact: { name: "प्रिया शर्मा", email: "priya@example.com", phone: "9876543210" },
        shippingAddress: { address, city, state: "Uttar Pradesh", pin: "221005" },
        items: [{ product, qty }],
        paymentMethod: "COD",
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const o = (await res.json()) as Placed;
      return { id: o._id, total: Math.round(o.totals.grandTotal * 100) };
    };
    const paidToday = await place(list.items[0]!._id, 2);
    const lateYesterday = await place(list.items[1]!._id, 1);
    const cancelledToday = await place(list.items[2]!._id, 1);
    const waiting = await place(list.items[0]!._id, 1, "४२, गांधी मार्ग, लंका", "वाराणसी");
    // Placed at 23:30 India time yesterday (18:00 UTC), and three days ago; the others today.
    const at = (id: string, instant: number) =>
      db.run("update orders set created_at = ? where id = ?", new Date(instant), id);
    await at(paidToday.id, todayStart + 60_000);
    await at(cancelledToday.id, todayStart + 60_000);
    await at(lateYesterday.id, todayStart - 30 * 60_000);
    await at(waiting.id, todayStart - 3 * DAY_MS);

    const b = new PlainBrowser(url);
    expect((await b.api("/api/auth/login", OPS_ADMIN)).status).toBe(200);
    expect((await b.api(`/api/orders/${paidToday.id}`, { isPaid: true }, "PUT")).status).toBe(200);
    expect((await b.api(`/api/orders/${cancelledToday.id}`, { status: "Cancelled" }, "PUT")).status).toBe(200);

    await b.open("/admin");
    const links = b.texts("a");
    const overview = b.all("a").filter((_, i) => links[i] === "Overview");
    expect(overview.map((a) => a.attribs["aria-current"])).toEqual(["page"]);
    const today = byTestId("period-today");
    expect(b.texts(`${today} .stat-big`)).toEqual([inr(paidToday.total)]);
    expect(b.texts(`${today} ${byTestId("orders")}`)).toEqual(["1"]);
    expect(b.texts(`${today} ${byTestId("paid")}`)).toEqual([inr(paidToday.total)]);
    expect(b.texts(`${today} ${byTestId("unpaid")}`)).toEqual([inr(0)]);
    const week = byTestId("period-week");
    const weekRevenue = paidToday.total + lateYesterday.total + waiting.total;
    expect(b.texts(`${week} .stat-big`)).toEqual([inr(weekRevenue)]);
    expect(b.texts(`${week} ${byTestId("orders")}`)).toEqual(["3"]);
    expect(b.texts(`${week} ${byTestId("unpaid")}`)).toEqual([inr(lateYesterday.total + waiting.total)]);
    expect(b.texts(`${week} ${byTestId("average")}`)).toEqual([inr(Math.round(weekRevenue / 3))]);
    expect(b.texts(`${byTestId("period-month")} ${byTestId("orders")}`)).toEqual(["3"]);

    // The chart: 30 days of bars, today's last; its summary; the table beside it, day by day.
    expect(b.text(byTestId("chart-summary"))).toContain(`${inr(weekRevenue)} from 3 orders`);
    const bars = b.all(`${byTestId("sales-chart")} rect.bar`);
    expect(bars).toHaveLength(30);
    expect(b.texts("title", bars.at(-1))).toEqual([
      expect.stringMatching(new RegExp(`: ${inr(paidToday.total)} from 1 order$`)),
    ]);
    // The table is in a <details>, which a text browser shows open.
    expect(b.texts("details summary")).toContain("Day by day (table)");
    const table = byTestId("sales-table");
    expect(b.all(`${table} tbody tr`)).toHaveLength(30);
    expect(b.texts(`${table} tr[data-day="${isoDayOf(todayStart)}"] td`)).toEqual(["1", inr(paidToday.total)]);
    expect(b.texts(`${table} tr[data-day="${isoDayOf(todayStart - DAY_MS)}"] td`)).toEqual([
      "1",
      inr(lateYesterday.total),
    ]);
    expect(b.texts(`${table} tr[data-day="${isoDayOf(todayStart - 3 * DAY_MS)}"] td`)).toEqual([
      "1",
      inr(waiting.total),
    ]);

    // Waiting for more than 2 days: the one placed three days ago, with its slip and the PDF of all.
    const box = byTestId("waiting");
    expect(b.texts(`${box} h3`)).toEqual(["Waiting to be dispatched (1)"]);
    expect(b.links(`#${waiting.id.slice(-6)}`, box)).toHaveLength(1);
    const [all] = b.links("Packing slips for all 1 (PDF)", box);
    const res = await b.api(new URL(all!, url).href);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    for (const part of ["Packing slip", `Order #${waiting.id.slice(-6)}`, "प्रिया शर्मा", "४२, गांधी मार्ग, लंका"])
      expect(text).toContain(part);
    expect(text).toContain("वाराणसी, Uttar Pradesh");
    expect(text).not.toContain("₹");
  });
});

test("the Orders tab finds by status and phone, keeps the filters in the URL, and exports them as CSV", async ({
  plain: b,
  playwright,
  baseURL,
  registerViaApi,
}) => {
  // A phone number only this test's orders have, typed three ways at checkout (the last but one
  // digit 2, as the browser spec's JS-off run had it: its JS-on run may share the server).
  const digits = `9${String(Date.now()).slice(-7)}2${test.info().workerIndex % 10}`;
  const spaced = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
  // Its own product: the shared catalogue's cheapest may be another spec's, with little stock.
  const name = `Finder ${digits}`;
  const product = { _id: await newProduct(playwright, baseURL!, { name, stock: 100 }), name };
  await registerViaApi();
  const place = async (name: string, phone: string, city: string) => {
    const res = await b.api("/api/orders", {
      contact: { name, email: "find@example.com", phone },
      shippingAddress: { address: "7 Lake Road", city, state: "Tamil Nadu", pin: "600004" },
      items: [{ product: product._id, qty: 2 }],
      paymentMethod: "COD",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as Placed)._id;
  };
  const evil = '=HYPERLINK("http://evil.example","Ravi")';
  const first = await place(evil, digits, "சென்னை");
  const second = await place("Meena Iyer", spaced, "Chennai");
  const shipped = await place("Meena Iyer", digits, "Chennai");
  const other = await place("Meena Iyer", "9000000001", "Chennai");
  await b.api("/api/auth/logout", {});
  expect((await b.api("/api/auth/login", ADMIN)).status).toBe(200);
  expect((await b.api(`/api/orders/${shipped}`, { status: "Shipped" }, "PUT")).status).toBe(200);

  await b.open("/admin/orders");
  await b.submit("Find orders", labelled(b, { Search: spaced, Status: "Placed" }));
  expect(where(b)).toMatch(/\/admin\/orders\?q=%2B91\+\d+\+\d+&status=Placed&from=&to=$/);
  expect(b.texts(byTestId("orders-count"))).toEqual(["Orders 1–2 of 2 found, newest first"]);
  for (const id of [first, second]) expect(b.all(`#order-${id}`)).toHaveLength(1);
  for (const id of [shipped, other]) expect(b.all(`#order-${id}`)).toHaveLength(0);
  expect(b.valueByLabel("Search")).toBe(spaced);
  expect(b.valueByLabel("Status")).toBe("Placed");

  // The same filter through the JSON door.
  const viaApi = await b.api(`/api/orders?status=Placed&q=${encodeURIComponent(digits)}`);
  // Both orders, newest first; two orders placed in the same second tie on their time, and the
  // list then orders them by id, so the test does not assume which one comes first.
  const found = ((await viaApi.json()) as { _id: string }[]).map((o) => o._id);
  expect([...found].sort()).toEqual([first, second].sort());

  // An order change made on the filtered list comes back to it: without JS, the row's Save button.
  await b.submit("Save", { isPaid: "on" }, { where: { intent: "paid", orderId: second } });
  expect(b.text(TOASTER)).toContain("Order updated");
  expect(where(b)).toMatch(/\/admin\/orders\?status=Placed&q=%2B91\+\d+\+\d+$/);
  expect(b.texts(byTestId("orders-count"))).toEqual(["Orders 1–2 of 2 found, newest first"]);

  // The export: these two orders' lines, UTF-8 with a BOM, the formula neutralised.
  const [href] = b.links("Export CSV");
  // The bytes as a download saves them (Response.text() would drop the BOM).
  const csv = Buffer.from(await (await b.api(href!)).arrayBuffer()).toString("utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    '"Date","Order","Status","Paid","Customer","Phone","City","State","PIN","Product","Qty","Price","Line total","Shipping","Order total","Payment method","UPI discount","COD fee","UTR","Coupon code","Coupon discount"',
  );
  expect(lines).toHaveLength(3);
  const lineOf = (id: string) => lines.find((l) => l.includes(`"#${id.slice(-6)}"`)) ?? "";
  expect(lineOf(second)).toContain(`"#${second.slice(-6)}","Placed","Yes","Meena Iyer","'${spaced}","Chennai"`);
  expect(lineOf(first)).toContain(
    `"#${first.slice(-6)}","Placed","No","'=HYPERLINK(""http://evil.example"",""Ravi"")","${digits}","சென்னை","Tamil Nadu","600004","${product.name}","2"`,
  );
});
