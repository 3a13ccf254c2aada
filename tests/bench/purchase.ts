// npm run bench:purchase [-- --no-build] [--runs N] [--only js-off|js-on] [--json]
//
// A whole purchase as a shopper on patchy mobile data makes it (issue #35): home → shop → product
// → Add to Cart → cart → checkout (a guest lands on login) → the sign-up form → sign up (back to
// the checkout) → PIN → Place Order → thank-you, in Debian's Chromium on a 360x740 phone with
// DevTools throttling (400 ms latency, 400 kbit/s down, CPU 4x slower), a fresh cache each run,
// JavaScript off and on, median of N runs (3 by default). Per step it prints:
// - wait: until the step is usable. JS off: the load event of the page the step ends on. JS on:
//   the step's new content painted (a frame after it is in the DOM) with its main control
//   working, hydrated on a first load; from the shopper's click or keystroke.
// - bytes: what went over the wire for the requests the step started (headers included), until
//   the network is quiet again, so what the step preloads counts too.
// - round trips: the longest chain of dependent requests until usable (one that starts after
//   another began to answer depends on it: a picture found while its page is still arriving
//   waited a round trip for the page's first bytes; a redirect is a round trip of its own).
// - floor: round trips × 400 ms + bytes ÷ 50 kB/s, what no page can beat on this link.
// The byte and round-trip budgets are also checked by tests/e2e/purchase-budget.spec.ts, with
// the same recorder (tests/support/purchase-flow.ts) and no throttling; times only here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { LATENCY_MS, BYTES_PER_MS, runPurchase, type StepResult } from "../support/purchase-flow";
import {
  build,
  machine,
  startServer,
  table,
  warnIfBusy,
  writeJson,
  stamp,
  type Server,
  runMain,
  stopAfter,
} from "./lib";

const { values: args } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(args.runs));
const modes = (["js-off", "js-on"] as const).filter((m) => !args.only || args.only === m);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kB = (b: number) => (b / 1000).toFixed(1);
const sec = (ms: number) => (ms / 1000).toFixed(2);

type Summary = { step: string; wait: number; bytes: number; trips: number; floor: number }[];

/** The median of each figure per step over the runs (each column on its own). */
function summarise(results: StepResult[][]): Summary {
  return results[0]!.map((first, i) => {
    const col = (k: "wait" | "bytes" | "trips") => median(results.map((r) => r[i]![k]));
    const bytes = col("bytes");
    const trips = col("trips");
    return { step: first.step, wait: col("wait"), bytes, trips, floor: trips * LATENCY_MS + bytes / BYTES_PER_MS };
  });
}

async function main() {
  warnIfBusy();
  if (!args["no-build"]) build();
  stopAfter(900_000, "Purchase bench exceeded 15 minutes: stopping.");
  const dir = mkdtempSync(join(tmpdir(), "candle-purchase-"));
  let server: Server | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
  });
  const out: Record<string, Summary> = {};
  try {
    server = await startServer(join(dir, "shop.db"), { SEED_DEMO: "true" });
    // Warm the guest page cache, as a shop that is being visited has it.
    for (const p of ["/", "/shop"]) await (await fetch(`${server.origin}${p}`)).arrayBuffer();
    for (const mode of modes) {
      const results: StepResult[][] = [];
      for (let i = 0; i < runs; i++) {
        results.push(await runPurchase(browser, server.origin, { js: mode === "js-on", throttle: true }));
        process.stdout.write(`${mode} run ${i + 1}/${runs} done\n`);
      }
      out[mode] = summarise(results);
    }
    const m = machine();
    console.log(
      `\nThe purchase, ${runs} fresh runs per mode, medians; 360x740, ${LATENCY_MS} ms latency, ` +
        `${BYTES_PER_MS * 8} kbit/s down, CPU 4x (${m.chromium}, ${m.commit}${m.dirty ? " + changes" : ""}, ` +
        `load ${m.loadAverage[0]}):\n`,
    );
    const steps = Object.values(out)[0]!.map((s) => s.step);
    const head = ["step"];
    for (const mode of modes) head.push(`${mode} wait`, "kB", "trips", "floor");
    const rows = steps.map((step, i) => {
      const row: string[] = [step];
      for (const mode of modes) {
        const s = out[mode]![i]!;
        row.push(`${sec(s.wait)} s`, kB(s.bytes), String(s.trips), `${sec(s.floor)} s`);
      }
      return row;
    });
    const total = ["**whole purchase**"];
    for (const mode of modes) {
      const s = out[mode]!;
      const sum = (k: "wait" | "bytes" | "trips" | "floor") => s.reduce((a, x) => a + x[k], 0);
      total.push(`${sec(sum("wait"))} s`, kB(sum("bytes")), String(sum("trips")), `${sec(sum("floor"))} s`);
    }
    rows.push(total);
    console.log(
      table(
        head,
        rows,
        head.map((_, i) => i > 0),
      ),
    );
    if (args.json) console.log(`\n${writeJson(`purchase-${stamp()}.json`, { machine: m, runs, out })}`);
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
