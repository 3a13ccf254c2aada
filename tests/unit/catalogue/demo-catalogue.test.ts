// The demo catalogue as a shopper meets it (issue #21 item 9): reviews that read like real ones
// (never the same comment or reviewer twice on a product, dated after the launch and never ahead
// of now) and pictures that differ from product to product and within a product's gallery, each
// a well-formed, small SVG. Runs on a freshly seeded database, SQLite and PostgreSQL alike.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { demoPicture } from "~/demo/candle-svg.server";
import { type DemoProduct, demoProducts } from "~/demo/catalogue";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { demoSizes } from "~/demo/sizes";
import { imageVariants } from "~/lib/image-variants";
import { loader } from "~/routes/images.demo.$file";
import { testDb } from "../../support/db";

const raw = testDb(app);

type Row = {
  product: string;
  launched: number;
  rating: number;
  numReviews: number;
  name: string;
  comment: string;
  stars: number;
  at: number;
};

describe("the seeded demo reviews", async () => {
  const before = Math.floor(Date.now() / 1000);
  const seeded = await seedDemoCatalogue();
  const rows = await raw.all<Row>(
    `select p.name as product, p.created_at as launched, p.rating, p.num_reviews as "numReviews",
            r.name, r.comment, r.rating as stars, r.created_at as at
       from reviews r join products p on p.id = r.product_id
      order by p.created_at, r.created_at`,
  );
  const byProduct = new Map<string, Row[]>();
  for (const r of rows) byProduct.set(r.product, [...(byProduct.get(r.product) ?? []), r]);

  it("every demo candle has its reviews, and its rating and count are theirs", () => {
    expect(seeded).toBe(true);
    expect([...byProduct.keys()].sort()).toEqual(demoProducts.map((p) => p.name).sort());
    for (const [product, reviews] of byProduct) {
      expect(reviews.length, product).toBe(reviews[0]!.numReviews);
      const mean = reviews.reduce((a, r) => a + r.stars, 0) / reviews.length;
      expect(reviews[0]!.rating, product).toBe(Math.round(mean * 10) / 10);
    }
  });

  it("no comment, reviewer or first name twice on one product; none empty or left a template", () => {
    for (const [product, reviews] of byProduct) {
      const comments = reviews.map((r) => r.comment);
      const names = reviews.map((r) => r.name);
      expect(new Set(comments).size, `${product}: ${comments.join(" | ")}`).toBe(reviews.length);
      expect(new Set(names).size, `${product}: ${names.join(", ")}`).toBe(reviews.length);
      expect(new Set(names.map((n) => n.split(" ")[0])).size, `${product}: ${names.join(", ")}`).toBe(reviews.length);
      for (const r of reviews) {
        expect(r.comment.length).toBeGreaterThan(5);
        expect(r.name.length).toBeGreaterThan(2);
        expect(r.comment).not.toMatch(/[{}]/);
      }
    }
  });

  it("the shop as a whole reads varied: many different comments and reviewers", () => {
    expect(new Set(rows.map((r) => r.comment)).size).toBeGreaterThan(rows.length * 0.6);
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(60);
  });

  it("each review comes after its product's launch and never after now; together they span months", () => {
    const now = Math.floor(Date.now() / 1000);
    for (const r of rows) {
      expect(r.at, `${r.product}: ${r.name}`).toBeGreaterThan(r.launched);
      expect(r.at).toBeLessThanOrEqual(now);
      expect(r.launched).toBeLessThan(before);
    }
    const months = new Set(rows.map((r) => new Date(r.at * 1000).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it("the product's description names the vessel its pictures show", async () => {
    const descriptions = await raw.all<{ name: string; description: string }>("select name, description from products");
    const tins = descriptions.filter((d) => demoProducts.find((p) => p.name === d.name)!.vessel === "tin");
    expect(tins.length).toBeGreaterThan(0);
    for (const t of tins) expect(t.description).toContain("tin");
    for (const d of descriptions) expect(d.description).toContain("soy");
  });
});

/**
 * A strict check of the XML the pictures use: one root, nested elements, attributes in double
 * quotes, and "&" only as an entity. Throws on anything else.
 */
function assertWellFormedXml(text: string) {
  const entity = "&(?:amp|lt|gt|quot|apos|#\\d+|#x[0-9a-fA-F]+);";
  const attrValue = `"(?:[^"<&]|${entity})*"`;
  const tag = new RegExp(`^<(/?)([A-Za-z][\\w.:-]*)((?:\\s+[A-Za-z][\\w.:-]*=${attrValue})*)\\s*(/?)>$`);
  const textOk = new RegExp(`^(?:[^<&]|${entity})*$`);
  const stack: string[] = [];
  let roots = 0;
  for (const token of text.match(/<[^>]*>|[^<]+/g) ?? []) {
    if (!token.startsWith("<")) {
      if (!textOk.test(token)) throw new Error(`bad text: ${token}`);
      if (stack.length === 0 && token.trim()) throw new Error(`text outside the root: ${token}`);
      continue;
    }
    const m = tag.exec(token);
    if (!m) throw new Error(`bad tag: ${token}`);
    const [, close, name, attrs, selfClose] = m;
    const names = [...attrs!.matchAll(/\s+([\w.:-]+)=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) throw new Error(`repeated attribute: ${token}`);
    if (close) {
      if (stack.pop() !== name) throw new Error(`unbalanced: ${token}`);
    } else {
      if (stack.length === 0 && ++roots > 1) throw new Error("more than one root");
      if (!selfClose) stack.push(name!);
    }
  }
  if (stack.length > 0 || roots !== 1) throw new Error(`unclosed: ${stack.join(" ")}`);
}

/** The picture without its words: what is left is the drawing. */
const drawing = (svg: string) => svg.replace(/<text\b[\s\S]*?<\/text>/g, "");

describe("the demo pictures", () => {
  const pictures = demoProducts.map((p) => [1, 2, 3, 4].map((n) => demoPicture(p, n)));

  it("the checker refuses what a browser would refuse", () => {
    expect(() => assertWellFormedXml(`<svg><text>Pine & Cardamom</text></svg>`)).toThrow(/bad text/);
    expect(() => assertWellFormedXml(`<svg><g></svg>`)).toThrow(/unbalanced/);
    expect(() => assertWellFormedXml(`<svg a='1'/>`)).toThrow(/bad tag/);
    expect(() => assertWellFormedXml(`<svg/><svg/>`)).toThrow(/root/);
    expect(() => assertWellFormedXml(`<svg><text>Pine &amp; Cardamom</text></svg>`)).not.toThrow();
  });

  it("are well-formed SVG, small: at most 2.5 KB for the card's picture, 4 KB for the others", () => {
    for (const [i, p] of demoProducts.entries()) {
      for (const [n, svg] of pictures[i]!.entries()) {
        expect(svg, `${p.name} ${n + 1}`).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 600"/,
        );
        expect(() => assertWellFormedXml(svg), `${p.name} ${n + 1}`).not.toThrow();
        expect(Buffer.byteLength(svg), `${p.name} ${n + 1}`).toBeLessThanOrEqual(n === 0 ? 2500 : 4000);
        expect(svg, "no web fonts").not.toMatch(/@font-face|@import|href=/);
      }
    }
  });

  it("differ from product to product, and not only by the name on the label", () => {
    const cards = pictures.map((ps) => drawing(ps[0]!));
    expect(new Set(cards).size).toBe(demoProducts.length);
    // Every vessel is used, so the shapes differ too, not only the colours.
    expect(new Set(demoProducts.map((p) => p.vessel)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(demoProducts.map((p) => p.family)).size).toBe(6);
  });

  it("the pictures of one product differ from each other", () => {
    for (const [i, p] of demoProducts.entries()) {
      const own = pictures[i]!.slice(0, p.images).map(drawing);
      expect(new Set(own).size, p.name).toBe(own.length);
      // All four possible views, too (the route serves 1–4 for any demo candle).
      expect(new Set(pictures[i]!.map(drawing)).size, p.name).toBe(4);
    }
  });

  it("are drawn the same every time (every app server sends the same bytes)", () => {
    for (const [i, p] of demoProducts.entries()) expect(demoPicture(p, 3)).toBe(pictures[i]![2]);
  });

  it("escape the name: &, quotes and < stay text", () => {
    const odd: DemoProduct = { ...demoProducts[0]!, name: `Tom & Jerry's "<Best>"` };
    for (const vessel of ["tumbler", "amber", "tin", "ribbed", "matka", "bowl", "pillar"] as const) {
      for (let n = 1; n <= 4; n++) {
        const svg = demoPicture({ ...odd, vessel }, n);
        expect(() => assertWellFormedXml(svg), `${vessel} ${n}`).not.toThrow();
        expect(svg).not.toContain("<Best>");
      }
    }
  });
});

describe("GET /images/demo/:file", () => {
  const get = (file: string, acceptEncoding?: string) =>
    loader({
      params: { file },
      request: new Request(`http://localhost/images/demo/${file}`, {
        headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
      }),
      context: {},
    } as Parameters<typeof loader>[0]);
  const rose = demoProducts.find((p) => p.name === "Rose Garden")!;

  it("sends the picture compressed as the client allows, cached for a year", async () => {
    const br = await get("rose-garden-2.svg", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    expect(br.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = demoPicture(rose, 2);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(svg);

    const gz = await get("rose-garden-2.svg", "gzip, br;q=0");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(svg);

    const plain = await get("rose-garden-2.svg");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(svg);
  });

  it("answers 404 for anything but a demo candle's picture 1–4, as SVG or WebP at a width it offers", async () => {
    for (const file of [
      "rose-garden-5.svg",
      "rose-garden-0.svg",
      "no-such-candle-1.svg",
      "rose-garden-5.png",
      "rose-garden-1-100.webp",
      "rose-garden-1-320.svg",
      "rose-garden-1.webp",
    ])
      expect((await get(file)).status, file).toBe(404);
  });

  it("sends a WebP copy at 320 and 640 px, the drawing rasterised, cached for a year (issue #24)", async () => {
    for (const width of [320, 640]) {
      const res = await get(`rose-garden-2-${width}.webp`, "gzip, deflate, br");
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/webp");
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width]);
    }
    expect(imageVariants("/images/demo/rose-garden-2.svg")).toEqual({
      webp: "/images/demo/rose-garden-2-320.webp 320w, /images/demo/rose-garden-2-640.webp 640w",
    });
  });

  it("draws a 1200 × 1200 PNG copy for link previews, which show no SVG (issue #25)", async () => {
    const png = await get("rose-garden-1.png", "gzip, br");
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("Content-Encoding")).toBeNull();
    const bytes = Buffer.from(await png.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 1200 });
    // Drawn once per worker: a second preview gets the same bytes, another picture its own.
    expect(Buffer.from(await (await get("rose-garden-1.png")).arrayBuffer())).toEqual(bytes);
    expect(Buffer.from(await (await get("rose-garden-2.png")).arrayBuffer())).not.toEqual(bytes);
  });
});

describe("the demo candles in sizes (issue #37)", async () => {
  await seedDemoCatalogue();
  const sized = demoProducts.filter((p) => demoSizes(p).length > 0);
  it("6–8 candles come in 2–3 sizes, the first at the candle's own figures, SKUs unique", async () => {
    expect(sized.length).toBeGreaterThanOrEqual(6);
    expect(sized.length).toBeLessThanOrEqual(8);
    const rows = await raw.all<{
      name: string;
      label: string;
      labelHi: string;
      sku: string;
      price: number;
      mrp: number | null;
      stock: number;
      pp: number;
      pm: number | null;
      ps: number;
    }>(
      `select p.name, s.label, s.label_hi as "labelHi", s.sku, s.price, s.mrp, s.stock,
              p.price as pp, p.mrp as pm, p.stock as ps
         from product_sizes s join products p on p.id = s.product_id
        where s.deleted_at is null order by p.name, s.position`,
    );
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
    for (const p of sized) {
      const mine = rows.filter((r) => r.name === p.name);
      expect(mine.length, p.name).toBeGreaterThanOrEqual(2);
      expect(mine.length, p.name).toBeLessThanOrEqual(3);
      // The product row mirrors the default size, and that is the candle as it always was.
      expect(mine[0], p.name).toMatchObject({ price: p.price * 100, stock: p.stock, pp: p.price * 100, ps: p.stock });
      expect(mine[0]!.mrp).toBe(mine[0]!.pm);
      for (const r of mine) expect(r.labelHi).toMatch(/ग्राम/);
      // Larger sizes cost more: the card's "from ₹X" is the price it always showed.
      for (const r of mine.slice(1)) expect(r.price).toBeGreaterThan(mine[0]!.price);
    }
  });
});
