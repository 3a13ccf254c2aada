// tests/e2e/uploads.spec.ts's JS-off half, over HTTP (issue #51): the product form's multipart post
// with a truncated picture, too many files, files for a product deleted meanwhile, and a picture of
// 20,000 × 20,000 pixels. The /api/uploads tests run once, in the browser spec's JS-on project.
// A server of our own, so its UPLOAD_DIR holds only what these tests write and can be compared
// file by file.
import sharp from "sharp";
import { adminClient, dbOf, processesOf, startServer, type Client, type TestServer } from "../e2e/support/server";
import { storedPictures } from "../support/db";
import { solidImage } from "../support/image-bombs";
import { png } from "../support/images";
import { expect, labelled, PlainBrowser, test, TOASTER, where } from "./support/fixtures";

test.describe.configure({ mode: "default" });

let server: TestServer;
let admin: Client;

test.beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
});

test.afterAll(async () => {
  await server?.stop();
});

const UPLOAD_NOT_IMAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded.";
const UPLOAD_TOO_MANY_PIXELS =
  "Each image must be 50 megapixels or smaller (all frames together), and at most 10,000 pixels a side.";
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

/** A text browser as the admin (the API client's session cookie), on the test server. */
async function asAdmin(path: string): Promise<PlainBrowser> {
  const b = new PlainBrowser(server.url);
  for (const [name, value] of admin.cookies) b.cookies.set(name, value);
  await b.open(path);
  return b;
}

/** What the form says under the gallery. */
const galleryError = (b: PlainBrowser) => b.texts("#gallery-error");
const pictures = (b: PlainBrowser, files: { name: string; type: string; bytes: Uint8Array }[]) => ({
  files: { [b.field("Add pictures")]: files },
});

test("product form: a truncated PNG in the gallery shows the upload message and saves nothing", async () => {
  const name = `Broken Picture ${test.info().project.name} ${Date.now()}`;
  const b = await asAdmin("/admin/products/new");
  const before = await listing();
  await b.submit(
    "Create product",
    labelled(b, { Name: name, "Price (₹)": "100" }),
    pictures(b, [{ name: "broken.png", type: "image/png", bytes: await truncatedPng() }]),
  );
  expect(galleryError(b)).toEqual([`${UPLOAD_NOT_IMAGE} (broken.png)`]);
  expect(await dbOf(server).value("select count(*) from products where name = ?", name)).toBe(0);
  expect(await listing()).toEqual(before);
});

test("product form: 2 pictures + 20 files are refused; the product and the upload dir stay as they were", async () => {
  const { id, images } = await productWithTwoPictures(`Twenty Files ${test.info().project.name} ${Date.now()}`);
  const saved = await productRow(id);
  expect(saved.images).toEqual(images);
  const b = await asAdmin(`/admin/products/${id}`);
  expect(b.all(".gallery-edit li")).toHaveLength(2);
  const before = await listing();
  const files = Array.from({ length: 20 }, (_, i) => ({
    name: `p${i}.png`,
    type: "image/png",
    bytes: png(8 + i, 8, [i * 10, 100, 50]),
  }));
  await b.submit("Save changes", labelled(b, { Name: "Renamed by the refused post" }), pictures(b, files));
  expect(galleryError(b)).toEqual(["At most 12 pictures: this would make 22. Untick some or choose fewer files."]);
  expect(await productRow(id)).toEqual(saved);
  expect(await listing()).toEqual(before);
});

test("product form: files posted for a product that no longer exists are not saved", async () => {
  const { id } = await productWithTwoPictures(`Vanishing ${test.info().project.name} ${Date.now()}`);
  const b = await asAdmin(`/admin/products/${id}`);
  // Another admin deletes it while this one has the editor open.
  expect((await admin.fetch(`/api/products/${id}`, { method: "DELETE" })).status).toBe(200);
  const before = await listing();
  const files = [0, 1, 2].map((i) => ({ name: `p${i}.png`, type: "image/png", bytes: png(20 + i, 20, [40, 80, 120]) }));
  await b.submit("Save changes", {}, pictures(b, files));
  expect(where(b)).toBe("/admin/products");
  expect(b.text(TOASTER)).toContain("Product not found");
  expect(await listing()).toEqual(before);
  expect((await productRow(id)).product).toMatchObject({ deletedAt: expect.any(Number) });
});

/** The server answers, with the same worker processes it had: none died of the upload. */
async function stillServes(processes: number[]) {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(processesOf(server).sort()).toEqual([...processes].sort());
}

// Issue #20: a real bomb, every pixel there to decode: 20,000 × 20,000 of one colour is a 1.2 MB PNG.
test("product form: a 20,000 × 20,000 PNG in the gallery shows its size, saves nothing, and the server keeps serving (issue #20)", async () => {
  const name = `Bomb Picture ${test.info().project.name} ${Date.now()}`;
  const bomb = await solidImage("png", 20_000, 20_000);
  const processes = processesOf(server);
  const b = await asAdmin("/admin/products/new");
  const before = await listing();
  await b.submit(
    "Create product",
    labelled(b, { Name: name, "Price (₹)": "100" }),
    pictures(b, [{ name: "bomb.png", type: "image/png", bytes: bomb }]),
  );
  expect(galleryError(b)).toEqual([`${UPLOAD_TOO_MANY_PIXELS} (bomb.png: 20,000 × 20,000 pixels)`]);
  expect(await dbOf(server).value("select count(*) from products where name = ?", name)).toBe(0);
  expect(await listing()).toEqual(before);
  await stillServes(processes);
});
