// tests/e2e/catalogue.spec.ts's JS-off half, over HTTP (issue #51): the shop's GET form (search,
// sort, page size), its pages, the product page's pictures and review form, a 404, and what the
// query string's hostile or out-of-range values get. The carousel (scroll positions) and the JS-only
// tests stay in the browser.
import { expect, labelled, type PlainBrowser, queryOne, test, TOASTER, where } from "./support/fixtures";

const CARDS = "main .grid > li";
const priceOf = (b: PlainBrowser, i: number) =>
  Number(b.texts(".price strong", b.all(CARDS)[i])[0]!.replace(/[^\d.]/g, ""));
/** The href of a card's first link. */
const firstLinkOf = (b: PlainBrowser, i: number) => b.all("a", b.all(CARDS)[i])[0]!.attribs.href!;

/** Without JS the shopper chooses and presses Apply. */
async function choose(b: PlainBrowser, label: string, value: string) {
  await b.submit("Apply", labelled(b, { [label]: value }));
}

test("home → shop → search → sort → page size → pages → product → thumbnail → review", async ({
  plain: b,
  registerViaApi,
}) => {
  await registerViaApi({ name: "Review Writer" });
  await b.open("/");
  expect(b.all("#best-sellers .grid > li")).toHaveLength(8);
  await b.follow("Shop Now", ".why");
  expect(where(b)).toMatch(/\/shop$/);
  expect(b.all(CARDS)).toHaveLength(12);
  expect(b.all('nav[aria-label="Pages"]')).toHaveLength(1);

  // Search (Enter submits the GET form: as its Search button does).
  await b.submit("Search", labelled(b, { Search: "sandal" }));
  expect(where(b)).toMatch(/q=sandal/);
  expect(b.all(CARDS).length).toBeGreaterThan(0);
  const names = b.texts(`${CARDS} h3`);
  expect(names).toContain("Mysore Sandalwood");
  expect(names).toContain("Champa Frangipani");

  // Sort by price within the demo candles ("soy" is in every demo description), so products
  // that other tests create in parallel cannot change the order.
  await b.open("/shop?q=soy");
  await choose(b, "Sort", "price-asc");
  expect(where(b)).toMatch(/sort=price-asc/);
  expect(where(b)).toMatch(/q=soy/);
  expect(b.valueByLabel("Sort")).toBe("price-asc");
  expect(priceOf(b, 0)).toBeLessThanOrEqual(priceOf(b, 1));
  expect(priceOf(b, 1)).toBeLessThanOrEqual(priceOf(b, 11));

  // Page size 8, then page 2; changing a filter starts again at page 1.
  await choose(b, "Per page", "8");
  expect(where(b)).toMatch(/limit=8/);
  expect(b.all(CARDS)).toHaveLength(8);
  const lastOnPage1 = priceOf(b, 7);
  await b.follow("Page 2");
  expect(where(b)).toMatch(/page=2/);
  expect(b.texts(".pagination [aria-current=page]")).toEqual(["2"]);
  expect(priceOf(b, 0)).toBeGreaterThanOrEqual(lastOnPage1);
  await b.follow("Next");
  expect(where(b)).toMatch(/page=3/);
  await choose(b, "Sort", "price-desc");
  expect(where(b)).toMatch(/sort=price-desc/);
  expect(b.current().url).not.toMatch(/page=/);
  expect(b.texts(".pagination [aria-current=page]")).toEqual(["1"]);
  expect(priceOf(b, 0)).toBeGreaterThanOrEqual(priceOf(b, 1));

  // Product page: the most expensive candle has 4 pictures.
  await b.open(firstLinkOf(b, 0));
  expect(where(b)).toMatch(/\/product\/[0-9a-f]{24}$/);
  const productId = new URL(b.current().url).pathname.split("/").pop()!;
  expect(b.texts("h1")).toEqual(["Kesar Saffron"]);
  expect(b.text(".product-info s.mrp")).toContain("₹1,499.00");
  expect(b.texts(".product-info .price strong")).toEqual(["₹1,299.00"]);
  const mainPicture = () => b.all(".gallery-main")[0]!.attribs.src;
  expect(mainPicture()).toMatch(/kesar-saffron-1\.svg/);
  await b.follow("Picture 3 of 4");
  expect(mainPicture()).toMatch(/kesar-saffron-3\.svg/);
  expect(where(b)).toMatch(/\?image=3$/);

  // Post a review.
  const before = (await queryOne<{ num_reviews: number }>("select num_reviews from products where id = ?", productId))!;
  expect(b.valueByLabel("Rating")).toBe("5");
  const comment = `Too smoky for me (${test.info().project.name} ${Date.now()})`;
  await b.submit("Submit review", labelled(b, { Rating: "2", Comment: comment }));
  expect(b.text(TOASTER)).toContain("Review submitted");
  const review = b.all(".review-list li").find((li) => b.texts("p", li).includes(comment));
  expect(review).toBeDefined();
  expect(b.texts("strong", review)).toContain("Review Writer");
  expect(b.all('[role=img][aria-label="Rated 2.0 out of 5"]', review)).toHaveLength(1);
  const row = await queryOne<{ rating: number; user_id: string }>(
    "select rating, user_id from reviews where comment = ?",
    comment,
  );
  expect(row?.rating).toBe(2);
  const after = (await queryOne<{ num_reviews: number; rating: number }>(
    "select num_reviews, rating from products where id = ?",
    productId,
  ))!;
  expect(after.num_reviews).toBeGreaterThanOrEqual(before.num_reviews + 1);
  const avg = (await queryOne<{ r: number }>(
    "select round(avg(rating), 1) r from reviews where product_id = ?",
    productId,
  ))!;
  expect(after.rating).toBeCloseTo(avg.r, 5);
});

test("a guest sees the login text instead of the review form", async ({ plain: b }) => {
  // A demo candle: the shop's newest card may be one another test is about to delete.
  await b.open("/shop?q=kesar+saffron");
  await b.open(firstLinkOf(b, 0));
  expect(b.text()).toContain("Please login to write a review.");
  expect(b.texts("button")).not.toContain("Submit review");
  expect(() => b.field("Comment")).toThrow();
});

test("a search with no results says so and offers to clear it", async ({ plain: b }) => {
  await b.open("/shop?q=zzzz-nothing&sort=price-asc");
  expect(b.text()).toContain("No products match your search.");
  expect(b.all(CARDS)).toHaveLength(0);
  await b.follow("Clear search");
  expect(where(b)).toMatch(/\/shop\?sort=price-asc$/);
  expect(b.all(CARDS)).toHaveLength(12);
});

test("an unknown product renders a 404 page with a way back", async ({ plain: b }) => {
  const res = await b.open("/product/000000000000000000000000");
  expect(res.status).toBe(404);
  expect(b.texts("h1")).toContain("Product not found");
  await b.follow("Back to the shop");
  expect(where(b)).toMatch(/\/shop$/);
});

test("out-of-range query values are clamped", async ({ plain: b }) => {
  await b.open("/shop?limit=500&page=-4");
  // 60 at most, on page 1. Other tests add products to the shared shop: the 28 demo candles fit on
  // one page, and once the shop holds more than 60 (a late run), page 1 of several is shown.
  const shown = b.all(CARDS).length;
  expect(shown).toBeGreaterThanOrEqual(28);
  expect(shown).toBeLessThanOrEqual(60);
  if (shown < 60) expect(b.all(".pagination")).toHaveLength(0);
  else expect(b.texts(".pagination [aria-current=page]")).toEqual(["1"]);
  await b.open("/shop?page=999");
  // The last page (other tests may add products, so its number is read from the page).
  expect(where(b)).toMatch(/page=\d+$/);
  const last = new URL(b.current().url).searchParams.get("page")!;
  expect(Number(last)).toBeGreaterThanOrEqual(3);
  expect(b.texts(".pagination [aria-current=page]")).toEqual([last]);
  expect(b.texts(".pagination [aria-disabled]")).toContain("Next");
});

test("hostile page numbers and search text answer 200 (issue #11: 'datatype mismatch', a NUL in the FTS query)", async ({
  plain: b,
}) => {
  for (const url of [
    "/shop?page=1e308",
    "/shop?page=1e20&limit=1e20",
    "/shop?page=9223372036854775808",
    "/shop?page=-0&limit=0x10",
    "/shop?page=Infinity",
  ]) {
    const res = await b.open(url);
    expect(res.status, url).toBe(200);
    expect(b.all(CARDS).length, url).toBeGreaterThan(0);
  }
  // Past the last page: the last page, as for any stale link.
  await b.open("/shop?page=1e308");
  expect(where(b)).toMatch(/\/shop\?page=\d{1,3}$/);
  for (const url of ["/shop?q=ab%00c", "/shop?q=kesar%00", "/shop?q=%00%00%00", "/shop?q=ro%7Fse%C2%85"]) {
    const res = await b.open(url);
    expect(res.status, url).toBe(200);
  }
  await b.open("/shop?q=kes%00ar");
  expect(b.valueByLabel("Search")).toBe("kesar");
  expect(b.all(CARDS)).toHaveLength(1);
  expect(b.texts(CARDS)[0]).toContain("Kesar Saffron");
});
