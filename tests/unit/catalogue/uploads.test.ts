import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { gifBomb, pngHeaderBomb, solidImage, webpCanvasBomb } from "../../support/image-bombs";

// Issue #11: a truncated or corrupt picture was a 500 and left its original in UPLOAD_DIR; the
// editor saved 20 gallery files for a product that may have 12, and saved files for a product
// that did not exist. This file's uploads go to a directory of its own.
const uploadDir = mkdtempSync(join(tmpdir(), "candle-uploads-"));
process.env.UPLOAD_DIR = uploadDir;

// Ids of uploads can be chosen by a test (to make a rename fail); otherwise random as usual.
const ids = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock("~/utils/id.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/utils/id.server")>();
  return { ...real, newId: () => ids.next.shift() ?? real.newId() };
});

const {
  checkUploads,
  discardUploads,
  MAX_UPLOAD_BYTES,
  saveUploads,
  storedPicture,
  UPLOAD_NOT_IMAGE,
  UPLOAD_TOO_MANY_FRAMES,
  UPLOAD_TOO_MANY_PIXELS,
  UploadError,
} = await import("~/models/catalogue/uploads.server");
const { db, dialect, writeTransaction } = await import("~/db/client.server");
const { pictures } = await import("~/db/schema");
const { submitProductForm } = await import("~/models/catalogue/product-form.server");
const { createProduct, getProductForEdit } = await import("~/models/catalogue/product-admin.server");
const { galleryTooMany, productSchema } = await import("~/lib/product-schema");

/** What the picture store holds: files in UPLOAD_DIR (SQLite), rows of `pictures` (PostgreSQL). */
const listing = async () =>
  dialect === "pg"
    ? (await db.select({ name: pictures.name }).from(pictures)).map((r) => r.name).sort()
    : readdirSync(uploadDir).sort();
const stored = async (name: string) =>
  dialect === "pg" ? (await storedPicture(name))!.bytes : readFileSync(join(uploadDir, name));

/** A real picture made by sharp: noise, so it is large enough to cut. */
async function picture(format: "png" | "jpeg" | "webp" | "gif", width = 64, height = 48): Promise<Buffer> {
  const img = sharp({
    create: { width, height, channels: 3, background: "#c8782a", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  });
  return img.toFormat(format).toBuffer();
}
const file = (bytes: Uint8Array, name: string, type = "image/png") => new File([new Uint8Array(bytes)], name, { type });

/** The first ~100 bytes of a real PNG: signature and IHDR intact (sharp's metadata() is happy), data cut short. */
async function truncatedPng(): Promise<Buffer> {
  const full = await picture("png");
  expect(full.length).toBeGreaterThan(1000);
  const cut = full.subarray(0, 100);
  expect(cut.subarray(12, 16).toString("latin1")).toBe("IHDR");
  // What made this a 500: the header alone passes.
  expect(await sharp(cut).metadata()).toMatchObject({ format: "png", width: 64, height: 48 });
  return cut;
}

beforeEach(() => {
  ids.next = [];
});
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe("uploads: a picture is decoded completely before anything is written", () => {
  it("a truncated PNG (valid signature and IHDR) is refused with the upload message and leaves UPLOAD_DIR unchanged", async () => {
    const before = await listing();
    const broken = file(await truncatedPng(), "broken.png");
    await expect(checkUploads([broken])).rejects.toThrow(new UploadError(`${UPLOAD_NOT_IMAGE} (broken.png)`));
    await expect(saveUploads([broken])).rejects.toThrow(new UploadError(`${UPLOAD_NOT_IMAGE} (broken.png)`));
    expect(await listing()).toEqual(before);
  });

  it("a PNG of the right length whose data is corrupt is refused", async () => {
    const full = Buffer.from(await picture("png"));
    const idat = full.indexOf("IDAT");
    for (let i = idat + 40; i < idat + 240; i++) full[i] = full[i]! ^ 0x5a;
    const before = await listing();
    await expect(saveUploads([file(full, "corrupt.png")])).rejects.toBeInstanceOf(UploadError);
    expect(await listing()).toEqual(before);
  });

  it.each(["jpeg", "webp", "gif"] as const)("a %s cut in half is refused", async (format) => {
    const full = await picture(format);
    const before = await listing();
    // By the check itself, not only when the resized copies are made (a GIF has none).
    await expect(checkUploads([file(full.subarray(0, Math.floor(full.length / 2)), "half")])).rejects.toThrow(
      UPLOAD_NOT_IMAGE,
    );
    await expect(saveUploads([file(full.subarray(0, Math.floor(full.length / 2)), `half.${format}`)])).rejects.toThrow(
      UPLOAD_NOT_IMAGE,
    );
    expect(await listing()).toEqual(before);
  });

  it("a broken picture among good ones saves none of them", async () => {
    const before = await listing();
    const good = file(await picture("png"), "good.png");
    const alsoGood = file(await picture("jpeg"), "good.jpg", "image/jpeg");
    await expect(saveUploads([good, alsoGood, file(await truncatedPng(), "broken.png")])).rejects.toThrow(
      `${UPLOAD_NOT_IMAGE} (broken.png)`,
    );
    expect(await listing()).toEqual(before);
  });

  it("a good picture is stored with its resized copies, nothing temporary left; discardUploads removes them all", async () => {
    const before = await listing();
    const bytes = await picture("png");
    const [url] = await saveUploads([file(bytes, "good.png")]);
    const id = /^\/uploads\/([0-9a-f]{24})\.png$/.exec(url!)![1]!;
    const added = (await listing()).filter((f) => !before.includes(f));
    expect(added).toEqual([
      `${id}-1200.png`,
      `${id}-1200.webp`,
      `${id}-320.png`,
      `${id}-320.webp`,
      `${id}-640.png`,
      `${id}-640.webp`,
      `${id}.png`,
    ]);
    expect((await stored(`${id}.png`)).equals(bytes)).toBe(true);
    await discardUploads([url!]);
    expect(await listing()).toEqual(before);
  });

  it("all files of an upload are written together or not at all: a write that fails removes what was written", async () => {
    const [first, second] = ["a1".repeat(12), "b2".repeat(12)];
    // The second picture's 640px WebP cannot take its name: a directory is in the way of the
    // file's rename, or a row of that name is in the way of the insert.
    if (dialect === "pg") {
      await writeTransaction((tx) =>
        tx.insert(pictures).values({ name: `${second}-640.webp`, type: "image/webp", bytes: Buffer.from("taken") }),
      );
    } else {
      mkdirSync(join(uploadDir, `${second}-640.webp`));
    }
    const before = await listing();
    ids.next = [first, second];
    await expect(
      saveUploads([file(await picture("png"), "one.png"), file(await picture("webp"), "two.webp", "image/webp")]),
    ).rejects.toThrow();
    expect(await listing()).toEqual(before);
  });
});

describe("the product form saves no file for a refused submit", async () => {
  const form = (fields: Record<string, string | string[]>, files: File[]) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) fd.append(k, one);
    for (const f of files) fd.append("gallery", f);
    return fd;
  };
  const existing = ["/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png", "/uploads/bbbbbbbbbbbbbbbbbbbbbbbb.png"];
  const product = () => createProduct(productSchema.parse({ name: "Gallery Jar", price: 5, images: existing }));
  const pngs = async (n: number) =>
    Promise.all(Array.from({ length: n }, async (_, i) => file(await picture("png", 8 + i, 8), `p${i}.png`)));

  it("20 gallery files are refused before any is written", async () => {
    const before = await listing();
    const result = await submitProductForm(form({ name: "New Jar", price: "5" }, await pngs(20)));
    expect(result).toMatchObject({ reply: { error: { gallery: [galleryTooMany(20)] } } });
    expect(await listing()).toEqual(before);
  });

  it("the limit counts the pictures kept plus the files: 2 + 11 is refused and changes nothing, 2 + 10 is saved", async () => {
    const id = await product();
    const before = await listing();
    const refused = await submitProductForm(
      form({ name: "Renamed", price: "7", images: existing }, await pngs(11)),
      id,
    );
    expect(refused).toMatchObject({ reply: { error: { gallery: [galleryTooMany(13)] } } });
    expect(await listing()).toEqual(before);
    expect(await getProductForEdit(id)).toMatchObject({ name: "Gallery Jar", price: 500, images: existing });

    const saved = await submitProductForm(form({ name: "Renamed", price: "7", images: existing }, await pngs(10)), id);
    expect(saved).toEqual({ id });
    expect((await getProductForEdit(id))!.images).toHaveLength(12);
    expect((await listing()).length).toBe(before.length + 10 * 7);
  });

  it("files posted for a product that does not exist are not saved", async () => {
    const before = await listing();
    const result = await submitProductForm(form({ name: "Ghost", price: "5" }, await pngs(2)), "0".repeat(24));
    expect(result).toEqual({ missing: true });
    expect(await listing()).toEqual(before);
  });

  it("a truncated PNG in the gallery is the gallery's error, with nothing saved", async () => {
    const id = await product();
    const before = await listing();
    const result = await submitProductForm(
      form({ name: "Renamed", price: "7", images: existing }, [
        ...(await pngs(1)),
        file(await truncatedPng(), "broken.png"),
      ]),
      id,
    );
    expect(result).toMatchObject({ reply: { error: { gallery: [`${UPLOAD_NOT_IMAGE} (broken.png)`] } } });
    expect(await listing()).toEqual(before);
    expect(await getProductForEdit(id)).toMatchObject({ name: "Gallery Jar", images: existing });
  });
});

describe("issue #20: a picture that declares too many pixels or frames is refused from its header", () => {
  // Real pictures of one colour: every pixel is there to decode, in 1.2 MB at most.
  const bombs = {} as Record<"png" | "jpeg" | "webp", Buffer>;
  beforeAll(async () => {
    [bombs.png, bombs.jpeg, bombs.webp] = await Promise.all([
      solidImage("png", 20_000, 20_000),
      solidImage("jpeg", 20_000, 20_000),
      solidImage("webp", 16_383, 16_383), // the most a WebP can be: 268 megapixels in 38 bytes
    ]);
  }, 120_000);

  it("the real ones are well under the 5 MB an upload may be, so only their pixels can refuse them", () => {
    for (const bytes of Object.values(bombs)) expect(bytes.length).toBeLessThan(MAX_UPLOAD_BYTES / 2);
  });

  const tooManyPixels = (detail: string) => `${UPLOAD_TOO_MANY_PIXELS} (${detail})`;
  const cases: [string, () => Buffer | Promise<Buffer>, string][] = [
    [
      "a PNG whose IHDR says 50,000 × 50,000 and carries one row",
      () => pngHeaderBomb(50_000, 50_000),
      tooManyPixels("bomb: 50,000 × 50,000 pixels"),
    ],
    ["a whole PNG of 20,000 × 20,000", () => bombs.png, tooManyPixels("bomb: 20,000 × 20,000 pixels")],
    ["a whole JPEG of 20,000 × 20,000", () => bombs.jpeg, tooManyPixels("bomb: 20,000 × 20,000 pixels")],
    ["a whole WebP of 16,383 × 16,383", () => bombs.webp, tooManyPixels("bomb: 16,383 × 16,383 pixels")],
    [
      "an animated WebP of two 16 × 16 frames on a 16,383 × 16,383 canvas",
      () => webpCanvasBomb(16_383, 16_383),
      tooManyPixels("bomb: 2 frames of 16,383 × 16,383 pixels"),
    ],
    [
      "a GIF of 20 frames on a 2,000 × 2,000 screen (80 megapixels decoded)",
      () => gifBomb(2000, 2000, 20),
      tooManyPixels("bomb: 20 frames of 2,000 × 2,000 pixels"),
    ],
    [
      "a 1 × 1 GIF of 200,000 frames",
      () => gifBomb(1, 1, 200_000),
      `${UPLOAD_TOO_MANY_FRAMES} (bomb: 2,00,000 frames)`,
    ],
    [
      "a PNG strip of 1,000 × 50,000 (within 50 megapixels, but not a product photo)",
      () => solidImage("png", 1000, 50_000),
      tooManyPixels("bomb: 1,000 × 50,000 pixels"),
    ],
  ];

  // The time limit only catches a hang. Decoded with no pixel limit, the 156-byte WebP alone took
  // 9.5 s and 2.2 GB; the 200,000 frames were decoded twice (4.7 s) and saved.
  it.each(cases)("%s: refused with the size, nothing stored", { timeout: 30_000 }, async (_, make, message) => {
    const bomb = file(await make(), "bomb");
    const before = await listing();
    await expect(checkUploads([bomb])).rejects.toThrow(new UploadError(message));
    await expect(saveUploads([file(await picture("png"), "good.png"), bomb])).rejects.toThrow(new UploadError(message));
    expect(await listing()).toEqual(before);
  });

  it("the product form shows the size by the gallery and saves nothing", async () => {
    const before = await listing();
    const fd = new FormData();
    fd.set("name", "Bomb Jar");
    fd.set("price", "5");
    fd.append("gallery", file(pngHeaderBomb(50_000, 50_000), "bomb.png"));
    const result = await submitProductForm(fd);
    expect(result).toMatchObject({
      reply: { error: { gallery: [tooManyPixels("bomb.png: 50,000 × 50,000 pixels")] } },
    });
    expect(await listing()).toEqual(before);
  });

  it.each([
    ["a 4,000 × 3,000 phone photo (JPEG)", () => solidImage("jpeg", 4000, 3000), "jpg", 7],
    ["a PNG of exactly 50 megapixels, 10,000 × 5,000", () => solidImage("png", 10_000, 5000), "png", 7],
    ["an animated GIF of 1,000 frames of 100 × 100", async () => gifBomb(100, 100, 1000), "gif", 1],
  ] as const)("%s is within the limits and saved", { timeout: 30_000 }, async (_, make, ext, files) => {
    const before = await listing();
    const [url] = await saveUploads([file(await make(), `ok.${ext}`)]);
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{24}\\.${ext}$`));
    expect((await listing()).length).toBe(before.length + files);
    await discardUploads([url!]);
    expect(await listing()).toEqual(before);
  });
});
