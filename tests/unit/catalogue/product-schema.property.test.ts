// Property tests of the product schema (the admin's product editor, form and JSON).
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { productSchema } from "~/lib/product-schema";
import {
  blank,
  body,
  field,
  hostileString,
  name,
  over,
  rupeeText,
  type Sample,
  url,
} from "../../support/hostile-values";
import { checkSchema, expectNoPollution, isTrimmed, keysWithin, RUNS, URL_RULE } from "../../support/schema-properties";

afterEach(expectNoPollution);

const product: Sample = {
  valid: fc.record({
    name: fc.constantFrom("Rose", " Jasmine ", "Pine & Cardamom <i>"),
    description: fc.string({ maxLength: 40 }),
    price: fc.oneof(fc.double({ min: 0, max: 100_000, noNaN: true }), fc.constantFrom("450", " 99.99 ", "0")),
    mrp: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom("", "0", "500")),
    stock: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom("", "7")),
    image: fc.constantFrom("", "/uploads/a.png", "https://x.example/a.png"),
    images: fc.array(fc.constantFrom("/uploads/a.png", "https://x.example/b.webp"), { maxLength: 3 }),
  }),
  edges: {
    name: fc.oneof(blank, over(120)),
    description: over(5000),
    price: fc.constantFrom(
      -1,
      -0.01,
      "-0.01",
      " -5 ",
      10_000_000.01,
      "10000001",
      NaN,
      Infinity,
      "Infinity",
      "abc",
      null,
      true,
    ),
    mrp: fc.constantFrom(-1, "-5", 1e8, "x", Infinity),
    stock: fc.constantFrom(-1, 1.5, "1.5", 1_000_001, "1e7", "-1", Infinity, "0x10z"),
    image: fc.constantFrom(
      "//evil.example/x.png",
      "javascript:alert(1)",
      "/a b",
      "data:image/png;base64,xx",
      "ftp://x.example/a",
      " https://x.example/a b",
    ),
    images: fc.oneof(
      fc.array(fc.constant("/uploads/a.png"), { minLength: 13, maxLength: 20 }),
      fc.constantFrom(
        ["javascript:alert(1)"],
        [{ url: "//evil.example/x" }],
        "//evil.example",
        [{ url: 5 }],
        [["/a.png"]],
      ),
    ),
  },
};

describe("admin schemas", () => {
  const productArb = body({
    name: field(name),
    description: field(fc.string({ maxLength: 50 }), fc.constantFrom("x".repeat(5000), "x".repeat(5001))),
    price: field(rupeeText),
    mrp: field(rupeeText),
    stock: field(fc.integer({ min: -2, max: 2_000_000 }), fc.constantFrom("7", " 7 ", "1.5", "", "-0", "1e6", "1e7")),
    image: field(url),
    images: field(fc.array(url, { maxLength: 14 }), fc.array(fc.record({ url }), { maxLength: 3 }), url),
  });

  it("productSchema: never throws; a success has whole non-negative paise, stock 0..1e6, safe image URLs and at most 12 pictures", () => {
    checkSchema(
      productArb,
      (v) => productSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["name", "description", "price", "mrp", "stock", "image", "images"]);
        expect(isTrimmed(d.name)).toBe(true);
        expect(d.name.length).toBeGreaterThanOrEqual(1);
        expect(d.name.length).toBeLessThanOrEqual(120);
        expect(typeof d.description).toBe("string");
        expect(d.description.length).toBeLessThanOrEqual(5000);
        expect(Number.isSafeInteger(d.price)).toBe(true);
        expect(d.price).toBeGreaterThanOrEqual(0);
        expect(d.price).toBeLessThanOrEqual(1_000_000_000);
        if (d.mrp !== null) {
          expect(Number.isSafeInteger(d.mrp)).toBe(true);
          expect(d.mrp).toBeGreaterThan(0);
          expect(d.mrp).toBeLessThanOrEqual(1_000_000_000);
        }
        expect(Number.isInteger(d.stock)).toBe(true);
        expect(d.stock).toBeGreaterThanOrEqual(0);
        expect(d.stock).toBeLessThanOrEqual(1_000_000);
        expect(d.image === "" || URL_RULE(d.image)).toBe(true);
        expect(d.images.length).toBeLessThanOrEqual(12);
        for (const u of d.images) {
          expect(typeof u).toBe("string");
          expect(URL_RULE(u)).toBe(true);
        }
        for (const u of [d.image, ...d.images]) expect(u).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      },
      product,
    );
  });

  it("productSchema, form door: whatever strings a form posts, a success is whole non-negative paise", () => {
    // Object.fromEntries(formData): every value a string.
    const formValue = fc.oneof(rupeeText.map(String), hostileString);
    checkSchema(
      fc.record(
        {
          name: fc.oneof(name.map(String), hostileString),
          price: formValue,
          mrp: formValue,
          stock: formValue,
          image: fc.oneof(url, hostileString),
        },
        { requiredKeys: [] },
      ),
      (v) => productSchema.safeParse(v),
      (d) => {
        expect(Number.isSafeInteger(d.price) && d.price >= 0).toBe(true);
        expect(d.mrp === null || (Number.isSafeInteger(d.mrp) && d.mrp > 0)).toBe(true);
        expect(Number.isInteger(d.stock) && d.stock >= 0 && d.stock <= 1_000_000).toBe(true);
      },
      {
        valid: product.valid.map((p) => ({
          name: p.name,
          price: String(p.price),
          mrp: String(p.mrp),
          stock: String(p.stock),
          image: p.image,
        })),
        edges: Object.fromEntries(
          ["name", "price", "mrp", "stock", "image"].map((k) => [k, product.edges[k]!.map(String)]),
        ),
      },
    );
  });

  it("productSchema image URLs: a success keeps only site paths and http(s) addresses, never protocol-relative, script or data URLs", () => {
    const value = fc.oneof(
      url,
      hostileString,
      fc.constantFrom(
        "//evil.example/x.png",
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "https://ok.example/a b",
        "/ok.png",
        "https://ok.example/a.png",
        " /ok.png ",
      ),
      fc.constantFrom(
        "/\\evil.example/x.png",
        "/a\\b",
        "\\\\evil.example/x.png",
        "/ok//x.png",
        "/x\u0000.png",
        "/x\u0085.png",
        "https:\\\\evil.example/x.png",
        "https://",
      ),
      fc
        .tuple(fc.constantFrom("/", "https://ok.example/"), fc.string({ unit: "binary", maxLength: 12 }))
        .map(([a, b]) => a + b),
    );
    let ok = 0;
    fc.assert(
      fc.property(value, fc.boolean(), (u, asObject) => {
        const r = productSchema.safeParse({ name: "Rose", price: 1, image: u, images: [asObject ? { url: u } : u] });
        if (!r.success) return;
        ok++;
        for (const x of [r.data.image, ...r.data.images].filter((x) => x !== "")) {
          expect(URL_RULE(x)).toBe(true);
          expect(x.startsWith("//")).toBe(false);
          expect(x).not.toMatch(/\s/);
        }
      }),
      RUNS,
    );
    expect(ok).toBeGreaterThanOrEqual(5);
  });
});
