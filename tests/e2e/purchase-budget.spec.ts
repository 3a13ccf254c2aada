// The deterministic budgets of issue #35, on the purchase the bench times (tests/bench/purchase.ts):
// with JavaScript the whole purchase transfers at most 120 kB more than without, and no step takes
// more round trips. The requests run with 150 ms of latency and no other throttling, so that
// requests sent together are told apart from chained ones; the times are the bench's.
import { expect, test } from "@playwright/test";
import { runPurchase } from "../support/purchase-flow";

const EXTRA_BYTES_WITH_JS = 120_000;

test("a purchase with JS costs at most 120 kB more and no step more round trips than without", async ({
  browser,
  baseURL,
}, testInfo) => {
  // The test makes its own contexts with JS off and on: one project is enough, and one database
  // (the bytes and round trips are the pages', whichever database answers).
  test.skip(testInfo.project.name !== "js-on", "runs once, in the js-on project");
  test.skip(process.env.E2E_DATABASE === "pg", "runs once, on SQLite");
  const off = await runPurchase(browser, baseURL!, { js: false, throttle: false, latencyMs: 150 });
  const on = await runPurchase(browser, baseURL!, { js: true, throttle: false, latencyMs: 150 });
  const report = off.map((s, i) => `${s.step}: ${s.trips} / ${on[i]!.trips} trips, ${s.bytes} / ${on[i]!.bytes} B`);
  await testInfo.attach("purchase (JS off / JS on)", { body: report.join("\n") });

  expect(on.map((s) => s.step)).toEqual(off.map((s) => s.step));
  // No step reloads the page with JS: each is the app's own navigation.
  expect(on.filter((s) => s.reloaded).map((s) => s.step)).toEqual([]);
  for (const [i, s] of on.entries()) {
    expect.soft(s.trips, `${s.step}: round trips with JS (${s.urls.join(" ")})`).toBeLessThanOrEqual(off[i]!.trips);
  }
  const total = (steps: typeof on) => steps.reduce((sum, s) => sum + s.bytes, 0);
  expect(total(on), report.join("\n")).toBeLessThanOrEqual(total(off) + EXTRA_BYTES_WITH_JS);
});
