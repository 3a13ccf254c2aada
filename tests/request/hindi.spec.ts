// tests/e2e/hindi.spec.ts's JS-off half, over HTTP (issue #36, issue #51): with LANGUAGES=en,hi the
// same routes answer under /hi, with <html lang>, alternates both ways and a switch that is a plain
// link; the choice is remembered for / alone; the page cache, the first-paint budget and the sitemap
// in both languages. Without LANGUAGES (the suite's web server) /hi/… is an unknown path and English
// pages have none of it. The Hindi server the Hindi specs share (tests/e2e/support/shared-servers.ts).
import { request } from "node:http";
import { hindiServer } from "../e2e/support/server";
import { expect, PlainBrowser, test } from "./support/fixtures";

const hindi = hindiServer();

/** hreflang → path of each alternate link, as the browser resolves its href. */
const alternates = (b: PlainBrowser) =>
  Object.fromEntries(
    b
      .all("link[rel=alternate][hreflang]")
      .map((l) => [l.attribs.hreflang, new URL(l.attribs.href!, b.current().url).pathname]),
  );
const lang = (b: PlainBrowser) => b.all("html")[0]?.attribs.lang;
const headings = (b: PlainBrowser) => ["h1", "h2", "h3", "h4", "h5", "h6"].flatMap((h) => b.texts(h));
const url = (b: PlainBrowser) => b.current().url;

test("the shop in Hindi: home, the shop page, the switch both ways, the home page remembers", async () => {
  const b = new PlainBrowser(hindi().url);
  await b.open("/hi/");
  expect(lang(b)).toBe("hi");
  expect(headings(b)).toContain("हमें क्यों चुनें");
  const menu = 'nav[aria-label="मुख्य"]';
  expect(b.links("होम", menu)).toEqual(["/hi"]);
  expect(alternates(b)).toEqual({ "en-IN": "/", "hi-IN": "/hi", "x-default": "/" });
  expect(b.all('link[rel="canonical"]').map((l) => l.attribs.href)).toEqual([`${hindi().url}/hi`]);

  // The app's own links stay in Hindi: a whole page load without JS.
  await b.follow("दुकान", menu);
  expect(url(b)).toBe(`${hindi().url}/hi/shop`);
  expect(b.texts("h1")).toEqual(["दुकान"]);
  expect(b.text(".shop-head .muted")).toContain("उत्पाद");
  expect(b.all("a").filter((a) => a.attribs.href?.startsWith("/hi/product/")).length).toBeGreaterThan(0);
  expect(alternates(b)).toEqual({ "en-IN": "/shop", "hi-IN": "/hi/shop", "x-default": "/shop" });

  // The switch: to the same page in English, and the home page stays English afterwards.
  await b.follow("English", menu);
  expect(url(b)).toBe(`${hindi().url}/shop`);
  expect(lang(b)).toBe("en-IN");
  expect(b.texts("h1")).toEqual(["Shop"]);
  await b.open("/");
  expect(url(b)).toBe(`${hindi().url}/`);

  // Back to Hindi: remembered, so / now leads to the Hindi home page; other paths are as named.
  await b.follow("हिन्दी", 'nav[aria-label="Main"]');
  expect(url(b)).toBe(`${hindi().url}/hi`);
  await b.open("/");
  expect(url(b)).toBe(`${hindi().url}/hi`);
  await b.open("/shop");
  expect(b.texts("h1")).toEqual(["Shop"]);
});

test("a Hindi page behind a login comes back to itself in Hindi", async () => {
  const b = new PlainBrowser(hindi().url);
  const res = await b.api("/hi/orders");
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/hi/login?redirect=%2Forders");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  // The admin is the owner's and stays English: its pages have one address.
  const admin = await b.api("/hi/admin/orders?status=Placed");
  expect(admin.status).toBe(302);
  expect(admin.headers.get("location")).toBe("/admin/orders?status=Placed");
});

test("the language cookie alone keeps pages cached, except / which it redirects", async () => {
  const get = (path: string, cookie?: string) =>
    fetch(`${hindi().url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  for (const path of ["/hi/shop", "/about"]) {
    await get(path);
    const kept = await get(path, "lang=hi");
    expect(kept.headers.get("x-page-cache"), path).toBe("hit");
  }
  // A cart is a kind of viewer of its own (issue #40): its page is kept apart from a guest's.
  const cart = "lang=hi; rk_cart_v1=x";
  expect((await get("/hi/shop", cart)).headers.get("x-page-cache")).toBe("miss");
  expect((await get("/hi/shop", cart)).headers.get("x-page-cache")).toBe("hit");
  // A cookie the cache does not know (a toast) may change the page: rendered afresh.
  expect((await get("/hi/shop", "lang=hi; __toast=x")).headers.get("x-page-cache")).toBeNull();
  await get("/");
  const home = await get("/", "lang=hi");
  expect(home.status).toBe(302);
  expect(home.headers.get("location")).toBe("/hi");
});

test("a Hindi page's first response fits the first-paint budget of /shop: 14 KB as served", async () => {
  // Devanagari takes three bytes a letter in UTF-8; brotli takes most of that back (issue #24's budget).
  const served = (path: string) =>
    new Promise<number>((resolve, reject) => {
      request(`${hindi().url}${path}`, { headers: { "accept-encoding": "br" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
        .on("error", reject)
        .end();
    });
  const shop = await (await fetch(`${hindi().url}/hi/shop`)).text();
  const product = /href="(\/hi\/product\/[^"]+)"/.exec(shop)![1]!;
  for (const path of ["/hi", "/hi/shop", product]) expect(await served(path), path).toBeLessThanOrEqual(14 * 1024);
});

test("the sitemap lists each page in both languages, each naming the other", async () => {
  const body = await (await fetch(`${hindi().url}/sitemap.xml`)).text();
  const urls = [...body.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
  const at = (path: string) => urls.find((u) => u.includes(`<loc>${hindi().url}${path}</loc>`));
  for (const path of ["/shop", "/about"]) {
    for (const loc of [path, `/hi${path}`]) {
      expect(at(loc), loc).toContain(`hreflang="en-IN" href="${hindi().url}${path}"`);
      expect(at(loc), loc).toContain(`hreflang="hi-IN" href="${hindi().url}/hi${path}"`);
    }
  }
  expect(at("/hi")).toBeDefined();
  const product = urls.find((u) => u.includes("/hi/product/"));
  expect(product).toMatch(/hreflang="en-IN" href="[^"]+\/product\//);
  expect(urls.filter((u) => u.includes("/product/")).length % 2).toBe(0);
  expect((await fetch(`${hindi().url}/hi/sitemap.xml`, { redirect: "manual" })).status).toBe(302);
});

test("without LANGUAGES, /hi/… redirects to / as any unknown path, and English pages carry no alternates", async ({
  plain: b,
}) => {
  for (const path of ["/hi", "/hi/shop", "/language?to=/hi"]) {
    const res = await b.api(path);
    expect(res.status, path).toBe(302);
    expect(res.headers.get("location"), path).toBe("/");
  }
  await b.open("/shop");
  expect(lang(b)).toBe("en-IN");
  expect(b.all("link[rel=alternate][hreflang]")).toHaveLength(0);
  expect(b.links(/हिन्दी/)).toHaveLength(0);
});
