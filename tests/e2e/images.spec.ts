import { randomBytes } from "node:crypto";
import { expect, sharedDb, test } from "./support/fixtures";

test("a broken product image shows the grey 'No Image' placeholder in a fixed box", async ({ page, goto }) => {
  const id = randomBytes(12).toString("hex");
  await sharedDb().run(
    "insert into products (id, name, description, price, stock, image) values (?, ?, 'Test', 10000, 3, '/uploads/does-not-exist.png')",
    id,
    `Broken Picture ${id.slice(-4)}`,
  );

  await goto(`/product/${id}`);
  const img = page.locator(".gallery-main");
  await expect(img).toHaveAttribute("width", "600");
  await expect(img).toHaveAttribute("height", "600");
  const box = await img.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(Math.abs(box!.width - box!.height)).toBeLessThan(2);
  // The image is broken and the placeholder layer is painted over it.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0)).toBe(true);
  const after = await img.evaluate((el) => {
    const s = getComputedStyle(el, "::after");
    return { content: s.content, background: s.backgroundColor, width: s.width, position: s.position };
  });
  expect(after.content).toBe('"No Image"');
  expect(after.background).toBe("rgb(217, 217, 217)");
  expect(after.position).toBe("absolute");
  expect(parseFloat(after.width)).toBeCloseTo(box!.width, 0);
});

test("images below the fold load lazily and every product image has a size", async ({ page, goto }) => {
  await goto("/shop");
  const imgs = page.locator("main .grid img");
  await expect(imgs).toHaveCount(12);
  for (let i = 0; i < 12; i++) {
    await expect(imgs.nth(i)).toHaveAttribute("width", "300");
    await expect(imgs.nth(i)).toHaveAttribute("height", "300");
    await expect(imgs.nth(i)).toHaveAttribute("loading", i < 4 ? "eager" : "lazy");
  }
});

test("the home page's first two collection pictures load at once, the others lazily", async ({ page, goto }) => {
  // On a phone they are on the first screen, the largest paint among them (issue #40).
  await goto("/");
  const cards = page.locator(".collection-cards li");
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  const loading = await cards.evaluateAll((lis) =>
    lis.map((li) => li.querySelector("img")?.getAttribute("loading") ?? "none"),
  );
  expect(loading.slice(0, 2).every((l) => l === "eager" || l === "none")).toBe(true);
  expect(loading.slice(0, 2)).toContain("eager");
  expect(loading.slice(2).every((l) => l === "lazy" || l === "none")).toBe(true);
});

test("every demo picture loads", async ({ page, goto }) => {
  await goto("/shop?limit=60&q=soy");
  const imgs = page.locator("main .grid img");
  await expect(imgs.nth(27)).toBeAttached();
  const broken = await imgs.evaluateAll(async (els) => {
    const demo = (els as HTMLImageElement[]).filter((el) => el.src.includes("/images/demo/"));
    const failed = await Promise.all(
      demo.map((el) => {
        el.loading = "eager";
        return el.decode().then(
          () => null,
          () => el.src,
        );
      }),
    );
    return { count: demo.length, failed: failed.filter(Boolean) };
  });
  expect(broken.count).toBeGreaterThanOrEqual(28);
  expect(broken.failed).toEqual([]);

  // The gallery's pictures 2–4 of every demo candle too: the browser parses each as XML and
  // fails to decode one that is not well-formed.
  const gallery = await imgs.evaluateAll(async (els) => {
    const urls = (els as HTMLImageElement[])
      .map((el) => el.src)
      .filter((src) => /\/images\/demo\/[a-z0-9-]+-1\.svg$/.test(src))
      .flatMap((src) => [2, 3, 4].map((n) => src.replace(/-1\.svg$/, `-${n}.svg`)));
    const failed = await Promise.all(
      urls.map((url) => {
        const img = new Image();
        img.src = url;
        return img.decode().then(
          () => (img.naturalWidth === 600 ? null : `${url}: ${img.naturalWidth} px`),
          () => url,
        );
      }),
    );
    return { count: urls.length, failed: failed.filter(Boolean) };
  });
  expect(gallery.count).toBeGreaterThanOrEqual(3 * 28);
  expect(gallery.failed).toEqual([]);
});
