// Issue #24: the first response is enough to paint. Each page carries its own CSS inline and links
// the whole stylesheet at its end (app/utils/page-styles.server.ts): with that stylesheet held
// back, what the first screen shows is laid out exactly as with it. A repeat visit takes the
// stylesheet and the scripts from the browser's cache. The scripts that wait for the paint
// (app/utils/hydrate-after-load.server.ts) still keep a reloaded page's place and hydrate a page
// whose end arrives late.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { SHOPPER_ROUTES } from "../../app/utils/preload-routes.client";
import { expect, newProduct, test, waitForHydration } from "./support/fixtures";

/** Every element on the first screen that has a box: its place in the tree and its box, rounded. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const path = (el: Element): string => {
      const parent = el.parentElement;
      if (!parent) return el.tagName;
      return `${path(parent)}>${el.tagName}${[...parent.children].indexOf(el)}`;
    };
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.top >= innerHeight || r.bottom <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden") continue;
      out.push(
        `${path(el)} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} ${style.color} ${style.backgroundColor} ${style.fontSize}`,
      );
    }
    return out;
  });
}

const STYLESHEET = /\/assets\/app-[^/]+\.css$/;

/**
 * The first screen of `url` twice, in one visit: with the stylesheet held back, then once it has
 * arrived and applies to the screen (without JS the page never asks for it, its own CSS being
 * inline: it is linked here by hand, to compare).
 */
async function firstScreens(page: Page, url: string, jsEnabled: boolean) {
  let asked = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(STYLESHEET, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  // A held-back request holds the load event back: wait for the page's last element instead.
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("body > link[rel=stylesheet]").waitFor({ state: "attached" });
  if (jsEnabled) {
    await expect.poll(() => asked, { message: "the page asks for the stylesheet" }).toBe(true);
    // Compare hydrated pages (hydration waits for the first paint, not for the stylesheet).
    await waitForHydration(page);
  } else {
    await page.waitForLoadState("load");
    expect(asked, "without JS the page does not ask for the stylesheet").toBe(false);
  }
  const before = await firstScreen(page);
  release();
  await page.evaluate(() => {
    const link = document.getElementById("full-stylesheet") as HTMLLinkElement;
    if (!link.getAttribute("href")) link.href = link.dataset.href!;
  });
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].some((s) => s.href?.includes("/assets/app-") && s.cssRules.length > 100),
      ),
    )
    .toBe(true);
  const after = await firstScreen(page);
  await page.unrouteAll();
  return { before, after };
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the first screens of the shop's pages look the same before the stylesheet arrives`, async ({
    page,
    playwright,
    baseURL,
    jsEnabled,
  }) => {
    await page.setViewportSize(viewport);
    const id = await newProduct(playwright, baseURL!, { name: `First Paint ${Date.now().toString(36)}`, stock: 5 });
    // A guest with a cart: /cart is one of the pages a first visit lands on.
    await page.goto(`/product/${id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.locator(".toast")).toBeVisible();
    for (const url of ["/shop", "/", `/product/${id}`, "/cart", "/login", "/about"]) {
      const { before, after } = await firstScreens(page, url, jsEnabled);
      expect(before.length, `${url} shows something`).toBeGreaterThan(10);
      expect(before, `${url}: the first paint's layout`).toEqual(after);
    }
    // The header and the product grid are really there, side by side on a phone.
    await page.route(STYLESHEET, () => {}); // never answered
    await page.goto("/shop", { waitUntil: "commit" });
    await page.locator("body > link[rel=stylesheet]").waitFor({ state: "attached" });
    const cards = page.locator(".grid .card");
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(await page.locator(".site-header").evaluate((h) => getComputedStyle(h).position)).toBe("sticky");
  });
}

test("a repeat visit takes the stylesheet and the scripts from the browser's cache", async ({ page, jsEnabled }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const fetched: { url: string; status: number; cached: boolean }[] = [];
  const fromCache = new Set<string>();
  cdp.on("Network.requestServedFromCache", ({ requestId }) => fromCache.add(requestId));
  cdp.on("Network.responseReceived", ({ requestId, response }) =>
    fetched.push({
      url: response.url,
      status: response.status,
      cached: fromCache.has(requestId) || Boolean(response.fromDiskCache),
    }),
  );
  const assets = () => fetched.filter((f) => /\/assets\/.+\.(css|js)$/.test(f.url));
  const visit = async () => {
    for (const url of ["/shop", "/"]) {
      await page.goto(url);
      if (jsEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
  };
  await visit();
  const first = assets();
  // Without JS the page needs neither: its own CSS is inline (issue #35).
  if (!jsEnabled) {
    expect(first).toEqual([]);
    await expect(page.locator("#full-stylesheet")).not.toHaveAttribute("href", /./);
    return;
  }
  expect(first.some((f) => f.url.endsWith(".css") && f.status === 200)).toBe(true);
  expect(first.some((f) => f.url.endsWith(".js") && f.status === 200)).toBe(true);

  // The shopper's route modules are fetched at the first idle moment after hydration
  // (preload-routes.client.ts): the repeat visit starts once they have all arrived, or its first
  // navigation would cut them short and it would fetch them for the first time itself.
  await page.waitForFunction(
    (routes) => {
      const manifest = (window as unknown as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
        .__reactRouterManifest;
      const arrived = new Set(
        performance
          .getEntriesByType("resource")
          .filter((e) => (e as PerformanceResourceTiming).responseEnd > 0)
          .map((e) => new URL(e.name).pathname),
      );
      return !!manifest && routes.every((id) => !manifest.routes[id] || arrived.has(manifest.routes[id].module));
    },
    SHOPPER_ROUTES,
    { timeout: 10_000 },
  );
  fetched.length = 0;
  await visit();
  await expect(page.locator("#full-stylesheet")).toHaveAttribute("href", STYLESHEET);
  const again = assets();
  expect(again.length, "the pages use the stylesheet and scripts again").toBeGreaterThan(0);
  // Each from the memory or disk cache; anything that did reach the server is a 304.
  expect(again.filter((f) => !f.cached && f.status !== 304)).toEqual([]);
});

test("React Router's scroll restoration waits unless a place can be stored, and a reload keeps the place", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "scroll restoration is React Router's script; without it the browser keeps the place");
  // The real script as React Router writes it is the one made inert (a new shape would run as parsed).
  const html = await (await page.request.get("/shop")).text();
  expect(html).toMatch(/<script[^>]* type="text\/x-deferred-script" id="rr-scroll">\(\(\w+, \w+\) => \{/);

  await page.goto("/shop");
  await waitForHydration(page);
  // Run after the paint, it still gave the entry its key before hydration read it.
  expect(await page.evaluate(() => typeof history.state?.key === "string" && history.state.key !== "default")).toBe(
    true,
  );
  // The first card reaching the middle of the screen is the place (cards above it are laid out only when
  // scrolled near, so the same place can be a few pixels from where it was).
  const inView = () =>
    page.evaluate(() => {
      const card = [...document.querySelectorAll(".card")].find(
        (c) => c.getBoundingClientRect().bottom > innerHeight / 2,
      );
      return card?.querySelector(".card-title")?.textContent ?? null;
    });
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
  const place = await inView();
  expect(place).toBeTruthy();
  await page.reload();
  await waitForHydration(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  expect(await inView()).toBe(place);
});

test("a page whose end arrives after its first paint still hydrates, with all of its data", async ({
  page,
  jsEnabled,
  baseURL,
}) => {
  test.skip(!jsEnabled, "hydration");
  // A proxy that sends /shop up to just after the loader, then the rest 1.5 s later: the first
  // paint and the eager pictures come while React Router's data scripts are still on the way
  // (a long page parsed in several tasks on a busy phone does the same).
  const relay = async (req: IncomingMessage, res: ServerResponse) => {
    const upstream = await fetch(new URL(req.url!, baseURL), { headers: { "accept-encoding": "identity" } });
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([k]) => !["content-length", "content-encoding", "transfer-encoding"].includes(k)),
    );
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, headers);
    if (req.url !== "/shop") return res.end(body);
    const html = body.toString("utf8");
    const loader = html.indexOf("</script>", html.indexOf('id="rr-boot"'));
    const split = html.indexOf("</script>", loader + 1) + "</script>".length;
    // A comment long enough for the browser to start on the first part at once.
    res.write(html.slice(0, split) + "<!--" + " ".repeat(4096) + "-->");
    setTimeout(() => res.end(html.slice(split)), 1500);
  };
  const server: Server = createServer((req, res) => void relay(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/shop`, { waitUntil: "commit" });
    await waitForHydration(page);
    // The route data arrived whole: the client's first render has the page's products.
    await expect(page.locator("main .card")).toHaveCount(12);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
  } finally {
    server.close();
  }
});
