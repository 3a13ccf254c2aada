// tests/e2e/collections.spec.ts's JS-off half, over HTTP (issue #51): the owner's collection forms
// (create, a taken slug refused, move up, delete through the confirmation page), the product
// editor's collection boxes, and the shopper's /shop in a collection: its pills, head, pages, sort
// (the Apply button), search, an unknown slug, and the sitemap.
import { ADMIN } from "../playwright.config";
import {
  expect,
  labelled,
  newProduct,
  PlainBrowser,
  queryOne,
  sharedDb,
  test,
  TOASTER,
  where,
} from "./support/fixtures";

/** A <meta property> or <meta name>'s content, as the browser spec's meta(b, key). */
const meta = (b: PlainBrowser, key: string) =>
  [...b.all(`meta[property="${key}"]`), ...b.all(`meta[name="${key}"]`)][0]?.attribs.content;
/** The aria-current of each link named `name` exactly, within `scope`. */
const currentOf = (b: PlainBrowser, name: string, scope = "") => {
  const links = b.all(`${scope} a`);
  const texts = b.texts(`${scope} a`);
  return links.filter((_, i) => texts[i] === name).map((a) => a.attribs["aria-current"]);
};
const PILLS = 'nav[aria-label="Collections"]';

test("admin makes a collection → shopper filters, sorts and pages in it → canonical, og, sitemap, API → delete", async ({
  plain: b,
  playwright,
  baseURL,
}) => {
  const tag = `${test.info().project.name} ${Date.now().toString(36)}`;
  const name = `Test Mood ${tag}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  // Two candles of this test's own: the collection holds exactly these.
  const cheap = `Coll Cheap ${tag}`;
  const dear = `Coll Dear ${tag}`;
  const ids = {
    cheap: await newProduct(playwright, baseURL!, { name: cheap, stock: 5, price: 150 }),
    dear: await newProduct(playwright, baseURL!, { name: dear, stock: 5, price: 450 }),
  };

  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: ADMIN.email, Password: ADMIN.password }));
  expect(where(b)).toMatch(/\/admin$/);
  await b.follow("Collections");
  expect(currentOf(b, "Collections")).toEqual(["page"]);

  // Create: the slug is made from the name.
  await b.submit(
    "Create collection",
    labelled(b, {
      Name: name,
      Description: "Candles picked for a test.",
      "Picture URL": "/images/demo/rose-garden-1.svg",
    }),
  );
  expect(b.text(TOASTER)).toContain("Collection created");
  const made = (await queryOne<{ id: string; slug: string }>("select id, slug from collections where name = ?", name))!;
  expect(made.slug).toBe(slug);

  // The same slug again is refused with a message, and nothing is written.
  await b.submit("Create collection", labelled(b, { Name: `${name} again`, Slug: slug }));
  expect(b.text()).toContain("Another collection already uses this slug");
  expect((await queryOne<{ n: number }>("select count(*) n from collections where name = ?", `${name} again`))!.n).toBe(
    0,
  );

  // Moved up one place (a plain form). Other tests' collections may be this one's neighbour, and
  // positions are numbered again on every move, so only "higher than before" is asked; the model's
  // unit test checks the order on both databases. Deletes and creates elsewhere can only lower this
  // one's number further, never raise it.
  const position = async () =>
    (await queryOne<{ p: number }>("select position p from collections where id = ?", made.id))!.p;
  const before = await position();
  await b.open("/admin/collections");
  await b.submit(`Move ${name} up`);
  expect(b.text(TOASTER)).toContain("Collection moved");
  expect(await position()).toBeLessThan(before);

  // Both candles into it through the product editor.
  const box = (b: PlainBrowser) => b.all(`input[type="checkbox"][value="${made.id}"]`);
  for (const id of [ids.cheap, ids.dear]) {
    await b.open(`/admin/products/${id}`);
    const field = b.field(name);
    const ticked = b.all(`input[name="${field}"][checked]`).map((e) => e.attribs.value!);
    await b.submit("Save changes", { [field]: [...ticked, b.valueByLabel(name)!] });
    expect(where(b)).toMatch(/\/admin\/products$/);
  }
  const members = await sharedDb().all<{ product_id: string }>(
    "select product_id from product_collections where collection_id = ?",
    made.id,
  );
  expect(members.map((m) => m.product_id).sort()).toEqual([ids.cheap, ids.dear].sort());
  // The editor shows the box ticked.
  await b.open(`/admin/products/${ids.cheap}`);
  expect(box(b).map((e) => "checked" in e.attribs)).toEqual([true]);

  // The shopper: a link on /shop, the collection's own page.
  const guest = new PlainBrowser(baseURL!);
  await guest.open("/shop");
  expect(currentOf(guest, "All", PILLS)).toEqual(["page"]);
  await guest.follow(name, PILLS);
  expect(where(guest)).toMatch(new RegExp(`/shop\\?collection=${slug}$`));
  expect(guest.texts("h1")).toEqual([name]);
  expect(currentOf(guest, name, PILLS)).toEqual(["page"]);
  expect(guest.text()).toContain(`2 products`);
  expect(guest.links(new RegExp(cheap))).not.toHaveLength(0);
  expect(guest.links(new RegExp(dear))).not.toHaveLength(0);

  // Its head: title, canonical with the collection, link preview.
  expect(guest.texts("head title")[0]).toMatch(new RegExp(`^${name} · Shop`));
  const canonical = `${new URL(guest.current().url).origin}/shop?collection=${slug}`;
  expect(guest.all('link[rel="canonical"]').map((l) => l.attribs.href)).toEqual([canonical]);
  expect(meta(guest, "og:title")).toContain(name);
  expect(meta(guest, "og:description")).toBe("Candles picked for a test.");
  expect(meta(guest, "og:url")).toBe(canonical);
  expect(meta(guest, "og:image")).toMatch(/\/images\/demo\/rose-garden-1\.png$/);

  // One per page, page 2, then a sort: the collection stays, the page goes back to 1.
  await guest.open(`/shop?collection=${slug}&limit=1&page=2`);
  expect(guest.text()).toContain("page 2 of 2");
  await guest.submit("Apply", { [guest.all("#shop-sort")[0]!.attribs.name!]: "price-desc" });
  expect(where(guest)).toMatch(/sort=price-desc/);
  const url = new URL(guest.current().url);
  expect(url.searchParams.get("collection")).toBe(slug);
  expect(url.searchParams.get("page")).toBeNull();
  expect(guest.links(new RegExp(dear))).not.toHaveLength(0);
  expect(guest.links(new RegExp(cheap))).toHaveLength(0);

  // A search inside it: the dear one only; an unknown slug says so, never a 500.
  await guest.open(`/shop?collection=${slug}&q=${encodeURIComponent("dear")}`);
  expect(guest.links(new RegExp(dear))).not.toHaveLength(0);
  expect(guest.links(new RegExp(cheap))).toHaveLength(0);
  const unknown = await guest.open("/shop?collection=no-such-collection-here");
  expect(unknown.status).toBe(404);
  expect(guest.text()).toContain("There is no such collection.");

  // The sitemap lists it. (The JSON API's filter is the browser spec's, JS on.)
  const xml = await (await guest.api("/sitemap.xml")).text();
  expect(xml).toContain(`/shop?collection=${slug}</loc>`);

  // Delete: the candles stay, out of the collection.
  await b.open("/admin/collections");
  await b.follow(`Delete ${name}`);
  expect(b.texts("h1")).toContain("Delete this collection?");
  await b.submit("Delete");
  expect(b.text(TOASTER)).toContain("Collection deleted");
  expect(await queryOne("select id from collections where id = ?", made.id)).toBeUndefined();
  const left = await queryOne<{ n: number }>(
    "select count(*) n from products where id in (?, ?) and deleted_at is null",
    ids.cheap,
    ids.dear,
  );
  expect(left!.n).toBe(2);
  expect(
    (await queryOne<{ n: number }>("select count(*) n from product_collections where collection_id = ?", made.id))!.n,
  ).toBe(0);
});
