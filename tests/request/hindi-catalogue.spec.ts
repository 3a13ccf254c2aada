// tests/e2e/hindi-catalogue.spec.ts's JS-off half, over HTTP (issue #36, issue #37, issue #51): the
// owner gives a product a Hindi name in the admin (English); the Hindi product page shows it, the
// English one its English name, and a Hindi page's search finds it by a Hindi word; a collection's
// Hindi page names it in Hindi, with its query in the canonical and alternate URLs and the sitemap.
// The storefront's own texts are being translated, so this reads only headings, titles and links
// of products, and the admin's English labels. A server of our own with LANGUAGES=en,hi.
import { dbOf, ownHindiServer, OPS_ADMIN } from "../e2e/support/server";
import { expect, labelled, PlainBrowser, test, where } from "./support/fixtures";

const hindi = ownHindiServer();

/** Presses the submit button `selector` finds: submit() is told a button by its text, read here. */
const press = (b: PlainBrowser, selector: string, values: Record<string, string> = {}) => {
  const [text] = b.texts(selector);
  if (text === undefined) throw new Error(`no button ${selector} on ${b.current().url}`);
  return b.submit(text, values);
};
/** The links whose href starts with `prefix`, with their texts. */
const linksTo = (b: PlainBrowser, prefix: string) => {
  const texts = b.texts("a");
  return b
    .all("a")
    .map((a, i) => ({ href: a.attribs.href ?? "", text: texts[i]! }))
    .filter((a) => a.href.startsWith(prefix));
};
const headings = (b: PlainBrowser) => ["h1", "h2", "h3", "h4", "h5", "h6"].flatMap((h) => b.texts(h));

test("the admin names a product in Hindi; Hindi pages show it and find it, English pages keep the English name", async () => {
  const b = new PlainBrowser(hindi().url);
  const db = dbOf(hindi());
  const id = (await db.value<string>("SELECT id FROM products WHERE name = ?", "Coffee House"))!;

  await b.open("/login");
  await press(b, 'form button[type="submit"]', { email: OPS_ADMIN.email, password: OPS_ADMIN.password });
  expect(where(b)).toMatch(/\/admin$/);

  // The demo's Hindi name is shown again in the editor; the admin gives another.
  await b.open(`/admin/products/${id}`);
  expect(b.valueByLabel("Name in Hindi")).toBe("कॉफ़ी हाउस");
  await b.submit(
    "Save changes",
    labelled(b, { "Name in Hindi": "  कहवा घर  ", "Description in Hindi": "ताज़ी भुनी कॉफ़ी की ख़ुशबू।" }),
  );
  expect(where(b)).toMatch(/\/admin\/products$/);
  expect(await db.get("SELECT name, name_hi, description_hi FROM products WHERE id = ?", id)).toEqual({
    name: "Coffee House",
    name_hi: "कहवा घर",
    description_hi: "ताज़ी भुनी कॉफ़ी की ख़ुशबू।",
  });

  await b.open(`/hi/product/${id}`);
  expect(b.texts("h1")).toEqual(["कहवा घर"]);
  expect(b.texts("title")[0]).toMatch(/^कहवा घर/);
  expect(b.all('meta[property="og:title"]')[0]?.attribs.content).toBe("कहवा घर");
  expect(b.text("main")).toContain("ताज़ी भुनी कॉफ़ी की ख़ुशबू।");

  await b.open(`/product/${id}`);
  expect(b.texts("h1")).toEqual(["Coffee House"]);
  expect(b.text()).not.toContain("ताज़ी भुनी कॉफ़ी");

  await b.open(`/hi/shop?q=${encodeURIComponent("कहवा")}`);
  const found = linksTo(b, "/hi/product/").filter((a) => a.text.includes("कहवा घर"));
  expect(found[0]?.href).toBe(`/hi/product/${id}`);
  expect(linksTo(b, "/hi/product/").filter((a) => a.href !== `/hi/product/${id}`)).toEqual([]);
  // The English shop does not search Hindi names.
  await b.open(`/shop?q=${encodeURIComponent("कहवा")}`);
  expect(linksTo(b, "/product/")).toEqual([]);
});

test("a collection's Hindi page: Hindi name, canonical and alternates with the collection, sitemap", async () => {
  const url = hindi().url;
  const b = new PlainBrowser(url);
  await b.open("/hi/shop?collection=woody");
  expect(b.texts("h1")).toEqual(["लकड़ी और मिट्टी"]);
  const texts = b.texts("a");
  const named = b.all("a").filter((_, i) => texts[i] === "लकड़ी और मिट्टी");
  expect(named.map((a) => a.attribs["aria-current"])).toEqual(["page"]);
  expect(headings(b)).toContain("मैसूर चंदन");
  const origin = new URL(url).origin;
  expect(b.all('link[rel="canonical"]').map((l) => l.attribs.href)).toEqual([`${origin}/hi/shop?collection=woody`]);
  expect(b.all('link[rel="alternate"][hreflang="en-IN"]').map((l) => l.attribs.href)).toEqual([
    `${origin}/shop?collection=woody`,
  ]);
  const xml = await (await b.api("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${origin}/shop?collection=woody</loc>`);
  expect(xml).toContain(`<loc>${origin}/hi/shop?collection=woody</loc>`);
});
