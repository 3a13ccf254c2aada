import { expect, test, toaster, waitForHydration } from "./support/fixtures";
import { dbOf, runsHere, sleep, startServer, type TestServer } from "./support/server";

// Issue #40 item 4: with HYDRATE_ON=interaction a page's scripts start at the shopper's first use,
// not after its first paint. Only with JS: without it there is nothing to start, and the default
// ("load") is what every other spec runs against.

// One server of its own for the file: its tests in one worker, in order, not a server per worker (issue #51).
test.describe.configure({ mode: "default" });

let server: TestServer;
let product: { id: string; name: string };

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "with JS off there is nothing to start");

// The skip above is decided after beforeAll: without this, JS off would start a server for no test.
test.beforeAll(async ({}, testInfo) => {
  if (!runsHere(testInfo)) return;
  server = await startServer({ env: { HYDRATE_ON: "interaction", WEB_CONCURRENCY: "1" } });
  product = (await dbOf(server).get<{ id: string; name: string }>(
    "select id, name from products p where stock > 10 and deleted_at is null and not exists (select 1 from product_sizes s where s.product_id = p.id) order by name limit 1",
  ))!;
});

test.afterAll(async () => {
  await server?.stop();
});

test("a page left alone never hydrates; the first pointer move starts it and Add to Cart then stays on the page", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on(
    "request",
    (r) => new URL(r.url()).pathname.startsWith("/assets/") && r.url().endsWith(".js") && scripts.push(r.url()),
  );
  await page.goto(`${server.url}/product/${product.id}`);
  // The scripts come with the page, before any use, so that the first use does not wait for them.
  expect(scripts.some((u) => u.includes("/entry.client-"))).toBe(true);
  // Longer than the default loader's 3 s fallback, so a loader that started by itself is caught.
  await sleep(3_500);
  expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();

  await page.mouse.move(20, 20);
  await waitForHydration(page);
  // Hydrating asks for none of them again: its module fetches find the page's preloads (what it
  // asks for next are other routes' modules, for the links on the page).
  expect(scripts, scripts.join("\n")).toHaveLength(new Set(scripts).size);
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");
  expect(documents, "hydrated, Add to Cart loads no new page").toEqual([]);
  expect(page.url()).toBe(`${server.url}/product/${product.id}`);
});

test("a tap before hydration is done is the plain form post, and works", async ({ page }) => {
  await page.goto(`${server.url}/product/${product.id}`);
  // The click's own pointer events start the scripts; the post does not wait for them.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toaster(page)).toContainText("Added to cart");
  await page.goto(`${server.url}/cart`);
  await expect(page.getByRole("main")).toContainText(product.name);
});
