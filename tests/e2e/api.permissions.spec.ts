// Every route of app/routes.ts, with each method it supports (and a few it does not), as a guest,
// a customer (who owns an order), another customer and an admin: the exact status, and for
// redirects the exact Location. One test per role; each row names its route, so a failure says
// which door answered wrongly. Redirects are not followed (maxRedirects: 0).
import type { APIRequestContext } from "@playwright/test";
import { ADMIN } from "../playwright.config";
import { png } from "../support/images";
import { expect, queryOne, test } from "./support/fixtures";

type Role = "guest" | "customer" | "other" | "admin";
const ROLES: Role[] = ["guest", "customer", "other", "admin"];

type Res = { status: number; location: string | null; type: string; text: string };
/** A status, or a redirect with its exact Location. */
type Expected = number | [301 | 302, string];
type World = {
  product: string;
  dead: string;
  order: string;
  upload: string;
  demoImage: string;
  users: Record<Role, { id: string; email: string; password: string } | null>;
  /** A new session for a role (guest: none), for rows that end or replace a session. */
  freshCookie: (role: Role) => Promise<string>;
  newProduct: () => Promise<string>;
  newOrder: () => Promise<string>;
};
type Row = {
  /** The routes.ts path this row exercises. */
  route: string;
  method: string;
  url: (w: World) => string | Promise<string>;
  body?: (w: World) => Body;
  expect: Record<Role, Expected>;
  /** Sends a new session of the role instead of the shared one (logout, login, register). */
  freshSession?: boolean;
  check?: (res: Res, role: Role, w: World, url: string) => void | Promise<void>;
};
type Body = { json?: unknown; form?: Record<string, string>; multipart?: FormData };

const ZERO = "0".repeat(24);
const CONTACT = { name: "Perm Buyer", email: "perm@example.com", phone: "9876543210" };
const ADDRESS = { address: "1 MG Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" };
const PRODUCT = {
  name: "Permissions Candle",
  description: "x",
  price: 100,
  mrp: 120,
  stock: 1000,
  image: "",
  images: [],
};

const all = (e: Expected): Record<Role, Expected> => ({ guest: e, customer: e, other: e, admin: e });
/** Guests go to /login?redirect=<path>; a path with a {placeholder} is checked by the row's own `check`. */
const toLogin = (path: string): [302, string] => [
  302,
  path.includes("{") ? "dynamic" : `/login?redirect=${encodeURIComponent(path)}`,
];
/** requireUser pages: guests to /login?redirect=…, everyone else `ok`. */
const userPage = (path: string, ok: Expected = 200) => ({ guest: toLogin(path), customer: ok, other: ok, admin: ok });
/** requireAdmin pages: guests to /login?redirect=…, customers to /, admins `ok`. */
const adminPage = (path: string, ok: Expected = 200): Record<Role, Expected> => ({
  guest: toLogin(path),
  customer: [302, "/"],
  other: [302, "/"],
  admin: ok,
});
/** requireApiUser: 401 for guests. */
const apiUser = (ok: Expected) => ({ guest: 401, customer: ok, other: ok, admin: ok });
/** requireApiAdmin: 401 guests, 403 customers. */
const apiAdmin = (ok: Expected) => ({ guest: 401, customer: 403, other: 403, admin: ok });

const pngFile = () => {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(png(3, 3, [200, 100, 50]))], "p.png", { type: "image/png" }));
  return form;
};

const rows: Row[] = [
  // --- Pages
  { route: "/ (index)", method: "GET", url: () => "/", expect: all(200) },
  { route: "/ (index)", method: "POST", url: () => "/", expect: all(405) },
  { route: "shop", method: "GET", url: () => "/shop?q=candle&sort=price-asc&limit=500&page=-3", expect: all(200) },
  { route: "shop", method: "POST", url: () => "/shop", expect: all(405) },
  { route: "product/:id", method: "GET", url: (w) => `/product/${w.product}?image=9`, expect: all(200) },
  { route: "product/:id", method: "GET", url: () => `/product/${ZERO}`, expect: all(404) },
  { route: "product/:id", method: "GET", url: (w) => `/product/${w.dead}`, expect: all(404) },
  {
    route: "product/:id",
    method: "POST",
    url: (w) => `/product/${w.product}`,
    body: () => ({ form: { rating: "0", comment: "not a rating" } }),
    expect: userPage("/product/{P}", 400),
    check: guestToLoginAt,
  },
  {
    route: "product/:id",
    method: "POST",
    url: () => `/product/${ZERO}`,
    body: () => ({ form: { rating: "5" } }),
    expect: { ...apiUser(404), guest: toLogin(`/product/${ZERO}`) },
  },
  { route: "cart", method: "GET", url: () => "/cart", expect: all(200) },
  {
    route: "cart",
    method: "POST",
    url: () => "/cart",
    body: () => ({ form: { intent: "clear" } }),
    expect: all([302, "/cart"]),
  },
  {
    route: "cart",
    method: "POST",
    url: () => "/cart",
    body: () => ({ form: { intent: "nonsense" } }),
    expect: all([302, "/cart"]),
  },
  { route: "checkout", method: "GET", url: () => "/checkout", expect: userPage("/checkout") },
  {
    route: "checkout",
    method: "POST",
    url: () => "/checkout",
    body: () => ({ form: { intent: "place" } }),
    expect: userPage("/checkout", 400),
  },
  {
    route: "checkout",
    method: "POST",
    url: () => "/checkout",
    body: () => ({ form: { intent: "lookup", pin: "600001" } }),
    expect: userPage("/checkout"),
  },
  { route: "pay/online", method: "GET", url: () => "/pay/online", expect: all(200) },
  { route: "coming-soon", method: "GET", url: () => "/coming-soon", expect: all(200) },
  { route: "thank-you", method: "GET", url: () => "/thank-you", expect: all([302, "/"]) },
  {
    route: "thank-you",
    method: "GET",
    url: () => "/thank-you?o=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    expect: all([302, "/"]),
  },
  // The order's owner (and an admin) see it; another customer gets what an unknown order gets.
  {
    route: "thank-you",
    method: "GET",
    url: (w) => `/thank-you?o=${w.order}`,
    expect: { guest: toLogin("/thank-you?o={O}"), customer: 200, other: 404, admin: 200 },
    check: guestToLoginAt,
  },
  {
    route: "thank-you",
    method: "GET",
    url: () => `/thank-you?o=${ZERO}`,
    expect: { guest: toLogin(`/thank-you?o=${ZERO}`), customer: 404, other: 404, admin: 404 },
  },
  {
    route: "login",
    method: "GET",
    url: () => "/login",
    expect: { guest: 200, customer: [302, "/"], other: [302, "/"], admin: [302, "/admin"] },
  },
  {
    route: "login",
    method: "GET",
    url: () => "/login?redirect=%2Forders%3Fo%3D1",
    expect: { guest: 200, customer: [302, "/orders?o=1"], other: [302, "/orders?o=1"], admin: [302, "/orders?o=1"] },
  },
  {
    route: "login",
    method: "GET",
    url: () => "/login?redirect=%2F%2Fevil.example",
    expect: { guest: 200, customer: [302, "/"], other: [302, "/"], admin: [302, "/admin"] },
  },
  // A refused login re-renders the form (401, issue #35); someone already logged in is then sent on by the loader.
  {
    route: "login",
    method: "POST",
    url: () => "/login",
    body: () => ({ form: { email: "nobody@example.com", password: "wrong-password" } }),
    expect: { guest: 401, customer: [302, "/"], other: [302, "/"], admin: [302, "/admin"] },
  },
  {
    route: "register",
    method: "GET",
    url: () => "/register",
    expect: { guest: 200, customer: [302, "/"], other: [302, "/"], admin: [302, "/"] },
  },
  {
    route: "register",
    method: "POST",
    url: () => "/register",
    body: () => ({ form: { name: "", email: "x" } }),
    expect: { guest: 400, customer: [302, "/"], other: [302, "/"], admin: [302, "/"] },
  },
  { route: "logout", method: "GET", url: () => "/logout", expect: all([302, "/"]) },
  {
    route: "logout",
    method: "POST",
    url: () => "/logout",
    body: () => ({ form: {} }),
    freshSession: true,
    expect: all([302, "/"]),
    check: (res) => expect(res.location).toBe("/"),
  },
  // Forgot password (issue #23): the same for everyone; a dead link re-renders with its message (400).
  { route: "forgot-password", method: "GET", url: () => "/forgot-password", expect: all(200) },
  {
    route: "forgot-password",
    method: "POST",
    url: () => "/forgot-password",
    body: () => ({ form: { email: "nobody@example.com" } }),
    expect: all([302, "/forgot-password?sent"]),
  },
  { route: "reset-password", method: "GET", url: () => "/reset-password?token=dead", expect: all(200) },
  {
    route: "reset-password",
    method: "POST",
    url: () => "/reset-password",
    body: () => ({ form: { token: "dead", password: "secret12" } }),
    expect: all(400),
  },
  { route: "account", method: "GET", url: () => "/account", expect: userPage("/account") },
  // An empty name and phone: the form comes back with its messages; nothing is saved.
  {
    route: "account",
    method: "POST",
    url: () => "/account",
    body: () => ({ form: { intent: "profile", name: "", phone: "" } }),
    expect: userPage("/account", 400),
  },
  { route: "orders", method: "GET", url: () => "/orders", expect: userPage("/orders") },
  { route: "orders", method: "GET", url: () => "/orders?o=abc", expect: userPage("/orders?o=abc") },
  { route: "orders", method: "POST", url: () => "/orders", expect: all(405) },
  // Issue #38: a COD order's confirm page. This server has no COD_CONFIRM: no order is one to confirm.
  { route: "orders/:id/confirm", method: "GET", url: (w) => `/orders/${w.order}/confirm?t=x`, expect: all(404) },
  { route: "orders/:id/confirm", method: "GET", url: (w) => `/orders/${w.order}/confirm`, expect: all(404) },
  {
    route: "orders/:id/confirm",
    method: "POST",
    url: (w) => `/orders/${w.order}/confirm`,
    body: () => ({ form: { t: "x" } }),
    expect: all(404),
  },
  {
    route: "orders/:id/confirm",
    method: "POST",
    url: (w) => `/orders/${w.order}/confirm`,
    body: () => ({ form: {} }),
    expect: { ...apiUser(404), guest: toLogin("/orders/{O}/confirm") },
    check: guestToLoginAt,
  },
  // Issue #39: this server has no STOCK_ALERTS, so a sign-up is a 404; the stop page's GET and POST
  // with a token that matches nothing are 404s too.
  { route: "stock-alerts", method: "GET", url: () => "/stock-alerts", expect: all(200) },
  {
    route: "stock-alerts",
    method: "POST",
    url: () => "/stock-alerts",
    body: (w) => ({ form: { productId: w.product, email: "someone@example.com" } }),
    expect: all(404),
  },
  { route: "stock-alerts/stop", method: "GET", url: () => "/stock-alerts/stop?e=a%40b.c&t=x", expect: all(404) },
  {
    route: "stock-alerts/stop",
    method: "POST",
    url: () => "/stock-alerts/stop",
    body: () => ({ form: { e: "a@b.c", t: "x" } }),
    expect: all(404),
  },
  { route: "admin", method: "GET", url: () => "/admin", expect: adminPage("/admin") },
  { route: "admin/orders", method: "GET", url: () => "/admin/orders", expect: adminPage("/admin/orders") },
  // The tabs' old URLs: the admin is sent on to the tab's own URL, the query kept.
  {
    route: "admin",
    method: "GET",
    url: () => "/admin?tab=orders&status=Placed",
    expect: adminPage("/admin?tab=orders&status=Placed", [301, "/admin/orders?status=Placed"]),
  },
  {
    route: "admin/orders",
    method: "POST",
    url: () => "/admin/orders",
    body: () => ({ form: { intent: "nonsense" } }),
    expect: adminPage("/admin/orders", [302, "/admin/orders"]),
  },
  {
    route: "admin/orders",
    method: "POST",
    url: () => "/admin/orders",
    body: (w) => ({ form: { intent: "status", orderId: w.order, status: "Shipped" } }),
    expect: adminPage("/admin/orders", [302, "/admin/orders"]),
    check: async (_res, role, w) =>
      expect((await queryOne<{ status: string }>("select status from orders where id = ?", w.order))!.status).toBe(
        role === "admin" ? "Shipped" : "Placed",
      ),
  },
  {
    route: "admin/coupons",
    method: "GET",
    url: () => "/admin/coupons",
    expect: adminPage("/admin/coupons"),
  },
  {
    route: "admin/coupons",
    method: "POST",
    url: () => "/admin/coupons",
    body: () => ({ form: { code: "", kind: "percent", amount: "10" } }),
    expect: adminPage("/admin/coupons", 400),
  },
  {
    route: "admin/coupons/:id",
    method: "GET",
    url: () => `/admin/coupons/${ZERO}`,
    expect: adminPage(`/admin/coupons/${ZERO}`, 404),
  },
  {
    route: "admin/coupons/:id",
    method: "POST",
    url: () => `/admin/coupons/${ZERO}`,
    body: () => ({ form: { code: "NOBODY1", kind: "percent", amount: "10" } }),
    expect: adminPage(`/admin/coupons/${ZERO}`, [302, "/admin/coupons"]),
  },
  {
    route: "admin/collections",
    method: "GET",
    url: () => "/admin/collections",
    expect: adminPage("/admin/collections"),
  },
  {
    route: "admin/collections",
    method: "POST",
    url: () => "/admin/collections",
    body: () => ({ form: { intent: "save", name: "" } }),
    expect: adminPage("/admin/collections", 400),
  },
  {
    route: "admin/collections/:id",
    method: "GET",
    url: () => `/admin/collections/${ZERO}`,
    expect: adminPage(`/admin/collections/${ZERO}`, 404),
  },
  {
    route: "admin/collections/:id",
    method: "POST",
    url: () => `/admin/collections/${ZERO}`,
    body: () => ({ form: { name: "Nobody's" } }),
    expect: adminPage(`/admin/collections/${ZERO}`, [302, "/admin/collections"]),
  },
  {
    route: "admin/collections/:id/delete",
    method: "GET",
    url: () => `/admin/collections/${ZERO}/delete`,
    expect: adminPage(`/admin/collections/${ZERO}/delete`, 404),
  },
  {
    route: "admin/collections/:id/delete",
    method: "POST",
    url: () => `/admin/collections/${ZERO}/delete`,
    body: () => ({ form: {} }),
    expect: adminPage(`/admin/collections/${ZERO}/delete`, [302, "/admin/collections"]),
  },
  {
    route: "admin/products/new",
    method: "GET",
    url: () => "/admin/products/new",
    expect: adminPage("/admin/products/new"),
  },
  {
    route: "admin/products/new",
    method: "POST",
    url: () => "/admin/products/new",
    body: () => ({ form: { name: "" } }),
    expect: adminPage("/admin/products/new", 400),
  },
  {
    route: "admin/products/:id",
    method: "GET",
    url: (w) => `/admin/products/${w.product}`,
    expect: adminPage("/admin/products/{P}"),
    check: guestToLoginAt,
  },
  {
    route: "admin/products/:id",
    method: "GET",
    url: () => `/admin/products/${ZERO}`,
    expect: adminPage(`/admin/products/${ZERO}`, 404),
  },
  {
    route: "admin/products/:id",
    method: "GET",
    url: (w) => `/admin/products/${w.dead}`,
    expect: adminPage("/admin/products/{D}", 404),
    check: guestToLoginAt,
  },
  {
    route: "admin/products/:id",
    method: "POST",
    url: (w) => `/admin/products/${w.product}`,
    body: () => ({ form: { name: "", price: "-1" } }),
    expect: adminPage("/admin/products/{P}", 400),
    check: guestToLoginAt,
  },
  {
    route: "admin/products/:id/delete",
    method: "GET",
    url: (w) => `/admin/products/${w.product}/delete`,
    expect: adminPage("/admin/products/{P}/delete"),
    check: guestToLoginAt,
  },
  {
    route: "admin/products/:id/delete",
    method: "GET",
    url: () => `/admin/products/${ZERO}/delete`,
    expect: adminPage(`/admin/products/${ZERO}/delete`, 404),
  },
  {
    route: "admin/products/:id/delete",
    method: "POST",
    url: (w) => w.newProduct().then((id) => `/admin/products/${id}/delete`),
    body: () => ({ form: {} }),
    expect: adminPage("/admin/products/{new}/delete", [302, "/admin/products"]),
    check: async (_res, role, _w, url) => {
      const id = url.split("/")[3]!;
      guestToLoginAt(_res, role, _w, url);
      const deleted =
        (await queryOne<{ deleted_at: number | null }>("select deleted_at from products where id = ?", id))!
          .deleted_at !== null;
      expect(deleted, "deleted").toBe(role === "admin");
    },
  },
  {
    route: "admin/orders/:id",
    method: "GET",
    url: (w) => `/admin/orders/${w.order}`,
    expect: adminPage("/admin/orders/{O}"),
    check: guestToLoginAt,
  },
  {
    route: "admin/orders/:id",
    method: "GET",
    url: () => `/admin/orders/${ZERO}`,
    expect: adminPage(`/admin/orders/${ZERO}`, 404),
  },
  {
    // Mark Shipped (issue #23): only an admin's post ships the order.
    route: "admin/orders/:id",
    method: "POST",
    url: (w) => w.newOrder().then((id) => `/admin/orders/${id}`),
    body: () => ({ form: { courier: "Perm Couriers", trackingNumber: "PERM123" } }),
    expect: adminPage("/admin/orders/{new}", [302, "dynamic"]),
    check: async (res, role, w, url) => {
      guestToLoginAt(res, role, w, url);
      if (role === "admin") expect(res.location).toBe(url);
      const id = url.split("/")[3]!;
      const order = await queryOne<{ status: string; courier: string | null }>(
        "select status, courier from orders where id = ?",
        id,
      );
      expect(order, "shipped").toEqual(
        role === "admin" ? { status: "Shipped", courier: "Perm Couriers" } : { status: "Placed", courier: null },
      );
    },
  },
  {
    route: "admin/orders/:id/delete",
    method: "GET",
    url: (w) => `/admin/orders/${w.order}/delete`,
    expect: adminPage("/admin/orders/{O}/delete"),
    check: guestToLoginAt,
  },
  {
    route: "admin/orders/:id/delete",
    method: "GET",
    url: () => `/admin/orders/${ZERO}/delete`,
    expect: adminPage(`/admin/orders/${ZERO}/delete`, 404),
  },
  {
    route: "admin/orders/:id/delete",
    method: "POST",
    url: (w) => w.newOrder().then((id) => `/admin/orders/${id}/delete`),
    body: () => ({ form: {} }),
    expect: adminPage("/admin/orders/{new}/delete", [302, "/admin/orders"]),
    check: async (_res, role, _w, url) => {
      guestToLoginAt(_res, role, _w, url);
      const gone = (await queryOne("select id from orders where id = ?", url.split("/")[3])) === undefined;
      expect(gone, "deleted").toBe(role === "admin");
    },
  },
  // The owner's view (issue #26): downloads are the admin's alone, like the pages.
  {
    route: "admin/products",
    method: "GET",
    url: () => "/admin/products?sort=stock",
    expect: adminPage("/admin/products?sort=stock"),
  },
  {
    route: "admin/orders.csv",
    method: "GET",
    url: () => "/admin/orders.csv?status=Placed",
    expect: adminPage("/admin/orders.csv?status=Placed"),
    check: (res, role) => {
      if (role === "admin") expect([res.type, res.text.startsWith('\uFEFF"Date",')]).toEqual(["text/csv", true]);
    },
  },
  {
    route: "admin/orders.csv",
    method: "GET",
    url: () => "/admin/orders.csv?from=2026-02-30",
    expect: adminPage("/admin/orders.csv?from=2026-02-30", 400),
  },
  {
    route: "admin/orders.csv",
    method: "POST",
    url: () => "/admin/orders.csv",
    body: () => ({ form: {} }),
    expect: all(405),
  },
  {
    route: "admin/orders/packing-slips",
    method: "GET",
    url: () => "/admin/orders/packing-slips",
    expect: adminPage("/admin/orders/packing-slips"),
    check: (res, role) => {
      if (role === "admin") expect(res.type).toBe("application/pdf");
    },
  },
  {
    route: "admin/orders/:id/packing-slip",
    method: "GET",
    url: (w) => `/admin/orders/${w.order}/packing-slip`,
    expect: adminPage("/admin/orders/{O}/packing-slip"),
    check: (res, role, w, url) => {
      guestToLoginAt(res, role, w, url);
      if (role === "admin") expect(res.type).toBe("application/pdf");
    },
  },
  {
    route: "admin/orders/:id/packing-slip",
    method: "GET",
    url: () => `/admin/orders/${ZERO}/packing-slip`,
    expect: adminPage(`/admin/orders/${ZERO}/packing-slip`, 404),
  },
  {
    route: "uploads/*",
    method: "GET",
    url: (w) => w.upload,
    expect: all(200),
    check: (res) => expect(res.type).toBe("image/png"),
  },
  { route: "uploads/*", method: "GET", url: () => "/uploads/no-such-file.png", expect: all(404) },
  { route: "uploads/*", method: "GET", url: () => "/uploads/..%2Fshop.db", expect: all(404) },
  { route: "uploads/*", method: "GET", url: () => "/uploads/..%5C..%5Cshop.db", expect: all(404) },
  { route: "uploads/*", method: "POST", url: (w) => w.upload, body: () => ({ form: {} }), expect: all(405) },
  { route: "about", method: "GET", url: () => "/about", expect: all(200) },
  { route: "policy/terms", method: "GET", url: () => "/policy/terms", expect: all(200) },
  { route: "policy/privacy", method: "GET", url: () => "/policy/privacy", expect: all(200) },
  { route: "policy/refund", method: "GET", url: () => "/policy/refund", expect: all(200) },
  {
    route: "healthz",
    method: "GET",
    url: () => "/healthz",
    expect: all(200),
    check: (res) => expect(JSON.parse(res.text)).toEqual({ status: "ok" }),
  },
  { route: "healthz", method: "POST", url: () => "/healthz", expect: all(405) },
  {
    route: "images/demo/:file",
    method: "GET",
    url: (w) => w.demoImage,
    expect: all(200),
    check: (res) => expect(res.type).toBe("image/svg+xml"),
  },
  { route: "images/demo/:file", method: "GET", url: () => "/images/demo/not-a-candle-9.svg", expect: all(404) },
  { route: "* (catch-all)", method: "GET", url: () => "/no/such/page", expect: all([302, "/"]) },
  {
    route: "* (catch-all)",
    method: "POST",
    url: () => "/no/such/page",
    body: () => ({ form: {} }),
    expect: all([302, "/"]),
  },

  // --- JSON API (docs/architecture.md: errors are { message } with 400, 401, 403, 404, 405 or 409)
  { route: "api/products", method: "GET", url: () => "/api/products?limit=200", expect: all(200) },
  {
    route: "api/products",
    method: "POST",
    url: () => "/api/products",
    body: () => ({ json: { ...PRODUCT, name: "Permissions Candle (created)" } }),
    expect: apiAdmin(201),
    check: (res, role) => {
      if (role === "admin") expect(res.location ?? "").toMatch(/^\/api\/products\/[0-9a-f]{24}$/);
    },
  },
  { route: "api/products", method: "DELETE", url: () => "/api/products", expect: all(405) },
  { route: "api/products/:id", method: "GET", url: (w) => `/api/products/${w.product}`, expect: all(200) },
  { route: "api/products/:id", method: "GET", url: () => `/api/products/${ZERO}`, expect: all(404) },
  { route: "api/products/:id", method: "GET", url: (w) => `/api/products/${w.dead}`, expect: all(404) },
  {
    route: "api/products/:id",
    method: "PUT",
    url: (w) => `/api/products/${w.product}`,
    body: () => ({ json: { ...PRODUCT, price: 101 } }),
    expect: apiAdmin(200),
  },
  {
    route: "api/products/:id",
    method: "PUT",
    url: () => `/api/products/${ZERO}`,
    body: () => ({ json: PRODUCT }),
    expect: apiAdmin(404),
  },
  {
    route: "api/products/:id",
    method: "POST",
    url: (w) => `/api/products/${w.product}`,
    body: () => ({ json: PRODUCT }),
    expect: apiAdmin(405),
  },
  {
    route: "api/products/:id",
    method: "DELETE",
    url: (w) => w.newProduct().then((id) => `/api/products/${id}`),
    expect: apiAdmin(200),
    check: async (_res, role, _w, url) => {
      const deleted =
        (await queryOne<{ deleted_at: number | null }>(
          "select deleted_at from products where id = ?",
          url.split("/")[3],
        ))!.deleted_at !== null;
      expect(deleted, "deleted").toBe(role === "admin");
    },
  },
  {
    route: "api/products/:id/reviews",
    method: "GET",
    url: (w) => `/api/products/${w.product}/reviews`,
    expect: all(405),
  },
  {
    route: "api/products/:id/reviews",
    method: "POST",
    url: (w) => `/api/products/${w.product}/reviews`,
    body: () => ({ json: { rating: 4, comment: "ok" } }),
    expect: apiUser(201),
  },
  {
    route: "api/products/:id/reviews",
    method: "POST",
    url: (w) => `/api/products/${w.dead}/reviews`,
    body: () => ({ json: { rating: 4 } }),
    expect: apiUser(404),
  },
  {
    route: "api/products/:id/reviews",
    method: "POST",
    url: (w) => `/api/products/${w.product}/reviews`,
    body: () => ({ json: { rating: 9 } }),
    expect: apiUser(400),
  },
  { route: "api/orders", method: "GET", url: () => "/api/orders", expect: apiAdmin(200) },
  { route: "api/orders", method: "GET", url: () => "/api/orders?status=Placed&q=perm", expect: apiAdmin(200) },
  { route: "api/orders", method: "GET", url: () => "/api/orders?status=Lost", expect: apiAdmin(400) },
  {
    route: "api/orders",
    method: "POST",
    url: () => "/api/orders",
    body: (w) => ({ json: { contact: CONTACT, shippingAddress: ADDRESS, items: [{ product: w.product, qty: 1 }] } }),
    expect: apiUser(201),
  },
  { route: "api/orders", method: "PUT", url: () => "/api/orders", body: () => ({ json: {} }), expect: all(405) },
  { route: "api/orders/:id", method: "GET", url: (w) => `/api/orders/${w.order}`, expect: apiAdmin(200) },
  { route: "api/orders/:id", method: "GET", url: () => `/api/orders/${ZERO}`, expect: apiAdmin(404) },
  {
    route: "api/orders/:id",
    method: "PUT",
    url: (w) => `/api/orders/${w.order}`,
    body: () => ({ json: { isPaid: true } }),
    expect: apiAdmin(200),
  },
  {
    route: "api/orders/:id",
    method: "PATCH",
    url: (w) => `/api/orders/${w.order}`,
    body: () => ({ json: { status: "Lost" } }),
    expect: apiAdmin(400),
  },
  {
    route: "api/orders/:id",
    method: "POST",
    url: (w) => `/api/orders/${w.order}`,
    body: () => ({ json: {} }),
    expect: apiAdmin(405),
  },
  {
    route: "api/orders/:id",
    method: "DELETE",
    url: (w) => w.newOrder().then((id) => `/api/orders/${id}`),
    expect: apiAdmin(200),
    check: async (_res, role, _w, url) =>
      expect((await queryOne("select id from orders where id = ?", url.split("/")[3])) === undefined, "deleted").toBe(
        role === "admin",
      ),
  },
  { route: "api/uploads", method: "GET", url: () => "/api/uploads", expect: all(405) },
  {
    route: "api/uploads",
    method: "POST",
    url: () => "/api/uploads",
    body: () => ({ multipart: pngFile() }),
    expect: apiAdmin(201),
    check: (res, role) => {
      if (role === "admin") expect(JSON.parse(res.text).url).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    },
  },
  {
    route: "api/orders/my",
    method: "GET",
    url: () => "/api/orders/my",
    expect: apiUser(200),
    check: async (res, role, w) => {
      if (role === "guest") return;
      const mine = (JSON.parse(res.text) as { _id: string }[]).map((o) => o._id);
      // Only one's own orders: the customer sees theirs, nobody else sees it. (check() runs inside
      // the test that walks this table, which the rule cannot see.)
      /* eslint-disable playwright/no-standalone-expect -- called from the test below */
      expect(mine.includes(w.order), "lists the customer's order").toBe(role === "customer");
      for (const id of mine)
        expect((await queryOne<{ user_id: string }>("select user_id from orders where id = ?", id))!.user_id).toBe(
          w.users[role]!.id,
        );
      /* eslint-enable playwright/no-standalone-expect */
    },
  },
  { route: "api/orders/my", method: "POST", url: () => "/api/orders/my", body: () => ({ json: {} }), expect: all(405) },
  {
    route: "api/orders/:id/invoice",
    method: "GET",
    url: (w) => `/api/orders/${w.order}/invoice`,
    expect: { guest: 401, customer: 200, other: 404, admin: 200 },
    check: (res) => {
      if (res.status === 200) expect(res.type).toBe("application/pdf");
    },
  },
  { route: "api/orders/:id/invoice", method: "GET", url: () => `/api/orders/${ZERO}/invoice`, expect: apiUser(404) },
  {
    route: "api/orders/:id/invoice",
    method: "POST",
    url: (w) => `/api/orders/${w.order}/invoice`,
    body: () => ({ json: {} }),
    expect: all(405),
  },
  {
    route: "api/auth/me",
    method: "GET",
    url: () => "/api/auth/me",
    expect: apiUser(200),
    check: (res, role, w) => {
      if (role !== "guest")
        expect(JSON.parse(res.text)).toMatchObject({ _id: w.users[role]!.id, isAdmin: role === "admin" });
    },
  },
  { route: "api/auth/me", method: "POST", url: () => "/api/auth/me", body: () => ({ json: {} }), expect: all(405) },
  {
    route: "api/auth/me",
    method: "PUT",
    url: () => "/api/auth/me",
    body: () => ({ json: {} }),
    expect: apiUser(200),
    check: (res, role, w) => {
      if (role !== "guest") expect(JSON.parse(res.text)).toMatchObject({ _id: w.users[role]!.id });
    },
  },
  { route: "api/auth/forgot", method: "GET", url: () => "/api/auth/forgot", expect: all(405) },
  {
    route: "api/auth/forgot",
    method: "POST",
    url: () => "/api/auth/forgot",
    body: () => ({ json: { email: "nobody@example.com" } }),
    expect: all(202),
  },
  { route: "api/auth/reset", method: "GET", url: () => "/api/auth/reset", expect: all(405) },
  {
    route: "api/auth/reset",
    method: "POST",
    url: () => "/api/auth/reset",
    body: () => ({ json: { token: "dead", password: "secret12" } }),
    expect: all(400),
  },
  { route: "api/auth/login", method: "GET", url: () => "/api/auth/login", expect: all(405) },
  {
    route: "api/auth/login",
    method: "POST",
    url: () => "/api/auth/login",
    body: (w) => ({ json: { email: w.users.customer!.email, password: w.users.customer!.password } }),
    freshSession: true,
    expect: all(200),
  },
  {
    route: "api/auth/login",
    method: "POST",
    url: () => "/api/auth/login",
    body: (w) => ({ json: { email: w.users.customer!.email, password: "wrong-pass" } }),
    expect: all(401),
  },
  {
    route: "api/auth/login",
    method: "POST",
    url: () => "/api/auth/login",
    body: () => ({ json: {} }),
    expect: all(400),
  },
  { route: "api/auth/register", method: "GET", url: () => "/api/auth/register", expect: all(405) },
  {
    route: "api/auth/register",
    method: "POST",
    url: () => "/api/auth/register",
    body: () => ({
      json: {
        name: "Perm New",
        email: `perm-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
        password: "secret12",
        phone: "9876543210",
      },
    }),
    freshSession: true,
    expect: all(201),
  },
  {
    route: "api/auth/register",
    method: "POST",
    url: () => "/api/auth/register",
    body: (w) => ({ json: { name: "Dup", email: w.users.customer!.email, password: "secret12", phone: "9876543210" } }),
    expect: all(409),
  },
  { route: "api/auth/logout", method: "GET", url: () => "/api/auth/logout", expect: all(405) },
  { route: "api/auth/logout", method: "POST", url: () => "/api/auth/logout", freshSession: true, expect: all(200) },
  { route: "api/pincode/:pin", method: "GET", url: () => "/api/pincode/110001", expect: all(200) },
  {
    route: "api/pincode/:pin",
    method: "GET",
    url: () => "/api/pincode/abc",
    expect: all(200),
    check: (res) => expect(JSON.parse(res.text)[0].Status).toBe("Error"),
  },
  { route: "api/pincode/:pin", method: "POST", url: () => "/api/pincode/110001", expect: all(405) },
  { route: "api/* (catch-all)", method: "GET", url: () => "/api/no/such/thing", expect: all(404) },
  {
    route: "api/* (catch-all)",
    method: "POST",
    url: () => "/api/no/such/thing",
    body: () => ({ json: {} }),
    expect: all(404),
  },
];

/** For rows whose guest redirect carries the concrete id: the Location is the row's own URL. */
function guestToLoginAt(res: Res, role: Role, _w: World, url: string) {
  if (role === "guest") expect(res.location).toBe(`/login?redirect=${encodeURIComponent(url)}`);
}

async function send(
  api: APIRequestContext,
  base: string,
  method: string,
  url: string,
  cookie: string,
  body?: Body,
): Promise<Res> {
  const headers: Record<string, string> = { Origin: base, Cookie: cookie };
  if (body?.json !== undefined) headers["Content-Type"] = "application/json";
  if (body?.form !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const res = await api.fetch(url, {
    method,
    headers,
    data:
      body?.json !== undefined
        ? JSON.stringify(body.json)
        : body?.form !== undefined
          ? new URLSearchParams(body.form).toString()
          : undefined,
    multipart: body?.multipart,
    maxRedirects: 0,
  });
  return {
    status: res.status(),
    location: res.headers().location ?? null,
    type: (res.headers()["content-type"] ?? "").split(";")[0]!,
    text: await res.text(),
  };
}

for (const role of ROLES) {
  test(`${role}: every route of app/routes.ts answers with the expected status`, async ({ playwright, baseURL }) => {
    const base = baseURL!;
    const api = await playwright.request.newContext({ baseURL: base });

    // The world: an admin, a customer who owns an order, another customer, a live and a deleted product.
    const login = async (email: string, password: string) => {
      const res = await api.fetch("/api/auth/login", {
        method: "POST",
        headers: { Origin: base, Cookie: "" },
        data: { email, password },
      });
      expect(res.status(), await res.text()).toBe(200);
      const cookie = res
        .headersArray()
        .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="))!
        .value.split(";")[0]!;
      return { id: ((await res.json()) as { _id: string })._id, cookie };
    };
    const register = async (name: string) => {
      const email = `perm-${role}-${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await api.fetch("/api/auth/register", {
        method: "POST",
        headers: { Origin: base, Cookie: "" },
        data: { name, email, password: "secret12", phone: "9876543210" },
      });
      expect(res.status(), await res.text()).toBe(201);
      return { email, password: "secret12", ...(await login(email, "secret12")) };
    };
    const admin = { email: ADMIN.email, password: ADMIN.password, ...(await login(ADMIN.email, ADMIN.password)) };
    const customer = await register("owner");
    const other = await register("other");
    const cookies: Record<Role, string> = {
      guest: "",
      customer: customer.cookie,
      other: other.cookie,
      admin: admin.cookie,
    };
    const json = async (method: string, url: string, cookie: string, data?: unknown) => {
      const res = await send(api, base, method, url, cookie, data === undefined ? undefined : { json: data });
      expect(res.status, `${method} ${url}: ${res.text}`).toBeLessThan(300);
      return JSON.parse(res.text) as { _id: string; url: string };
    };
    const made: string[] = [];
    const newProduct = async () => {
      const id = (await json("POST", "/api/products", admin.cookie, PRODUCT))._id;
      made.push(id);
      return id;
    };
    const product = await newProduct();
    const dead = await newProduct();
    await json("DELETE", `/api/products/${dead}`, admin.cookie);
    const newOrder = async () =>
      (
        await json("POST", "/api/orders", customer.cookie, {
          contact: CONTACT,
          shippingAddress: ADDRESS,
          items: [{ product, qty: 1 }],
        })
      )._id;
    const order = await newOrder();
    const upload = (await send(api, base, "POST", "/api/uploads", admin.cookie, { multipart: pngFile() })).text;
    const demoImage = (await queryOne<{ image: string }>(
      "select image from products where image like '/images/demo/%' limit 1",
    ))!.image;
    const world: World = {
      product,
      dead,
      order,
      upload: (JSON.parse(upload) as { url: string }).url,
      demoImage,
      users: { guest: null, customer, other, admin },
      freshCookie: async (r) =>
        r === "guest" ? "" : (await login(world.users[r]!.email, world.users[r]!.password)).cookie,
      newProduct,
      newOrder,
    };

    for (const row of rows) {
      const url = await row.url(world);
      const cookie = row.freshSession ? await world.freshCookie(role) : cookies[role];
      const res = await send(api, base, row.method, url, cookie, row.body?.(world));
      const name = `${role} ${row.method} ${url} (route ${row.route}) → ${res.status} ${res.location ?? ""} ${res.status >= 400 ? res.text.slice(0, 200) : ""}`;
      const want = row.expect[role];
      if (Array.isArray(want)) {
        expect.soft(res.status, name).toBe(want[0]);
        if (want[1] !== "dynamic") expect.soft(res.location, name).toBe(want[1]);
      } else {
        expect.soft(res.status, name).toBe(want);
      }
      // Every /api answer that is an error is { message }.
      if (url.startsWith("/api/") && res.status >= 400) {
        expect.soft(res.type, name).toBe("application/json");
        const body = JSON.parse(res.text) as Record<string, unknown>;
        expect.soft(Object.keys(body), name).toEqual(["message"]);
      }
      if (row.check) {
        try {
          await row.check(res, role, world, url);
        } catch (error) {
          expect.soft(error instanceof Error ? error.message : String(error), `${name}: check failed`).toBe("");
        }
      }
      // A session that was just ended really ended.
      if (row.freshSession && role !== "guest" && (row.route === "logout" || row.route === "api/auth/logout")) {
        expect
          .soft((await send(api, base, "GET", "/api/auth/me", cookie)).status, `${name}: the session still works`)
          .toBe(401);
      }
    }
    // The shared sessions still work (no row ended them).
    for (const r of ROLES)
      if (r !== "guest")
        expect((await send(api, base, "GET", "/api/auth/me", cookies[r])).status, `${r} session`).toBe(200);
    // Leave the shared catalogue as it was (deleting twice is a harmless 404).
    const created = (
      await queryOne<{ id: string }>(
        "select id from products where name = ? and deleted_at is null",
        "Permissions Candle (created)",
      )
    )?.id;
    for (const id of [...made, ...(created ? [created] : [])])
      await send(api, base, "DELETE", `/api/products/${id}`, admin.cookie);
    await api.dispose();
  });
}
