import type { APIRequestContext } from "@playwright/test";
import { ADMIN } from "../playwright.config";
import { png } from "../support/images";
import { expect, queryOne, test } from "./support/fixtures";

type Role = "guest" | "customer" | "admin";
type Call = { name: string; send: (api: APIRequestContext, ids: Ids) => Promise<{ status(): number }>; ok: number };
type Ids = { product: string; order: string };

const contact = { name: "Matrix", email: "m@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" };
const productBody = { name: "Matrix Candle", description: "x", price: 100, mrp: 120, stock: 5, image: "", images: [] };

// Every admin call of the JSON API, each made fresh so 2xx is a real success.
const calls: Call[] = [
  { name: "GET /api/products?limit=200 (admin view)", send: (api) => api.get("/api/products?limit=200"), ok: 200 },
  { name: "GET /api/orders", send: (api) => api.get("/api/orders"), ok: 200 },
  { name: "GET /api/orders/{id}", send: (api, ids) => api.get(`/api/orders/${ids.order}`), ok: 200 },
  {
    name: "PUT /api/orders/{id}",
    send: (api, ids) => api.put(`/api/orders/${ids.order}`, { data: { status: "Processing", isPaid: true } }),
    ok: 200,
  },
  { name: "DELETE /api/orders/{id}", send: (api, ids) => api.delete(`/api/orders/${ids.order}`), ok: 200 },
  { name: "POST /api/products", send: (api) => api.post("/api/products", { data: productBody }), ok: 201 },
  {
    name: "PUT /api/products/{id}",
    send: (api, ids) => api.put(`/api/products/${ids.product}`, { data: { ...productBody, price: 90 } }),
    ok: 200,
  },
  { name: "DELETE /api/products/{id}", send: (api, ids) => api.delete(`/api/products/${ids.product}`), ok: 200 },
  {
    name: "POST /api/uploads",
    send: (api) =>
      api.post("/api/uploads", {
        multipart: { file: { name: "a.png", mimeType: "image/png", buffer: png(2, 2, [1, 2, 3]) } },
      }),
    ok: 201,
  },
];

async function context(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  role: Role,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  if (role === "customer")
    await api.post("/api/auth/register", {
      data: { name: "Customer", email, password: "secret12", phone: "9876543210" },
    });
  if (role === "admin") expect((await api.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  return api;
}

test("admin endpoints × (guest, customer, admin) → (401, 403, 2xx), and refusals change nothing", async ({
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const admin = await context(playwright, baseURL!, "admin", "");
  const buyer = await context(playwright, baseURL!, "customer", uniqueEmail());
  const fresh = async (): Promise<Ids> => {
    const product = (await (await admin.post("/api/products", { data: productBody })).json())._id;
    const order = (
      await (
        await buyer.post("/api/orders", { data: { contact, shippingAddress, items: [{ product, qty: 1 }] } })
      ).json()
    )._id;
    return { product, order };
  };
  const snapshot = async (ids: Ids) => ({
    product: await queryOne("select name, price, stock, deleted_at from products where id = ?", ids.product),
    order: await queryOne("select status, is_paid from orders where id = ?", ids.order),
  });
  for (const role of ["guest", "customer", "admin"] as const) {
    const api = await context(playwright, baseURL!, role, uniqueEmail());
    for (const call of calls) {
      const ids = await fresh();
      const before = await snapshot(ids);
      const res = await call.send(api, ids);
      const expected = role === "guest" ? 401 : role === "customer" ? 403 : call.ok;
      // The product list is public: only its cap differs by role (tested with the catalogue).
      if (call.name.startsWith("GET /api/products")) expect(res.status(), `${role} ${call.name}`).toBe(200);
      else expect(res.status(), `${role} ${call.name}`).toBe(expected);
      if (role !== "admin") expect(await snapshot(ids), `${role} ${call.name} changed data`).toEqual(before);
      // Keep the shared catalogue clean for other tests.
      await admin.delete(`/api/products/${ids.product}`);
    }
    await api.dispose();
  }
  await Promise.all([admin.dispose(), buyer.dispose()]);
});

test("admin API: bad input is 400 with a message, unknown ids 404", async ({ playwright, baseURL, uniqueEmail }) => {
  const admin = await context(playwright, baseURL!, "admin", "");
  const buyer = await context(playwright, baseURL!, "customer", uniqueEmail());
  const product = (await (await admin.post("/api/products", { data: productBody })).json())._id;
  const order = (
    await (await buyer.post("/api/orders", { data: { contact, shippingAddress, items: [{ product, qty: 2 }] } })).json()
  )._id;

  const bad: [Promise<{ status(): number; json(): Promise<unknown> }>, number, string][] = [
    [
      admin.put(`/api/orders/${order}`, { data: { status: "Lost" } }),
      400,
      "Status must be one of Placed, Processing, Shipped, Delivered, Cancelled",
    ],
    [admin.put(`/api/orders/${order}`, { data: { isPaid: "yes" } }), 400, "isPaid must be true or false"],
    [
      admin.put(`/api/orders/${order}`, { data: {} }),
      400,
      "Nothing to update: send status, isPaid, courier and/or trackingNumber",
    ],
    [admin.post("/api/products", { data: { ...productBody, name: " " } }), 400, "name: Name is required"],
    [admin.post("/api/products", { data: { ...productBody, price: -1 } }), 400, "price: Must be 0 or more"],
    [
      admin.post("/api/products", { data: { ...productBody, stock: 1.5 } }),
      400,
      "stock: Stock must be a whole number, 0 or more",
    ],
    [
      admin.post("/api/products", { data: { ...productBody, image: "javascript:alert(1)" } }),
      400,
      "image: Use a web address (https://…) or a path on this site (/…)",
    ],
    // Issue #11: a backslash makes a site path protocol-relative to a browser.
    [
      admin.post("/api/products", { data: { ...productBody, image: "/\\evil.example/x.png" } }),
      400,
      "image: Use a web address (https://…) or a path on this site (/…)",
    ],
    [
      admin.post("/api/products", { data: { ...productBody, images: [{ url: "//evil.example/x.png" }] } }),
      400,
      "images: Use a web address (https://…) or a path on this site (/…)",
    ],
    [
      admin.put(`/api/products/${product}`, { data: { ...productBody, hsn: "34O6" } }),
      400,
      "hsn: HSN code must be 4, 6 or 8 digits, e.g. 3406 for candles",
    ],
    [
      admin.put(`/api/products/${product}`, { data: { ...productBody, images: ["/uploads/ok.png", "/a\\b"] } }),
      400,
      "images: Use a web address (https://…) or a path on this site (/…)",
    ],
    [admin.put(`/api/orders/${"0".repeat(24)}`, { data: { status: "Shipped" } }), 404, "Order not found"],
    [admin.get(`/api/orders/${"0".repeat(24)}`), 404, "Order not found"],
    [admin.delete(`/api/orders/${"0".repeat(24)}`), 404, "Order not found"],
    [admin.put(`/api/products/${"0".repeat(24)}`, { data: productBody }), 404, "Product not found"],
    [admin.delete(`/api/products/${"0".repeat(24)}`), 404, "Product not found"],
    [
      admin.post("/api/uploads", {
        multipart: { file: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("not an image") } },
      }),
      400,
      "Only JPEG, PNG, WebP or GIF images can be uploaded. (x.png)",
    ],
  ];
  for (const [req, status, message] of bad) {
    const res = await req;
    expect(res.status(), message).toBe(status);
    expect(await res.json()).toEqual({ message });
  }
  expect(await queryOne("select status, is_paid from orders where id = ?", order)).toEqual({
    status: "Placed",
    is_paid: 0,
  });

  // Cancelling gives the stock back once; deleting a cancelled order does not give it again.
  const stock = async () =>
    (await queryOne<{ stock: number }>("select stock from products where id = ?", product))!.stock;
  expect(await stock()).toBe(3);
  expect((await admin.put(`/api/orders/${order}`, { data: { status: "Cancelled" } })).status()).toBe(200);
  expect(await stock()).toBe(5);
  expect((await admin.put(`/api/orders/${order}`, { data: { status: "Cancelled", isPaid: false } })).status()).toBe(
    200,
  );
  expect(await stock()).toBe(5);
  const detail = await (await admin.get(`/api/orders/${order}`)).json();
  expect(detail).toMatchObject({ _id: order, status: "Cancelled", items: [{ product, qty: 2 }] });
  expect((await admin.delete(`/api/orders/${order}`)).status()).toBe(200);
  expect(await stock()).toBe(5);
  expect(await queryOne("select id from orders where id = ?", order)).toBeUndefined();
  expect(await queryOne("select id from order_items where order_id = ?", order)).toBeUndefined();
  await Promise.all([admin.dispose(), buyer.dispose()]);
});

test("admin API: a product's HSN code is 3406 unless given, set by PUT, kept by a PUT without it", async ({
  playwright,
  baseURL,
}) => {
  const admin = await context(playwright, baseURL!, "admin", "");
  const created = await (await admin.post("/api/products", { data: productBody })).json();
  expect(created.hsn).toBe("3406");
  const hsn = async () => (await queryOne<{ hsn: string }>("select hsn from products where id = ?", created._id))!.hsn;
  const put = (data: object) => admin.put(`/api/products/${created._id}`, { data: { ...productBody, ...data } });
  expect(await (await put({ hsn: "3406 00 10" })).json()).toMatchObject({ hsn: "34060010" });
  expect(await hsn()).toBe("34060010");
  expect((await put({ price: 95 })).status()).toBe(200);
  expect(await hsn()).toBe("34060010");
  await admin.dispose();
});

test("GET /api/orders pages with ?page=&limit= like the product list; without them, the bare array", async ({
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const admin = await context(playwright, baseURL!, "admin", "");
  const buyer = await context(playwright, baseURL!, "customer", uniqueEmail());
  const product = (await (await admin.post("/api/products", { data: productBody })).json())._id;
  // Three orders only this test's filter finds (other tests place orders at the same time).
  const email = uniqueEmail();
  const placed: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await buyer.post("/api/orders", {
      data: { contact: { ...contact, email }, shippingAddress, items: [{ product, qty: 1 }] },
    });
    placed.push((await res.json())._id);
  }
  const get = async (qs: string) => (await admin.get(`/api/orders?q=${encodeURIComponent(email)}${qs}`)).json();
  const all = await get("");
  // Newest first; orders placed within one clock tick are ordered by id.
  const ids: string[] = all.map((o: { _id: string }) => o._id);
  expect([...ids].sort()).toEqual([...placed].sort());
  const first = await get("&page=1&limit=2");
  expect(Object.keys(first).sort()).toEqual(["items", "page", "totalItems", "totalPages"]);
  expect(first).toMatchObject({ page: 1, totalPages: 2, totalItems: 3 });
  expect(first.items.map((o: { _id: string }) => o._id)).toEqual(ids.slice(0, 2));
  expect(first.items[0]).toEqual(all[0]);
  const second = await get("&page=2&limit=2");
  expect(second.items.map((o: { _id: string }) => o._id)).toEqual(ids.slice(2));
  // Past the last page: nothing, never the last page again (a client reading until empty stops).
  expect(await get("&page=3&limit=2")).toEqual({ items: [], page: 3, totalPages: 2, totalItems: 3 });
  // Only ?page=: 50 a page; a limit over 200 is 200, a nonsense one the default.
  expect(await get("&page=1")).toMatchObject({ page: 1, totalPages: 1, totalItems: 3 });
  expect((await get("&limit=999")).items).toHaveLength(3);
  expect(await get("&limit=x&page=-4")).toMatchObject({ page: 1, totalPages: 1 });
  await admin.delete(`/api/products/${product}`);
  await Promise.all([admin.dispose(), buyer.dispose()]);
});
