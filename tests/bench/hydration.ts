// npm run bench:hydration [-- --no-build] [--runs N]
//
// What a shopper on a slow phone waits for, in a real Chromium with DevTools throttling (Slow 4G:
// 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up; CPU 4x slower), a fresh cache each run: the
// first paint, the largest paint, and the moment the page is hydrated, when a tap is handled by
// the app's scripts (before it, a tap is a plain link or form, which works too). Lighthouse
// simulates the first two; hydration it does not report, so this measures all three the same way.
// Prints medians per page; demo catalogue, /cart as a guest with a cart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import {
  build,
  guestWithCart,
  machine,
  median,
  startServer,
  table,
  warnIfBusy,
  type Server,
  runMain,
  stopAfter,
} from "./lib";

const { values: args } = parseArgs({
  options: { "no-build": { type: "boolean", default: false }, runs: { type: "string", default: "5" } },
});
const runs = Math.max(1, Number(args.runs));

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

type Sample = { fcp: number; lcp: number; hydrated: number };

async function main() {
  warnIfBusy();
  if (!args["no-build"]) build();
  stopAfter(600_000, "Hydration run exceeded 10 minutes: stopping.");
  const dir = mkdtempSync(join(tmpdir(), "candle-hydration-"));
  let server: Server | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    server = await startServer(join(dir, "shop.db"), { SEED_DEMO: "true" });
    const origin = server.origin;
    const { productId, cartCookie } = await guestWithCart(origin);
    const pages = [
      { name: "/", path: "/" },
      { name: "/shop", path: "/shop" },
      { name: "/product/{id}", path: `/product/${productId}` },
      { name: "/cart (guest)", path: "/cart", cookie: cartCookie },
    ];
    const rows: string[][] = [];
    for (const page of pages) {
      // Warm the guest page cache, as a shop that is being visited has it.
      await fetch(`${origin}${page.path}`);
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        if (page.cookie) await context.setExtraHTTPHeaders({ Cookie: page.cookie });
        await context.addInitScript(() => {
          const w = window as unknown as { __lcp: number; __hydrated: number };
          w.__lcp = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
          }).observe({ type: "largest-contentful-paint", buffered: true });
          // The root sets data-hydrated in its first effect (app/root.tsx).
          new MutationObserver((_, observer) => {
            if (document.documentElement?.dataset.hydrated) {
              w.__hydrated = performance.now();
              observer.disconnect();
            }
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
        });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await tab.goto(`${origin}${page.path}`);
        await tab.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
        samples.push(
          await tab.evaluate(() => {
            const w = window as unknown as { __lcp: number; __hydrated: number };
            const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
            return { fcp, lcp: w.__lcp, hydrated: w.__hydrated };
          }),
        );
        await context.close();
      }
      const ms = (k: keyof Sample) => `${Math.round(median(samples.map((s) => s[k])))} ms`;
      rows.push([page.name, ms("fcp"), ms("lcp"), ms("hydrated")]);
    }
    console.log(`\nSlow 4G + 4x CPU, median of ${runs} fresh visits each (${machine().chromium}):\n`);
    console.log(table(["page", "first paint", "largest paint", "hydrated"], rows, [false, true, true, true]));
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
