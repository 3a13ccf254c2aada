import { ADMIN } from "../playwright.config";
import { expect, queryOne, test } from "./support/fixtures";

type ApiProduct = {
  _id: string;
  name: string;
  description: string;
  price: number;
  mrp: number | null;
  stock: number;
  image: string;
  images: { url: string }[];
  rating: number;
  numReviews: number;
  reviews?: unknown[];
};

test("GET /api/products pages, sorts and searches with the spec's shape", async ({ request }) => {
  const res = await request.get("/api/products?limit=8&sort=rating&order=desc");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Object.keys(body).sort()).toEqual(["items", "page", "suggestion", "totalItems", "totalPages"]);
  expect(body.page).toBe(1);
  expect(body.items).toHaveLength(8);
  expect(body.totalPages).toBe(Math.ceil(body.totalItems / 8));
  const p: ApiProduct = body.items[0];
  expect(p._id).toMatch(/^[0-9a-f]{24}$/);
  expect(typeof p.price).toBe("number");
  // The cover is the first picture; a product made by another test may have none.
  for (const item of body.items as ApiProduct[]) expect(item.image).toBe(item.images[0]?.url ?? "");
  const ratings = body.items.map((i: ApiProduct) => i.rating);
  expect(ratings).toEqual([...ratings].sort((a: number, b: number) => b - a));

  // Prices are rupees, from paise in the database.
  const row = (await queryOne<{ price: number }>("select price from products where id = ?", p._id))!;
  expect(p.price * 100).toBe(row.price);

  // Other tests add products in parallel: page through the demo candles only ("soy wax").
  const asc = await (await request.get("/api/products?sort=price&order=asc&limit=60&search=soy%20wax")).json();
  const prices = asc.items.map((i: ApiProduct) => i.price);
  expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));

  const search = await (await request.get("/api/products?search=SAFFRON")).json();
  expect(search.items.map((i: ApiProduct) => i.name)).toEqual(["Kesar Saffron"]);
  const wild = await (await request.get(`/api/products?search=${encodeURIComponent("%_")}`)).json();
  expect(wild.totalItems).toBe(0);

  // Issue #25: typos forgiven, best match first, and "Did you mean" as a field of the answer.
  const typo = await (await request.get("/api/products?search=vanila")).json();
  expect(typo.items[0].name).toBe("Vanilla Bean");
  expect(typo.suggestion).toBe("vanilla");
  expect((await (await request.get("/api/products?search=vanilla")).json()).suggestion).toBeNull();
  const none = await (await request.get("/api/products?search=lovandar")).json();
  expect(none).toMatchObject({ items: [], totalItems: 0, suggestion: "lavender" });

  const page2 = await (await request.get("/api/products?limit=5&page=2&sort=price&order=asc&search=soy%20wax")).json();
  expect(page2.page).toBe(2);
  expect(page2.items.map((i: ApiProduct) => i._id)).toEqual(asc.items.slice(5, 10).map((i: ApiProduct) => i._id));
});

test("limit is capped at 60, except admins who may ask for up to 200", async ({ request, playwright, baseURL }) => {
  // 65 products of this test's own, found by a word only they carry: the counts are this test's,
  // whatever other tests add or delete meanwhile (a count of the whole catalogue and a page of it
  // are two reads, and another test's product can land between them).
  const word = `capcheck${test.info().project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const ids: string[] = [];
  for (let batch = 0; batch < 65; batch += 13) {
    const made = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        admin.post("/api/products", {
          data: { name: `Cap ${word} ${batch + i}`, description: "Made by a test", price: 350, stock: 1, images: [] },
        }),
      ),
    );
    for (const res of made) {
      expect(res.status(), await res.text()).toBe(201);
      ids.push(((await res.json()) as { _id: string })._id);
    }
  }
  try {
    const guest = await (await request.get(`/api/products?q=${word}&limit=200`)).json();
    expect(guest.totalItems).toBe(65);
    expect(guest.items).toHaveLength(60);
    expect(guest.totalPages).toBe(2);

    const all = await (await admin.get(`/api/products?q=${word}&limit=200`)).json();
    expect(all.items).toHaveLength(65);
    expect(all.totalPages).toBe(1);
    const capped = await (await admin.get(`/api/products?q=${word}&limit=5000`)).json();
    expect(capped.items).toHaveLength(65);
  } finally {
    await Promise.all(ids.map((id) => admin.delete(`/api/products/${id}`)));
    await admin.dispose();
  }
});

test("hostile page, limit and search values answer 200 with the usual shape (issue #11)", async ({ request }) => {
  for (const qs of [
    "page=1e20",
    "page=1e308",
    "page=9223372036854775808",
    "page=1e20&limit=1e20",
    "page=Infinity&limit=-0",
    "page=0x10&limit=NaN",
  ]) {
    const res = await request.get(`/api/products?${qs}`);
    expect(res.status(), qs).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort(), qs).toEqual(["items", "page", "suggestion", "totalItems", "totalPages"]);
    expect(Number.isSafeInteger(body.page) && body.page >= 1, qs).toBe(true);
    // A count like any other (other tests add and delete products meanwhile, so not a fixed one).
    expect(Number.isSafeInteger(body.totalItems) && body.totalItems > 0, qs).toBe(true);
    expect(Number.isSafeInteger(body.totalPages) && body.totalPages >= 1, qs).toBe(true);
  }
  // Past the last page: an empty page, as before.
  const far = await (await request.get("/api/products?page=1e20")).json();
  expect(far.items).toEqual([]);
  expect(far.page).toBe(1_000_000_000);

  for (const qs of ["search=abc%00", "search=%00", "search=%00%00%00", "q=ab%00c", "search=saff%00ron%7F%C2%9F"]) {
    const res = await request.get(`/api/products?${qs}`);
    expect(res.status(), qs).toBe(200);
  }
  const found = await (await request.get("/api/products?search=saff%00ron%7F%C2%9F")).json();
  expect(found.items.map((i: ApiProduct) => i.name)).toEqual(["Kesar Saffron"]);
});

test("GET /api/products/{id} includes reviews; unknown ids are 404", async ({ request }) => {
  const list = await (await request.get("/api/products?limit=1&sort=rating&search=soy%20wax")).json();
  const id = list.items[0]._id;
  const res = await request.get(`/api/products/${id}`);
  expect(res.status()).toBe(200);
  const p = await res.json();
  expect(p).toMatchObject({ _id: id, name: expect.any(String), numReviews: expect.any(Number) });
  expect(p.reviews).toHaveLength(p.numReviews);
  for (const r of p.reviews) {
    expect(r.name.length).toBeGreaterThan(0);
    expect(r.rating).toBeGreaterThanOrEqual(1);
    expect(r.rating).toBeLessThanOrEqual(5);
    expect(Date.parse(r.createdAt)).not.toBeNaN();
  }
  const missing = await request.get("/api/products/nope");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: "Product not found" });
});

test("POST /api/products/{id}/reviews: 401 for guests, 400 for a bad rating, 201 with the product", async ({
  request,
  uniqueEmail,
}) => {
  const id = (await (await request.get("/api/products?limit=1&sort=price&order=asc&search=soy%20wax")).json()).items[0]
    ._id;
  const count = async () =>
    (await queryOne<{ n: number }>("select count(*) n from reviews where product_id = ?", id))!.n;
  const before = await count();

  const guest = await request.post(`/api/products/${id}/reviews`, { data: { rating: 5, comment: "hi" } });
  expect(guest.status()).toBe(401);
  expect((await guest.json()).message).toEqual(expect.any(String));

  await request.post("/api/auth/register", {
    data: { name: "Api Reviewer", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
  });
  for (const rating of [0, 6, 4.5, "five", null, -1]) {
    const bad = await request.post(`/api/products/${id}/reviews`, { data: { rating, comment: "x" } });
    expect(bad.status(), String(rating)).toBe(400);
    expect((await bad.json()).message).toBe("Rating must be a whole number from 1 to 5.");
  }
  expect(await count()).toBe(before);

  const ok = await request.post(`/api/products/${id}/reviews`, { data: { rating: 4, comment: "<b>nice</b>" } });
  expect(ok.status()).toBe(201);
  const product = await ok.json();
  expect(product._id).toBe(id);
  expect(product.reviews[0]).toMatchObject({ name: "Api Reviewer", rating: 4, comment: "<b>nice</b>" });
  expect(await count()).toBe(before + 1);
  const stored = (await queryOne<{ num_reviews: number }>("select num_reviews from products where id = ?", id))!;
  expect(stored.num_reviews).toBe(product.numReviews);

  expect((await request.post("/api/products/nope/reviews", { data: { rating: 4 } })).status()).toBe(404);
});

test("review comments are shown as text, never as HTML", async ({ page, goto, registerViaApi }) => {
  await registerViaApi({ name: "<i>Sneaky</i>" });
  const id = (await (await page.request.get("/api/products?limit=1&sort=price&order=desc&search=soy%20wax")).json())
    .items[0]._id;
  const marker = `m${Date.now()}`;
  const comment = `<img src=x onerror="document.title='${marker}'"><b>${marker}</b>`;
  expect((await page.request.post(`/api/products/${id}/reviews`, { data: { rating: 3, comment } })).status()).toBe(201);
  await goto(`/product/${id}`);
  const item = page.locator(".review-list li", { hasText: marker });
  await expect(item).toContainText(comment);
  await expect(item).toContainText("<i>Sneaky</i>");
  await expect(item.locator("b, img, i")).toHaveCount(0);
  expect(await page.title()).not.toBe(marker);
});
