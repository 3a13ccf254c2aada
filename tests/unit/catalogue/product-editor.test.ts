import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { orderUpdateSchema } from "~/lib/order-schema";
import { HSN_INVALID, productError, productSchema, URL_INVALID } from "~/lib/product-schema";
import {
  createProduct,
  deleteProduct,
  getProductForEdit,
  updateProduct,
} from "~/models/catalogue/product-admin.server";
import { getProduct } from "~/models/catalogue/products.server";
import { detectImageType } from "~/utils/image-type.server";

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));

describe("detectImageType: by content, not by name", () => {
  it.each([
    ["jpg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0)],
    ["png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0)],
    ["gif", ascii("GIF89a....")],
    ["gif", ascii("GIF87a....")],
    ["webp", ascii("RIFF\0\0\0\0WEBPVP8 ")],
  ])("%s", (type, data) => {
    expect(detectImageType(data)).toBe(type);
  });
  it.each([
    [ascii("<svg xmlns='http://www.w3.org/2000/svg'>")],
    [ascii("RIFF\0\0\0\0WAVEfmt ")],
    [ascii("%PDF-1.7")],
    [bytes()],
    [bytes(0xff, 0xd8)],
    [ascii("GIF90a")],
  ])("refuses %#", (data) => {
    expect(detectImageType(data)).toBeNull();
  });
});

describe("productSchema (form strings and JSON numbers alike)", () => {
  it("converts rupees to paise, MRP 0 to none, and defaults", () => {
    expect(productSchema.parse({ name: " Rose ", price: "199.99", mrp: "0", stock: "4" })).toEqual({
      name: "Rose",
      description: "",
      price: 19999,
      mrp: null,
      stock: 4,
      image: "",
      images: [],
    });
    expect(
      productSchema.parse({
        name: "Rose",
        price: 10,
        mrp: 12.5,
        images: [{ url: "/uploads/a.png" }, "https://cdn.example/b.jpg"],
      }),
    ).toMatchObject({
      price: 1000,
      mrp: 1250,
      stock: 0,
      images: ["/uploads/a.png", "https://cdn.example/b.jpg"],
    });
    expect(productSchema.parse({ name: "Rose", price: "1", images: "/uploads/a.png" }).images).toEqual([
      "/uploads/a.png",
    ]);
  });
  it.each([
    [{ price: 1 }, "name"],
    [{ name: "x" }, "price"],
    [{ name: "x", price: "abc" }, "price"],
    [{ name: "x", price: -1 }, "price"],
    [{ name: "x", price: 1, mrp: -2 }, "mrp"],
    [{ name: "x", price: 1, stock: 1.5 }, "stock"],
    [{ name: "x", price: 1, stock: -1 }, "stock"],
    [{ name: "x", price: 1, image: "javascript:alert(1)" }, "image"],
    [{ name: "x", price: 1, image: "//evil.example/x.png" }, "image"],
    [{ name: "x", price: 1, images: ["data:image/png;base64,AAAA"] }, "images"],
    [{ name: "x", price: "NaN" }, "price"],
    [{ name: "x", price: "Infinity" }, "price"],
    [{ name: "x", price: 1, hsn: "340" }, "hsn"],
    [{ name: "x", price: 1, hsn: "34060" }, "hsn"],
    [{ name: "x", price: 1, hsn: "3406001" }, "hsn"],
    [{ name: "x", price: 1, hsn: "3406A" }, "hsn"],
    [{ name: "x", price: 1, hsn: "" }, "hsn"],
    [{ name: "x", price: 1, hsn: null }, "hsn"],
  ])("refuses %j (%s)", (input, field) => {
    const r = productSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path[0]).toBe(field);
  });
  it("takes an HSN code of 4, 6 or 8 digits, written with spaces or dots too, with one message otherwise", () => {
    const hsn = (v: unknown) => productSchema.safeParse({ name: "x", price: 1, hsn: v });
    expect(hsn("3406").data?.hsn).toBe("3406");
    expect(hsn(" 3406 00 ").data?.hsn).toBe("340600");
    expect(hsn("3406.00.10").data?.hsn).toBe("34060010");
    expect(hsn(34060010).data?.hsn).toBe("34060010");
    expect(productSchema.parse({ name: "x", price: 1 }).hsn).toBeUndefined();
    expect(productError(hsn("12345").error!)).toBe(`hsn: ${HSN_INVALID}`);
  });
  it.each([
    "https://cdn.example/x.png",
    "http://cdn.example:8080/a/b.jpg?w=2#top",
    "HTTPS://CDN.EXAMPLE/X.PNG",
    "/uploads/x.png",
    "/uploads/0123456789abcdef01234567-320.webp",
    "/images/demo/rose-garden-1.svg",
    "  /uploads/x.png  ",
  ])("image URL %j is accepted at both fields", (url) => {
    expect(productSchema.safeParse({ name: "x", price: 1, image: url }).success).toBe(true);
    expect(productSchema.safeParse({ name: "x", price: 1, images: [url, { url }] }).success).toBe(true);
  });
  it.each([
    "/\\evil.example/x.png",
    "//evil/x.png",
    "//evil.example",
    "///evil.example/x.png",
    "/a\\b",
    "\\\\evil.example\\x.png",
    "/uploads//x.png",
    "/x.png\u0000",
    "/x\u0007.png",
    "/x\u007f.png",
    "/x\u0085.png",
    "/x\n.png",
    "/\r\n/evil.example/x.png",
    "/\t/evil.example/x.png",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:image/png;base64,AAAA",
    "vbscript:x",
    "https:/evil.example/x.png",
    "https:\\\\evil.example/x.png",
    "https://",
    "https:///x.png",
    "https://evil.example\\@good.example/x.png",
    "ftp://evil.example/x.png",
    "x.png",
    "uploads/x.png",
    "/a b.png",
    `/${"x".repeat(2001)}`,
  ])("image URL %j is refused with a clear message at both fields", (url) => {
    const main = productSchema.safeParse({ name: "x", price: 1, image: url });
    expect(main.success).toBe(false);
    expect(main.error!.issues[0]!.path[0]).toBe("image");
    const gallery = productSchema.safeParse({ name: "x", price: 1, images: [{ url }] });
    expect(gallery.success).toBe(false);
    expect(gallery.error!.issues[0]!.path[0]).toBe("images");
    if (url.length <= 2000) {
      expect(main.error!.issues[0]!.message).toBe(URL_INVALID);
      expect(productError(gallery.error!)).toBe(`images: ${URL_INVALID}`);
    }
  });
  it("a form post with a bad gallery URL is refused by the form's own parse (conform), naming the field", () => {
    const form = new FormData();
    form.set("name", "x");
    form.set("price", "1");
    form.append("images", "/uploads/ok.png");
    form.append("images", "/\\evil.example/x.png");
    const submission = parseWithZod(form, { schema: productSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ "images[1]": [URL_INVALID] });
  });
  it("order updates need a known status and/or a boolean", () => {
    expect(orderUpdateSchema.safeParse({ status: "Shipped" }).success).toBe(true);
    expect(orderUpdateSchema.safeParse({ isPaid: false }).success).toBe(true);
    expect(orderUpdateSchema.safeParse({ status: "shipped" }).success).toBe(false);
    expect(orderUpdateSchema.safeParse({ isPaid: "true" }).success).toBe(false);
    expect(orderUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe("admin product model", () => {
  it("creates, edits, and soft-deletes; the gallery's first picture is the image by default", async () => {
    const id = await createProduct(
      productSchema.parse({ name: "Jar", price: 5, images: ["/uploads/1.png", "/uploads/2.png"] }),
    );
    expect(await getProduct(id)).toMatchObject({
      name: "Jar",
      price: 500,
      image: "/uploads/1.png",
      images: ["/uploads/1.png", "/uploads/2.png"],
    });
    expect(
      await updateProduct(
        id,
        productSchema.parse({ name: "Jar 2", price: 6, image: "/x.png", images: ["/uploads/2.png"] }),
      ),
    ).toBe(true);
    expect(await getProductForEdit(id)).toMatchObject({
      name: "Jar 2",
      price: 600,
      image: "/x.png",
      images: ["/uploads/2.png"],
    });
    expect(await deleteProduct(id)).toBe(true);
    expect(await deleteProduct(id)).toBe(false);
    expect(await getProduct(id)).toBeNull();
    expect(await updateProduct(id, productSchema.parse({ name: "Back", price: 1 }))).toBe(false);
  });

  it("a new product's HSN code is 3406 unless given; an edit without one keeps the product's", async () => {
    const hsnOf = async (id: string) => (await getProductForEdit(id))!.hsn;
    const plain = await createProduct(productSchema.parse({ name: "Pillar", price: 5 }));
    expect(await hsnOf(plain)).toBe("3406");
    const diya = await createProduct(productSchema.parse({ name: "Diya", price: 5, hsn: "34060010" }));
    expect(await hsnOf(diya)).toBe("34060010");
    await updateProduct(diya, productSchema.parse({ name: "Diya", price: 6 }));
    expect(await hsnOf(diya)).toBe("34060010");
    await updateProduct(diya, productSchema.parse({ name: "Diya", price: 6, hsn: "340600" }));
    expect(await hsnOf(diya)).toBe("340600");
  });
});

describe("image variants", () => {
  it("uploaded pictures get WebP and same-format srcsets, demo drawings WebP (issue #24); other URLs none", async () => {
    const { imageVariants } = await import("~/lib/image-variants");
    const id = "a".repeat(24);
    expect(imageVariants(`/uploads/${id}.jpg`)).toEqual({
      webp: `/uploads/${id}-320.webp 320w, /uploads/${id}-640.webp 640w, /uploads/${id}-1200.webp 1200w`,
      original: `/uploads/${id}-320.jpg 320w, /uploads/${id}-640.jpg 640w, /uploads/${id}-1200.jpg 1200w`,
    });
    expect(imageVariants(`/uploads/${id}.gif`)).toBeNull();
    expect(imageVariants("/images/demo/rose-garden-1.svg")).toEqual({
      webp: "/images/demo/rose-garden-1-320.webp 320w, /images/demo/rose-garden-1-640.webp 640w",
    });
    expect(imageVariants("/images/demo/rose-garden-5.svg")).toBeNull();
    expect(imageVariants("https://cdn.example/x.jpg")).toBeNull();
  });

  it("a file with image magic bytes that does not decode is refused", async () => {
    const { checkUploads, UploadError } = await import("~/models/catalogue/uploads.server");
    const fakePng = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], "x.png");
    await expect(checkUploads([fakePng])).rejects.toBeInstanceOf(UploadError);
  });
});
