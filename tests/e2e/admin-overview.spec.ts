import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN } from "../playwright.config";
import { pdfText } from "../support/pdf-text";
import { expect, newProduct, test, waitForHydration } from "./support/fixtures";
import { dbOf, OPS_ADMIN, runsHere, startServer, type TestServer } from "./support/server";

// Issue #26: the owner's view. The overview's numbers are the whole shop's, so they are checked on
// a server of this file's own (a fresh shop, no other test's orders); finding and exporting orders
// runs on the shared server, on orders only this test has (a phone number of its own). JS off,
// both run over HTTP in tests/request/admin-overview.spec.ts (issue #51).
const OVER_HTTP = "JS off: tests/request/admin-overview.spec.ts drives the same forms over HTTP";

const inr = (paise: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 }).format(paise / 100);
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const isoDayOf = (instant: number) => new Date(instant + IST_MS).toISOString().slice(0, 10);

type Placed = { _id: string; totals: { grandTotal: number } };

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await waitForHydration(page);
}

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

test.describe("the overview", () => {
  let server: TestServer;

  test.beforeAll(async ({}, testInfo) => {
    // JS off, the test runs over HTTP: no server to start.
    if (!runsHere(testInfo)) return;
    server = await startServer();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("its numbers, chart and table match the orders placed; waiting orders print packing slips", async ({
    page,
    jsEnabled,
    uniqueEmail,
  }) => {
    test.skip(!jsEnabled, OVER_HTTP);
    const { url } = server;
    const db = dbOf(server);
    // India's day now; a run that straddles midnight in India waits for it to pass.
    const msToMidnight = DAY_MS - ((Date.now() + IST_MS) % DAY_MS);
    if (msToMidnight < 20_000) await new Promise((r) => setTimeout(r, msToMidnight + 1_000));
    const todayStart = Math.floor((Date.now() + IST_MS) / DAY_MS) * DAY_MS - IST_MS;

    const customer = await page.context().browser()!.newContext({ baseURL: url });
    const api = customer.request;
    expect(
      (
        await api.post("/api/auth/register", {
          data: { name: "Overview Buyer", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
        })
      ).status(),
    ).toBe(201);
    const list = (await (await api.get("/api/products?limit=3&sort=price&order=asc")).json()) as {
      items: { _id: string }[];
    };
    const place = async (product: string, qty: number, address = "12 MG Road", city = "Pune") => {
      const res = await api.post("/api/orders", {
        data: {
          contact: { name: "प्रिया शर्मा", email: "priya@example.com", phone: "9876543210" },
          shippingAddress: { address, city, state: "Uttar Pradesh", pin: "221005" },
          items: [{ product, qty }],
          paymentMethod: "COD",
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const o = (await res.json()) as Placed;
      return { id: o._id, total: Math.round(o.totals.grandTotal * 100) };
    };
    const paidToday = await place(list.items[0]!._id, 2);
    const lateYesterday = await place(list.items[1]!._id, 1);
    const cancelledToday = await place(list.items[2]!._id, 1);
    const waiting = await place(list.items[0]!._id, 1, "४२, गांधी मार्ग, लंका", "वाराणसी");
    await customer.close();
    // Placed at 23:30 India time yesterday (18:00 UTC), and three days ago; the others today.
    const at = (id: string, instant: number) =>
      db.run("update orders set created_at = ? where id = ?", new Date(instant), id);
    await at(paidToday.id, todayStart + 60_000);
    await at(cancelledToday.id, todayStart + 60_000);
    await at(lateYesterday.id, todayStart - 30 * 60_000);
    await at(waiting.id, todayStart - 3 * DAY_MS);

    expect((await page.request.post(`${url}/api/auth/login`, { data: OPS_ADMIN })).status()).toBe(200);
    expect((await page.request.put(`${url}/api/orders/${paidToday.id}`, { data: { isPaid: true } })).status()).toBe(
      200,
    );
    expect(
      (await page.request.put(`${url}/api/orders/${cancelledToday.id}`, { data: { status: "Cancelled" } })).status(),
    ).toBe(200);

    await open(page, `${url}/admin`, jsEnabled);
    await expect(page.getByRole("link", { name: "Overview", exact: true })).toHaveAttribute("aria-current", "page");
    const today = page.getByTestId("period-today");
    await expect(today.locator(".stat-big")).toHaveText(inr(paidToday.total));
    await expect(today.getByTestId("orders")).toHaveText("1");
    await expect(today.getByTestId("paid")).toHaveText(inr(paidToday.total));
    await expect(today.getByTestId("unpaid")).toHaveText(inr(0));
    const week = page.getByTestId("period-week");
    const weekRevenue = paidToday.total + lateYesterday.total + waiting.total;
    await expect(week.locator(".stat-big")).toHaveText(inr(weekRevenue));
    await expect(week.getByTestId("orders")).toHaveText("3");
    await expect(week.getByTestId("unpaid")).toHaveText(inr(lateYesterday.total + waiting.total));
    await expect(week.getByTestId("average")).toHaveText(inr(Math.round(weekRevenue / 3)));
    await expect(page.getByTestId("period-month").getByTestId("orders")).toHaveText("3");

    // The chart: 30 days of bars, today's last; its summary; the table beside it, day by day.
    await expect(page.getByTestId("chart-summary")).toContainText(`${inr(weekRevenue)} from 3 orders`);
    const bars = page.getByTestId("sales-chart").locator("rect.bar");
    await expect(bars).toHaveCount(30);
    await expect(bars.last().locator("title")).toHaveText(new RegExp(`: ${inr(paidToday.total)} from 1 order$`));
    await page.getByText("Day by day (table)").click();
    const table = page.getByTestId("sales-table");
    await expect(table.locator("tbody tr")).toHaveCount(30);
    await expect(table.locator(`tr[data-day="${isoDayOf(todayStart)}"] td`)).toHaveText(["1", inr(paidToday.total)]);
    await expect(table.locator(`tr[data-day="${isoDayOf(todayStart - DAY_MS)}"] td`)).toHaveText([
      "1",
      inr(lateYesterday.total),
    ]);
    await expect(table.locator(`tr[data-day="${isoDayOf(todayStart - 3 * DAY_MS)}"] td`)).toHaveText([
      "1",
      inr(waiting.total),
    ]);

    // Waiting for more than 2 days: the one placed three days ago, with its slip and the PDF of all.
    const box = page.getByTestId("waiting");
    await expect(box.getByRole("heading")).toHaveText("Waiting to be dispatched (1)");
    await expect(box.getByRole("link", { name: `#${waiting.id.slice(-6)}`, exact: true })).toBeVisible();
    const all = box.getByRole("link", { name: "Packing slips for all 1 (PDF)" });
    const res = await page.request.get(new URL((await all.getAttribute("href"))!, url).href);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(await res.body());
    for (const part of ["Packing slip", `Order #${waiting.id.slice(-6)}`, "प्रिया शर्मा", "४२, गांधी मार्ग, लंका"])
      expect(text).toContain(part);
    expect(text).toContain("वाराणसी, Uttar Pradesh");
    expect(text).not.toContain("₹");
  });
});

test("the Orders tab finds by status and phone, keeps the filters in the URL, and exports them as CSV", async ({
  page,
  playwright,
  jsEnabled,
  baseURL,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  // A phone number only this test's orders have, typed three ways at checkout.
  const digits = `9${String(Date.now()).slice(-7)}${jsEnabled ? "1" : "2"}${test.info().workerIndex % 10}`;
  const spaced = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
  // Its own product: the shared catalogue's cheapest may be another spec's, with little stock.
  const name = `Finder ${digits}`;
  const product = { _id: await newProduct(playwright, baseURL!, { name, stock: 100 }), name };
  await registerViaApi();
  const place = async (name: string, phone: string, city: string) => {
    const res = await page.request.post("/api/orders", {
      data: {
        contact: { name, email: "find@example.com", phone },
        shippingAddress: { address: "7 Lake Road", city, state: "Tamil Nadu", pin: "600004" },
        items: [{ product: product._id, qty: 2 }],
        paymentMethod: "COD",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as Placed)._id;
  };
  const evil = '=HYPERLINK("http://evil.example","Ravi")';
  const first = await place(evil, digits, "சென்னை");
  const second = await place("Meena Iyer", spaced, "Chennai");
  const shipped = await place("Meena Iyer", digits, "Chennai");
  const other = await place("Meena Iyer", "9000000001", "Chennai");
  await page.request.post("/api/auth/logout");
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  expect((await page.request.put(`/api/orders/${shipped}`, { data: { status: "Shipped" } })).status()).toBe(200);

  await open(page, `${baseURL}/admin/orders`, jsEnabled);
  const filters = page.getByRole("search", { name: "Find orders" });
  await filters.getByLabel("Search").fill(spaced);
  await filters.getByLabel("Status").selectOption("Placed");
  await filters.getByRole("button", { name: "Find orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=%2B91\+\d+\+\d+&status=Placed&from=&to=$/);
  await expect(page.getByTestId("orders-count")).toHaveText("Orders 1–2 of 2 found, newest first");
  for (const id of [first, second]) await expect(page.locator(`#order-${id}`)).toBeVisible();
  for (const id of [shipped, other]) await expect(page.locator(`#order-${id}`)).toHaveCount(0);
  await expect(filters.getByLabel("Search")).toHaveValue(spaced);
  await expect(filters.getByLabel("Status")).toHaveValue("Placed");

  // The same filter through the JSON door.
  const viaApi = await page.request.get(`/api/orders?status=Placed&q=${encodeURIComponent(digits)}`);
  // Both orders, newest first; two orders placed in the same second tie on their time, and the
  // list then orders them by id, so the test does not assume which one comes first.
  const found = ((await viaApi.json()) as { _id: string }[]).map((o) => o._id);
  expect([...found].sort()).toEqual([first, second].sort());

  // An order change made on the filtered list comes back to it.
  const row = page.locator(`#order-${second}`);
  const paidForm = row.locator("form", { has: page.getByRole("checkbox") });
  await paidForm.getByRole("checkbox").check();
  if (!jsEnabled) await paidForm.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".toaster")).toContainText("Order updated");
  await expect(page).toHaveURL(/\/admin\/orders\?status=Placed&q=%2B91\+\d+\+\d+$/);
  await expect(page.getByTestId("orders-count")).toHaveText("Orders 1–2 of 2 found, newest first");

  // The export: these two orders' lines, UTF-8 with a BOM, the formula neutralised.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8");
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
