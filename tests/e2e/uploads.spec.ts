import type { Page } from "@playwright/test";
import sharp from "sharp";
import { storedPictures } from "../support/db";
import { gifBomb, pngHeaderBomb, solidImage, webpCanvasBomb } from "../support/image-bombs";
import { png } from "../support/images";
import { expect, test, toaster, waitForHydration } from "./support/fixtures";
import { adminClient, dbOf, processesOf, runsHere, startServer, type Client, type TestServer } from "./support/server";

// Issue #11, uploads: a truncated picture was a 500 and left its original behind; the editor saved
// 20 gallery files for a product that may have 12, and files for a product that no longer existed.
// Issue #20: pictures that declare far more pixels or frames than a product photo has.
// A server of our own, so its UPLOAD_DIR holds only what these tests write and can be compared
// file by file. The form tests run with JS on here, and JS off over HTTP in
// tests/request/uploads.spec.ts (issue #51); the API tests once.
test.describe.configure({ mode: "default" });

const OVER_HTTP = "JS off: tests/request/uploads.spec.ts drives the same forms over HTTP";

let server: TestServer;
let admin: Client;

test.beforeAll(async ({}, testInfo) => {
  // JS off, the form tests run over HTTP and the API tests not at all: no server to start.
  if (!runsHere(testInfo)) return;
  server = await startServer();
  admin = await adminClient(server.url);
});

test.afterAll(async () => {
  await server?.stop();
});

const UPLOAD_NOT_IMAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded.";
const UPLOAD_TOO_MANY_PIXELS =
  "Each image must be 50 megapixels or smaller (all frames together), and at most 10,000 pixels a side.";
const UPLOAD_TOO_MANY_FRAMES = "An animated image may have at most 1,000 frames.";
/** The names of the pictures the server keeps (files on SQLite, rows on PostgreSQL). */
const listing = async () => [...(await storedPictures(server.database, server.uploadDir)).keys()];

/** The first 100 bytes of a real PNG made by sharp: signature and IHDR intact, image data cut short. */
async function truncatedPng(): Promise<Buffer> {
  const full = await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: "#c8782a",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const cut = full.subarray(0, 100);
  expect(cut.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return cut;
}

/** A product of the admin's, with two gallery pictures. */
async function productWithTwoPictures(name: string): Promise<{ id: string; images: string[] }> {
  const images = ["/images/demo/rose-garden-1.svg", "/images/demo/rose-garden-2.svg"];
  const res = await admin.fetch("/api/products", {
    json: { name, description: "Upload tests", price: 250, stock: 3, images },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { _id: string })._id, images };
}

const productRow = async (id: string) => {
  const db = dbOf(server);
  return {
    product: await db.get('select name, price, stock, image, deleted_at as "deletedAt" from products where id = ?', id),
    images: (
      await db.all<{ url: string }>("select url from product_images where product_id = ? order by position", id)
    ).map((r) => r.url),
  };
};

/** The browser as the admin (the API client's session cookie), on the test server. */
async function asAdmin(page: Page, path: string, jsEnabled: boolean) {
  await page.context().addCookies([...admin.cookies].map(([name, value]) => ({ name, value, url: server.url })));
  await page.goto(`${server.url}${path}`);
  if (jsEnabled) await waitForHydration(page);
}

const galleryError = (page: Page) => page.locator("#gallery-error");

test("POST /api/uploads: a truncated PNG is 400 with the upload message and writes nothing; a whole one is stored with its copies", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo), "server-level test: runs once");
  const before = await listing();
  const body = new FormData();
  body.set("file", new File([new Uint8Array(await truncatedPng())], "broken.png", { type: "image/png" }));
  const res = await admin.fetch("/api/uploads", { method: "POST", body });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ message: `${UPLOAD_NOT_IMAGE} (broken.png)` });
  expect(await listing()).toEqual(before);

  // The same door with a whole picture writes exactly its seven files (so the listing above is a real check).
  const good = new FormData();
  good.set("file", new File([new Uint8Array(png(40, 30, [200, 120, 40]))], "good.png", { type: "image/png" }));
  const ok = await admin.fetch("/api/uploads", { method: "POST", body: good });
  expect(ok.status).toBe(201);
  const { url } = (await ok.json()) as { url: string };
  const id = /^\/uploads\/([0-9a-f]{24})\.png$/.exec(url)![1]!;
  expect((await listing()).filter((f) => !before.includes(f))).toEqual([
    `${id}-1200.png`,
    `${id}-1200.webp`,
    `${id}-320.png`,
    `${id}-320.webp`,
    `${id}-640.png`,
    `${id}-640.webp`,
    `${id}.png`,
  ]);
});

test("product form: a truncated PNG in the gallery shows the upload message and saves nothing", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const name = `Broken Picture ${test.info().project.name} ${Date.now()}`;
  await asAdmin(page, "/admin/products/new", jsEnabled);
  const before = await listing();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (₹)", { exact: true }).fill("100");
  await page
    .getByLabel("Add pictures")
    .setInputFiles([{ name: "broken.png", mimeType: "image/png", buffer: await truncatedPng() }]);
  if (jsEnabled) {
    // Uploaded at once through /api/uploads: refused there, and said under the gallery.
    await expect(galleryError(page)).toHaveText(`${UPLOAD_NOT_IMAGE} (broken.png)`);
    await expect(toaster(page)).toContainText(UPLOAD_NOT_IMAGE);
    await expect(page.locator(".gallery-edit li")).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(galleryError(page)).toHaveText(`${UPLOAD_NOT_IMAGE} (broken.png)`);
  }
  expect(await dbOf(server).value("select count(*) from products where name = ?", name)).toBe(0);
  expect(await listing()).toEqual(before);
});

test("product form: 2 pictures + 20 files are refused; the product and the upload dir stay as they were", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const { id, images } = await productWithTwoPictures(`Twenty Files ${test.info().project.name} ${Date.now()}`);
  const saved = await productRow(id);
  expect(saved.images).toEqual(images);
  await asAdmin(page, `/admin/products/${id}`, jsEnabled);
  await expect(page.locator(".gallery-edit li")).toHaveCount(2);
  const before = await listing();
  await page.getByLabel("Name", { exact: true }).fill("Renamed by the refused post");
  const files = Array.from({ length: 20 }, (_, i) => ({
    name: `p${i}.png`,
    mimeType: "image/png",
    buffer: png(8 + i, 8, [i * 10, 100, 50]),
  }));
  await page.getByLabel("Add pictures").setInputFiles(files);
  const message = "At most 12 pictures: this would make 22. Untick some or choose fewer files.";
  if (jsEnabled) {
    // Refused before any upload starts.
    await expect(galleryError(page)).toHaveText(message);
    await expect(page.locator(".gallery-edit li")).toHaveCount(2);
  } else {
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(galleryError(page)).toHaveText(message);
  }
  expect(await productRow(id)).toEqual(saved);
  expect(await listing()).toEqual(before);
});

test("product form: files posted for a product that no longer exists are not saved", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const { id } = await productWithTwoPictures(`Vanishing ${test.info().project.name} ${Date.now()}`);
  await asAdmin(page, `/admin/products/${id}`, jsEnabled);
  // Another admin deletes it while this one has the editor open.
  expect((await admin.fetch(`/api/products/${id}`, { method: "DELETE" })).status).toBe(200);
  const before = await listing();
  const pictures = [0, 1, 2].map((i) => ({
    name: `p${i}.png`,
    mimeType: "image/png",
    buffer: png(20 + i, 20, [40, 80, 120]),
  }));
  if (jsEnabled) {
    // With JS a chosen file is uploaded on its own at once (and kept: the API does not know the
    // product), so the multipart post the form sends without JS is sent as it is.
    const form = new FormData();
    form.set("name", "Ghost");
    form.set("price", "5");
    for (const p of pictures)
      form.append("gallery", new File([new Uint8Array(p.buffer)], p.name, { type: p.mimeType }));
    const res = await page.request.post(`${server.url}/admin/products/${id}`, {
      headers: { Origin: server.url },
      multipart: form,
      maxRedirects: 0,
    });
    expect(res.status()).toBeLessThan(500);
    expect(res.headers().location).toBe("/admin/products");
  } else {
    await page.getByLabel("Add pictures").setInputFiles(pictures);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/products`);
    await expect(toaster(page)).toContainText("Product not found");
  }
  expect(await listing()).toEqual(before);
  expect((await productRow(id)).product).toMatchObject({ deletedAt: expect.any(Number) });
});

// Issue #20: pictures whose few bytes declare hundreds of millions of pixels. A real one, every
// pixel there to decode: 20,000 × 20,000 of one colour is a 1.2 MB PNG. Made once per worker.
let realBomb: Promise<Buffer> | undefined;
const bombPng = () => (realBomb ??= solidImage("png", 20_000, 20_000));

/** The server answers, with the same worker processes it had: none died of the upload. */
async function stillServes(processes: number[]) {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(processesOf(server).sort()).toEqual([...processes].sort());
}

test("POST /api/uploads: pictures that declare too many pixels or frames are 400 with their size, nothing is saved and the workers keep serving (issue #20)", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo), "server-level test: runs once");
  const processes = processesOf(server);
  const before = await listing();
  const bombs: [string, Buffer, string][] = [
    ["header.png", pngHeaderBomb(50_000, 50_000), `${UPLOAD_TOO_MANY_PIXELS} (header.png: 50,000 × 50,000 pixels)`],
    ["real.png", await bombPng(), `${UPLOAD_TOO_MANY_PIXELS} (real.png: 20,000 × 20,000 pixels)`],
    [
      "canvas.webp",
      await webpCanvasBomb(16_383, 16_383),
      `${UPLOAD_TOO_MANY_PIXELS} (canvas.webp: 2 frames of 16,383 × 16,383 pixels)`,
    ],
    ["frames.gif", gifBomb(1, 1, 200_000), `${UPLOAD_TOO_MANY_FRAMES} (frames.gif: 2,00,000 frames)`],
  ];
  for (const [name, bytes, message] of bombs) {
    const body = new FormData();
    body.set("file", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
    const res = await admin.fetch("/api/uploads", { method: "POST", body });
    expect(res.status, name).toBe(400);
    expect(await res.json()).toEqual({ message });
  }
  expect(await listing()).toEqual(before);
  await stillServes(processes);

  // A picture within the limits still goes in.
  const good = new FormData();
  good.set("file", new File([new Uint8Array(png(40, 30, [200, 120, 40]))], "good.png", { type: "image/png" }));
  expect((await admin.fetch("/api/uploads", { method: "POST", body: good })).status).toBe(201);
});

test("product form: a 20,000 × 20,000 PNG in the gallery shows its size, saves nothing, and the server keeps serving (issue #20)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const name = `Bomb Picture ${test.info().project.name} ${Date.now()}`;
  const bomb = await bombPng();
  const processes = processesOf(server);
  await asAdmin(page, "/admin/products/new", jsEnabled);
  const before = await listing();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (₹)", { exact: true }).fill("100");
  await page.getByLabel("Add pictures").setInputFiles([{ name: "bomb.png", mimeType: "image/png", buffer: bomb }]);
  const message = `${UPLOAD_TOO_MANY_PIXELS} (bomb.png: 20,000 × 20,000 pixels)`;
  if (jsEnabled) {
    // Uploaded at once through /api/uploads: refused there, and said under the gallery.
    await expect(galleryError(page)).toHaveText(message);
    await expect(toaster(page)).toContainText(UPLOAD_TOO_MANY_PIXELS);
    await expect(page.locator(".gallery-edit li")).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(galleryError(page)).toHaveText(message);
  }
  expect(await dbOf(server).value("select count(*) from products where name = ?", name)).toBe(0);
  expect(await listing()).toEqual(before);
  await stillServes(processes);
});
