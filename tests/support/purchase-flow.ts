// The purchase of issue #35 driven in a real Chromium, each step's requests recorded over the
// DevTools protocol: the bench (tests/bench/purchase.ts) times it under throttling, and
// tests/e2e/purchase-budget.spec.ts checks its bytes and round trips. The shopper is a guest with
// a fresh cache who signs up at the checkout.
import type { Browser, CDPSession, Page } from "@playwright/test";

export const LATENCY_MS = 400;
/** 400 kbit/s = 50 kB/s = 50 bytes per ms. */
export const BYTES_PER_MS = 50;

export type StepResult = {
  step: string;
  /** ms until usable (see the bench); 0 when not timed. */
  wait: number;
  /** Bytes over the wire, headers included. */
  bytes: number;
  /** The longest chain of dependent requests. */
  trips: number;
  /** JS on: the step reloaded the whole document (it should not). */
  reloaded: boolean;
  urls: string[];
};

/** One hop of a request (a redirect ends a hop and starts the next), in CDP's monotonic seconds. */
type Hop = {
  id: string;
  url: string;
  start: number;
  /** When it started, in ms since the epoch: to compare with the page's own clock. */
  startWall: number;
  /** When its answer began to arrive (for a redirect, when it ended). */
  firstByte: number | null;
  end: number | null;
  bytes: number;
  cached: boolean;
};
// A hop's bytes come from loadingFinished; a response the page stops reading once it has what it
// needs (React Router's single-fetch streams) ends in loadingFailed instead, with what came so far.

/** Records every request of the page; `take()` hands over (and forgets) the hops seen so far. */
class Recorder {
  private hops: Hop[] = [];
  private open = new Map<string, Hop>();
  constructor(cdp: CDPSession) {
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.request.url.startsWith("data:")) return;
      const prev = this.open.get(e.requestId);
      if (prev && e.redirectResponse) {
        prev.end = prev.firstByte = e.timestamp;
        prev.bytes = e.redirectResponse.encodedDataLength ?? 0;
      }
      const hop: Hop = {
        id: e.requestId,
        url: e.request.url,
        start: e.timestamp,
        startWall: e.wallTime * 1000,
        firstByte: null,
        end: null,
        bytes: 0,
        cached: false,
      };
      this.hops.push(hop);
      this.open.set(e.requestId, hop);
    });
    cdp.on("Network.requestServedFromCache", (e) => {
      const hop = this.open.get(e.requestId);
      if (hop) hop.cached = true;
    });
    cdp.on("Network.responseReceived", (e) => {
      const hop = this.open.get(e.requestId);
      if (!hop) return;
      hop.bytes = e.response.encodedDataLength;
      hop.firstByte = e.timestamp;
    });
    cdp.on("Network.dataReceived", (e) => {
      const hop = this.open.get(e.requestId);
      if (hop) hop.bytes += e.encodedDataLength;
    });
    cdp.on("Network.loadingFinished", (e) => {
      const hop = this.open.get(e.requestId);
      if (!hop) return;
      hop.end = e.timestamp;
      hop.bytes = Math.max(hop.bytes, e.encodedDataLength);
      this.open.delete(e.requestId);
    });
    cdp.on("Network.loadingFailed", (e) => {
      const hop = this.open.get(e.requestId);
      if (!hop) return;
      hop.end = e.timestamp;
      // Never sent (a module preload with JS off): no round trip. Counted with the cached ones.
      if (hop.bytes === 0) hop.cached = true;
      this.open.delete(e.requestId);
    });
  }
  get inFlight(): number {
    return this.open.size;
  }
  take(): Hop[] {
    const done = this.hops;
    this.hops = [];
    return done;
  }
}

/** Waits until no request has been in flight for `quietMs`. */
async function quiet(rec: Recorder, quietMs: number, maxMs = 20_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    if (rec.inFlight > 0) since = Date.now();
    else if (Date.now() - since >= quietMs) return;
  }
}

/**
 * Round trips: the longest chain of hops each of which started after the one before it began to
 * answer. A picture the parser finds while its page is still arriving waited for the page's first
 * bytes, a round trip, though not for its last: counting from the first byte keeps that chain
 * whether the page came in one packet or in many (on a throttled link).
 */
export function roundTrips(
  hops: { start: number; firstByte?: number | null; end: number | null; cached?: boolean }[],
): number {
  const net = hops.filter((h) => !h.cached).sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let longest = 0;
  net.forEach((h, i) => {
    let d = 1;
    for (let j = 0; j < i; j++) {
      const before = net[j]!;
      const answered = before.firstByte ?? before.end;
      if (answered !== null && answered <= h.start) d = Math.max(d, depth[j]! + 1);
    }
    depth.push(d);
    longest = Math.max(longest, d);
  });
  return longest;
}

/** What a step is done on with JS: the path it lands on and something of its new content. */
type Ready = { path: string; selector: string; text?: string };

type Step = {
  name: string;
  act: (page: Page) => Promise<void>;
  ready: Ready;
};

const email = () => `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;

function steps(js: boolean): Step[] {
  const cartLink = (page: Page) => page.locator('header a[href="/cart"]:visible').first();
  return [
    { name: "home", act: async () => {}, ready: { path: "^/$", selector: 'main a.button[href="/shop"]' } },
    {
      name: "shop",
      act: (page) => page.locator('main a.button[href="/shop"]:visible').first().click(),
      ready: { path: "^/shop$", selector: 'main a[href^="/product/"]' },
    },
    {
      name: "product",
      // The first candle one can buy: another spec on the shared server may have added a sold-out one.
      act: (page) => page.locator('main li.card:not(:has(.badge-soldout)) a[href^="/product/"]').first().click(),
      ready: { path: "^/product/", selector: "main button[name=intent], main form button", text: "Add to Cart" },
    },
    {
      name: "Add to Cart",
      act: (page) => page.getByRole("button", { name: "Add to Cart" }).click(),
      ready: { path: "^/product/", selector: "header .badge", text: "1" },
    },
    {
      name: "cart",
      act: (page) => cartLink(page).click(),
      ready: { path: "^/cart$", selector: "main a", text: "Proceed to Checkout" },
    },
    {
      name: "checkout (login)",
      act: (page) => page.getByRole("link", { name: "Proceed to Checkout" }).click(),
      ready: { path: "^/login$", selector: "main button[type=submit]", text: "Login" },
    },
    {
      name: "sign-up form",
      act: (page) => page.locator("main").getByRole("link", { name: "Sign up" }).click(),
      ready: { path: "^/register$", selector: "main button[type=submit]", text: "Sign up" },
    },
    {
      name: "sign up",
      act: async (page) => {
        const main = page.locator("main");
        await main.getByLabel("Name").fill("Asha Rao");
        await main.getByLabel("Email").fill(email());
        await main.getByLabel("Phone").fill("9876543210");
        await main.getByLabel("Password").fill("a long enough password");
        await main.getByRole("button", { name: "Sign up" }).click();
      },
      ready: { path: "^/checkout$", selector: "main input[name=pin]" },
    },
    {
      name: "PIN",
      act: async (page) => {
        await page.getByLabel("Address").fill("12, 4th Cross, Indiranagar");
        await page.getByLabel("PIN").fill("560001");
        if (!js) await page.getByRole("button", { name: "Look up" }).click();
      },
      ready: { path: "^/checkout$", selector: "main button[type=submit]:enabled", text: "Place Order" },
    },
    {
      name: "Place Order",
      act: (page) => page.getByRole("button", { name: /Place Order/ }).click(),
      ready: { path: "^/thank-you$", selector: "main h1", text: "Thank you" },
    },
  ];
}

type Options = { js: boolean; throttle: boolean; latencyMs?: number };

/** One purchase in a new context (a fresh cache and no cookies); the figures of each step. */
export async function runPurchase(browser: Browser, origin: string, opts: Options): Promise<StepResult[]> {
  const latency = opts.latencyMs ?? LATENCY_MS;
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: opts.js,
    baseURL: origin,
  });
  if (opts.js) {
    // The moment of the shopper's last click or keystroke, in the page's own clock; and the
    // moment the page was hydrated, which the test's polling sees a frame or more later, after
    // the preloads hydration sets going at idle may have started (a slow machine's idle comes
    // within that frame).
    await context.addInitScript(() => {
      const w = window as unknown as { __trigger: number; __hydratedAt?: number };
      w.__trigger = 0;
      for (const type of ["click", "input"])
        addEventListener(type, () => (w.__trigger = performance.now()), { capture: true });
      // Observed on the document, not <html>: the init script runs before the parser makes it.
      new MutationObserver((_, observer) => {
        if (!document.documentElement.dataset.hydrated) return;
        w.__hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  const rec = new Recorder(cdp);
  const emulate = async () => {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency,
      downloadThroughput: opts.throttle ? BYTES_PER_MS * 1000 : -1,
      uploadThroughput: opts.throttle ? BYTES_PER_MS * 1000 : -1,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: opts.throttle ? 4 : 1 });
  };
  const results: StepResult[] = [];
  let current = "";
  try {
    for (const [i, step] of steps(opts.js).entries()) {
      current = step.name;
      await emulate();
      rec.take();
      let wait: number;
      let reloaded = false;
      let usableAt = 0;
      if (!opts.js) {
        const loaded = page.waitForEvent("load");
        loaded.catch(() => {}); // a failed act is reported instead
        if (i === 0) await page.goto("/", { waitUntil: "load" });
        else await step.act(page);
        await loaded;
        await page.waitForURL((u) => new RegExp(step.ready.path).test(u.pathname), { waitUntil: "load" });
        const nav = await page.evaluate(() => {
          const t = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return { wait: t.loadEventEnd - t.startTime, at: performance.timeOrigin + t.loadEventEnd };
        });
        wait = nav.wait;
        usableAt = nav.at;
      } else {
        if (i === 0) await page.goto("/", { waitUntil: "commit" });
        else {
          await page.evaluate((n) => ((window as unknown as { __step: number }).__step = n), i);
          await step.act(page);
        }
        const done = await page.waitForFunction(
          ({ ready, first }) => {
            const w = window as unknown as { __step?: number; __trigger: number; __hydratedAt?: number };
            const el = [...document.querySelectorAll<HTMLElement>(ready.selector)].find(
              (e) => (!ready.text || e.textContent?.includes(ready.text)) && e.offsetParent !== null,
            );
            if (!new RegExp(ready.path).test(location.pathname) || !el || !document.documentElement.dataset.hydrated)
              return false;
            const reloaded = !first && w.__step === undefined;
            // A page loaded by this step is usable once hydrated (its content came with it).
            const at = first || reloaded ? (w.__hydratedAt ?? performance.now()) : performance.now();
            return { at, from: first || reloaded ? 0 : w.__trigger, reloaded, wall: performance.timeOrigin + at };
          },
          { ready: step.ready, first: i === 0 },
          { polling: "raf" },
        );
        const r = (await done.jsonValue()) as { at: number; from: number; reloaded: boolean; wall: number };
        wait = r.at - r.from;
        usableAt = r.wall;
        reloaded = r.reloaded;
      }
      // What the step set going (scripts after a paint, preloads at idle) is the step's too.
      await quiet(rec, Math.max(500, 2 * latency));
      const hops = rec.take();
      // What this page does not wait for, asked for when the machine gets to it (the icon after
      // the load event, pictures below the first screen once layout places them, the whole
      // stylesheet for later pages once the page is parsed): on a slow machine that moment comes
      // after some other answer, which would count it as a round trip of its own.
      const unwaited = new Set(
        await page.evaluate(() => [
          new URL("/favicon.svg", location.href).href,
          ...[...document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")].map((i) => i.currentSrc || i.src),
          ...[...document.querySelectorAll<HTMLLinkElement>("link#full-stylesheet[href]")].map((l) => l.href),
        ]),
      );
      results.push({
        step: step.name,
        wait,
        bytes: hops.reduce((sum, h) => sum + (h.cached ? 0 : h.bytes), 0),
        // Round trips until usable: what the step preloads afterwards costs bytes, not waiting.
        trips: roundTrips(hops.filter((h) => h.startWall <= usableAt && !unwaited.has(h.url))),
        reloaded,
        urls: hops.filter((h) => !h.cached).map((h) => h.url.replace(origin, "")),
      });
    }
  } catch (error) {
    if (error instanceof Error)
      error.message = `purchase step "${current}" (JS ${opts.js ? "on" : "off"}): ${error.message}`;
    throw error;
  } finally {
    await context.close();
  }
  return results;
}
