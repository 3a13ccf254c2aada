// `npm run screens`: pictures of the main screens as shoppers and the owner see them, on a phone
// (360 × 740, JS off: how many of our shoppers arrive) and on a laptop (1280 × 800, JS on), into
// docs/screens/. Starts the built server on a fresh demo database of its own; nothing else is touched.
// The shop speaks English and Hindi there (LANGUAGES=en,hi; the hi-* screens): Devanagari comes from
// the system's fonts, as on a phone, so install one first (Debian: `apt-get install fonts-noto-core`).
//   --out DIR    write elsewhere (e.g. /tmp/screens to look before committing)
//   --full       whole pages, not the first screen
//   --js-phone   the phone with JS on too (phone-js-*.png)
//   --only a,b   just these screens (names below)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium, request, type Browser, type BrowserContext, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { startSmtp, type TestSmtp } from "../tests/support/smtp";

const { values: args } = parseArgs({
  options: {
    out: { type: "string", default: "docs/screens" },
    full: { type: "boolean", default: false },
    "js-phone": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const OUT = resolve(args.out!);
const ONLY = args.only ? new Set(args.only.split(",")) : null;
const ADMIN = { email: "owner@screens.test", password: "screens-admin-pass" };
const CUSTOMER = { name: "Asha Verma", email: "asha@screens.test", password: "screens-pass-123" };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer().on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => ok(typeof a === "object" && a ? a.port : 0));
    });
  });
}

// Mail goes to a mail server in this process that refuses the owner's address: the admin's Mail
// tab then shows what a mail the shop could not send looks like.
const OWNER = "owner@screens.test";

async function startShop() {
  const dir = mkdtempSync(join(tmpdir(), "screens-"));
  const port = await freePort();
  const smtp = await startSmtp(0, [OWNER]);
  const proc = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      LANGUAGES: "en,hi",
      DATABASE_PATH: join(dir, "shop.db"),
      UPLOAD_DIR: join(dir, "uploads"),
      SESSION_SECRET: "screens-session-secret-0123456789",
      COOKIE_SECURE: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_REQUESTS: "false",
      RATE_LIMIT_FACTOR: "100",
      SMTP_URL: smtp.url,
      MAIL_FROM: '"RK Candles" <shop@screens.test>',
      SHOP_OWNER_EMAIL: OWNER,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Issue #38: the screens show the shop with UPI and its rules on (docs/payments.md).
      SHOP_UPI_ID: "rkcandles@okaxis",
      SHOP_UPI_NAME: "RK Candles",
      PREPAID_DISCOUNT_PERCENT: "5",
      COD_FEE_RUPEES: "30",
      COD_MAX_RUPEES: "5000",
      COD_CONFIRM: "true",
      COD_CONFIRM_HOURS: "48",
      SHOP_WHATSAPP: "+91 98765 43210",
      // Issue #39: sold-out pages offer the back-in-stock mail.
      STOCK_ALERTS: "true",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}): run npm run build first`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    smtp,
    database: join(dir, "shop.db"),
    stop: () => {
      proc.kill("SIGTERM");
      void smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Role = "guest" | "shopper" | "customer" | "admin";
/** guest: a first visit; shopper: a guest with a candle in the cart; customer: logged in, an order and a cart. */
type Shot = {
  name: string;
  path: string | ((ctx: Ctx) => string);
  as: Role;
  /** Set up before the shot and undone after it, so the other shots look as before. */
  around?: { before(page: Page, database: string): Promise<void>; after(page: Page, database: string): Promise<void> };
};

/**
 * Issue #39: the customer's cart with the code SCREEN10 applied. The code exists only for this
 * shot (paused after it), so no other screen shows the coupon field; its cookie is the code as
 * React Router's createCookie writes it (base64 JSON).
 */
const WITH_COUPON: Shot["around"] = {
  async before(page, database) {
    const db = new Database(database);
    db.prepare(
      "insert into coupons (id, code, kind, amount) values ('c0ffee0000000000000000c1', 'SCREEN10', 'percent', 1000) " +
        "on conflict (code) do update set active = 1",
    ).run();
    db.close();
    const value = encodeURIComponent(Buffer.from(JSON.stringify("SCREEN10")).toString("base64"));
    await page.context().addCookies([{ name: "rk_coupon", value, url: URL_OF_SHOP.url }]);
  },
  async after(page, database) {
    await page.context().clearCookies({ name: "rk_coupon" });
    const db = new Database(database);
    db.prepare("update coupons set active = 0 where code = 'SCREEN10'").run();
    db.close();
  },
};
/** The running shop's address, for the cookie (set by main before each shot). */
const URL_OF_SHOP = { url: "" };
type Ctx = {
  productId: string;
  orderId: string;
  resetToken: string;
  sizedProductId?: string;
  soldOutProductId?: string;
  /** Issue #38: a UPI order waiting for its payment, and one whose UTR the owner has to check. */
  upi?: { awaiting: string; checking: string };
  confirmPath?: string;
};

// The screens a reviewer asks for: the shop as a newcomer walks it, then the owner's side.
const SHOTS: Shot[] = [
  { name: "home", path: "/", as: "guest" },
  { name: "shop", path: "/shop", as: "guest" },
  // A collection's page (issue #37): its name, description and links, the demo's Woody candles.
  { name: "collection", path: "/shop?collection=woody", as: "guest" },
  { name: "product", path: (c) => `/product/${c.productId}`, as: "guest" },
  { name: "product-sizes", path: (c) => `/product/${c.sizedProductId}`, as: "guest" },
  // Issue #39: a sold-out candle with its "Tell me when it's back" form (STOCK_ALERTS).
  { name: "product-sold-out", path: (c) => `/product/${c.soldOutProductId}#alert`, as: "guest" },
  { name: "cart", path: "/cart", as: "customer" },
  { name: "login-from-cart", path: "/login?redirect=%2Fcheckout", as: "shopper" },
  { name: "checkout", path: "/checkout", as: "customer" },
  { name: "thank-you", path: (c) => `/thank-you?o=${c.orderId}`, as: "customer" },
  { name: "orders", path: "/orders", as: "customer" },
  { name: "account", path: "/account", as: "customer" },
  { name: "forgot-password", path: "/forgot-password", as: "guest" },
  { name: "forgot-password-sent", path: "/forgot-password?sent", as: "guest" },
  { name: "reset-password", path: (c) => `/reset-password?token=${c.resetToken}`, as: "guest" },
  { name: "reset-password-expired", path: "/reset-password?token=no-such-token", as: "guest" },
  // Issue #38: the confirm page of a COD order, opened logged out from the link in its mail.
  { name: "cod-confirm", path: (c) => c.confirmPath ?? "/", as: "guest" },
  { name: "hi-home", path: "/hi", as: "guest" },
  { name: "hi-shop", path: "/hi/shop", as: "guest" },
  { name: "hi-collection", path: "/hi/shop?collection=festive-gifts", as: "guest" },
  { name: "hi-product", path: (c) => `/hi/product/${c.productId}`, as: "guest" },
  { name: "hi-cart", path: "/hi/cart", as: "customer" },
  { name: "hi-checkout", path: "/hi/checkout", as: "customer" },
  { name: "hi-thank-you", path: (c) => `/hi/thank-you?o=${c.orderId}`, as: "customer" },
  { name: "hi-orders", path: "/hi/orders", as: "customer" },
  { name: "admin-overview", path: "/admin", as: "admin" },
  { name: "admin-products", path: "/admin/products?sort=stock", as: "admin" },
  { name: "admin-orders", path: "/admin/orders", as: "admin" },
  { name: "admin-orders-found", path: "/admin/orders?status=Placed&q=98765", as: "admin" },
  { name: "admin-order", path: (c) => `/admin/orders/${c.orderId}`, as: "admin" },
  { name: "admin-product-new", path: "/admin/products/new", as: "admin" },
  // The editor's Sizes section (issue #37), of a demo candle in three sizes.
  { name: "admin-product-sizes", path: (c) => `/admin/products/${c.sizedProductId}#sizes`, as: "admin" },
  { name: "admin-collections", path: "/admin/collections", as: "admin" },
  { name: "admin-mail", path: "/admin/mail", as: "admin" },
  { name: "upi-pay", path: (c) => `/orders/${c.upi!.awaiting}/pay`, as: "customer" },
  { name: "hi-upi-pay", path: (c) => `/hi/orders/${c.upi!.awaiting}/pay`, as: "customer" },
  { name: "admin-order-upi", path: (c) => `/admin/orders/${c.upi!.checking}`, as: "admin" },
  { name: "cart-coupon", path: "/cart", as: "customer", around: WITH_COUPON },
];

/** The customer asks for a password reset; the token is read from the link in the mail received. */
async function resetTokenFromMail(url: string, smtp: TestSmtp): Promise<string> {
  const res = await fetch(`${url}/api/auth/forgot`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: CUSTOMER.email }),
  });
  if (res.status !== 202) throw new Error(`forgot: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 300; i++) {
    for (const { mail } of smtp.received) {
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "");
      if (token) return token[1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no reset mail arrived");
}

/** The path of the confirm link in the first order's confirmation mail (COD_CONFIRM). */
async function confirmPathFromMail(orderId: string, smtp: TestSmtp): Promise<string> {
  for (let i = 0; i < 300; i++) {
    for (const { mail } of smtp.received) {
      const link = new RegExp(`Please confirm your order: (\\S+/orders/${orderId}/confirm\\?t=\\S+)`).exec(
        mail.text ?? "",
      );
      if (link) {
        const u = new URL(link[1]!);
        return u.pathname + u.search;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no confirmation mail with a confirm link arrived");
}

async function logIn(page: Page, url: string, who: { email: string; password: string }) {
  await page.goto(`${url}/login`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.locator("main").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

/** A customer with an order placed and two candles in the cart: what the screens show. */
async function prepareCustomer(
  browser: Browser,
  url: string,
): Promise<{ state: string; shopperState: string; ctx: Omit<Ctx, "resetToken"> }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${url}/register`);
  await page.getByLabel("Name").fill(CUSTOMER.name);
  await page.getByLabel("Email").fill(CUSTOMER.email);
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Password").fill(CUSTOMER.password);
  await page.locator("main").getByRole("button", { name: "Sign up" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/register"));

  await page.goto(`${url}/shop?sort=rating`);
  const hrefs = await page.locator(".grid .card-link").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  const productId = hrefs[0]!.split("/").pop()!;
  const addToCart = async (href: string, qty: number) => {
    await page.goto(url + href);
    await page.getByLabel("Quantity").fill(String(qty));
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.waitForLoadState();
  };
  await addToCart(hrefs[1]!, 2);
  await addToCart(hrefs[2]!, 1);
  await page.goto(`${url}/checkout`);
  await page.getByLabel("Phone").fill("98765 43210");
  await page.getByLabel("Address").fill("Flat 4B, Lotus Apartments\n12 Residency Road");
  await page.getByLabel("PIN").fill("560025");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State").fill("Karnataka");
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/thank-you/);
  const orderId = new URL(page.url()).searchParams.get("o")!;
  await addToCart(hrefs[0]!, 1);
  await addToCart(hrefs[3]!, 3);
  const state = JSON.stringify(await context.storageState());
  await context.close();

  const guest = await browser.newContext({ javaScriptEnabled: false });
  const guestPage = await guest.newPage();
  await guestPage.goto(url + hrefs[4]!);
  await guestPage.getByRole("button", { name: "Add to Cart" }).click();
  await guestPage.waitForLoadState();
  const shopperState = JSON.stringify(await guest.storageState());
  await guest.close();
  return { state, shopperState, ctx: { productId, orderId } };
}

/**
 * A month of trade for the owner's overview: 45 orders placed through the JSON door by the
 * customer, then moved back over the last 30 days in the database (some paid, delivered or
 * cancelled, a few still waiting), and two candles running low.
 */
async function seedHistory(url: string, database: string) {
  const stocked = new Database(database);
  stocked.prepare("update products set stock = stock + 100").run();
  const mailsBefore = (stocked.prepare("select max(rowid) as n from mail_outbox").get() as { n: number | null }).n ?? 0;
  stocked.close();
  const api = await request.newContext({ baseURL: url });
  const login = await api.post("/api/auth/login", { data: { email: CUSTOMER.email, password: CUSTOMER.password } });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  const list = (await (await api.get("/api/products?limit=24&sort=rating")).json()) as {
    items: { _id: string; name: string }[];
  };
  const ids: string[] = [];
  for (let i = 0; i < 45; i++) {
    const items = [{ product: list.items[(i * 7) % 24]!._id, qty: 1 + (i % 3) }];
    if (i % 4 === 0) items.push({ product: list.items[(i * 5 + 3) % 24]!._id, qty: 1 });
    const res = await api.post("/api/orders", {
      data: {
        contact: { name: i % 5 === 0 ? "प्रिया शर्मा" : CUSTOMER.name, email: CUSTOMER.email, phone: "9876543210" },
        shippingAddress:
          i % 5 === 0
            ? { address: "४२, गांधी मार्ग, लंका", city: "वाराणसी", state: "Uttar Pradesh", pin: "221005" }
            : { address: "Flat 4B, Lotus Apartments", city: "Bengaluru", state: "Karnataka", pin: "560025" },
        items,
        paymentMethod: "COD",
      },
    });
    if (res.status() !== 201) throw new Error(`order: ${res.status()} ${await res.text()}`);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  await api.dispose();
  const db = new Database(database);
  const now = Date.now();
  const move = db.prepare("update orders set created_at = ?, status = ?, is_paid = ? where id = ?");
  ids.forEach((id, i) => {
    const daysAgo = (i * 13) % 30;
    const at = Math.floor((now - daysAgo * 86400_000 - (i % 7) * 3600_000) / 1000);
    const status = daysAgo <= 1 ? "Placed" : i % 11 === 0 ? "Cancelled" : daysAgo < 5 ? "Processing" : "Delivered";
    move.run(at, status, status === "Delivered" ? 1 : 0, id);
  });
  // Their mails are not the point here: the Mail tab keeps showing the first order's.
  db.prepare("delete from mail_outbox where rowid > ?").run(mailsBefore);
  db.prepare("update products set stock = stock - 100 where stock >= 100").run();
  db.prepare("update products set stock = 0 where id = ?").run(list.items[20]!._id);
  db.prepare("update products set stock = 2 where id = ?").run(list.items[21]!._id);
  // A candle in sizes shows its default size's stock (issue #37): that size gets the product's.
  db.prepare(
    `update product_sizes set stock = (select stock from products p where p.id = product_sizes.product_id)
      where id = (select d.id from product_sizes d where d.product_id = product_sizes.product_id
                    and d.deleted_at is null order by d.position, d.id limit 1)`,
  ).run();
  db.close();
}

/** Issue #38: two UPI orders of the customer, one waiting for its payment, one with a UTR sent. */
async function prepareUpiOrders(url: string, database: string): Promise<{ awaiting: string; checking: string }> {
  const api = await request.newContext({ baseURL: url });
  const login = await api.post("/api/auth/login", { data: { email: CUSTOMER.email, password: CUSTOMER.password } });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  const list = (await (await api.get("/api/products?limit=3&sort=rating")).json()) as { items: { _id: string }[] };
  const ids: string[] = [];
  for (const qty of [2, 1]) {
    const res = await api.post("/api/orders", {
      data: {
        contact: { name: CUSTOMER.name, email: CUSTOMER.email, phone: "9876543210" },
        shippingAddress: { address: "Flat 4B, Lotus Apartments", city: "Bengaluru", state: "Karnataka", pin: "560025" },
        items: [{ product: list.items[qty]!._id, qty }],
        paymentMethod: "UPI",
      },
    });
    if (res.status() !== 201) throw new Error(`UPI order: ${res.status()} ${await res.text()}`);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  await api.dispose();
  const db = new Database(database);
  db.prepare("update orders set utr = '412345678901', utr_at = unixepoch(), expires_at = null where id = ?").run(
    ids[1],
  );
  db.close();
  return { awaiting: ids[0]!, checking: ids[1]! };
}

/** Issue #39: a candle without sizes, sold out, for its "Tell me when it's back" form (the least rated). */
function sellOutOne(database: string): { id: string } | undefined {
  const db = new Database(database);
  const row = db
    .prepare(
      `select id from products p where deleted_at is null and not exists
         (select 1 from product_sizes s where s.product_id = p.id and s.deleted_at is null)
       order by rating, id limit 1`,
    )
    .get() as { id: string } | undefined;
  if (row) db.prepare("update products set stock = 0 where id = ?").run(row.id);
  db.close();
  return row;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const shop = await startShop();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  try {
    const prepared = await prepareCustomer(browser, shop.url);
    const { state: customerState, shopperState } = prepared;
    await seedHistory(shop.url, shop.database);
    const upi = await prepareUpiOrders(shop.url, shop.database);
    const soldOut = sellOutOne(shop.database);
    const needsToken = !ONLY || ONLY.has("reset-password");
    const sized = new Database(shop.database, { readonly: true });
    const sizedProduct = sized
      .prepare(
        "select product_id as id from product_sizes where deleted_at is null group by product_id order by count(*) desc, product_id limit 1",
      )
      .get() as { id: string } | undefined;
    sized.close();
    const ctx = {
      ...prepared.ctx,
      sizedProductId: sizedProduct?.id,
      soldOutProductId: soldOut?.id,
      upi,
      resetToken: needsToken ? await resetTokenFromMail(shop.url, shop.smtp) : "",
      confirmPath:
        !ONLY || ONLY.has("cod-confirm") ? await confirmPathFromMail(prepared.ctx.orderId, shop.smtp) : undefined,
    };
    const adminCtx = await browser.newContext();
    await logIn(await adminCtx.newPage(), shop.url, ADMIN);
    const adminState = JSON.stringify(await adminCtx.storageState());
    await adminCtx.close();

    const devices = [
      { prefix: "phone", viewport: { width: 360, height: 740 }, js: false, scale: 1 },
      { prefix: "laptop", viewport: { width: 1280, height: 800 }, js: true, scale: 1 },
      ...(args["js-phone"] ? [{ prefix: "phone-js", viewport: { width: 360, height: 740 }, js: true, scale: 2 }] : []),
    ];
    for (const d of devices) {
      const open = (state?: string) =>
        browser.newContext({
          viewport: d.viewport,
          javaScriptEnabled: d.js,
          deviceScaleFactor: d.scale,
          storageState: state ? JSON.parse(state) : undefined,
        });
      const contexts: Record<Role, BrowserContext> = {
        guest: await open(),
        shopper: await open(shopperState),
        customer: await open(customerState),
        admin: await open(adminState),
      };
      for (const shot of SHOTS) {
        if (ONLY && !ONLY.has(shot.name)) continue;
        const page = await contexts[shot.as].newPage();
        const path = typeof shot.path === "string" ? shot.path : shot.path(ctx);
        URL_OF_SHOP.url = shop.url;
        await shot.around?.before(page, shop.database);
        await page.goto(shop.url + path, { waitUntil: "load" });
        // Lazy pictures below the first screen: load them for a whole-page picture.
        if (args.full)
          await page.evaluate(() => document.querySelectorAll("img").forEach((i) => (i.loading = "eager")));
        await page.waitForLoadState("networkidle");
        const file = join(OUT, `${d.prefix}-${shot.name}.png`);
        await page.screenshot({ path: file, fullPage: args.full, animations: "disabled" });
        console.log(file);
        await shot.around?.after(page, shop.database);
        await page.close();
      }
      for (const c of Object.values(contexts)) await c.close();
    }
  } finally {
    await browser.close();
    shop.stop();
  }
}

await main();
