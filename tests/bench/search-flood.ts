// npx tsx tests/bench/search-flood.ts   (after npm run build)
//
// A flood of searches made to cost the most (issues #34, #50): one worker (WEB_CONCURRENCY=1)
// whose catalogue holds 30,000 made-up words, then 50,000 (20,000 more written beside it), and
// queries of eight made-up 9-letter words (the longest query), each unique so no memo helps: one
// at a time (how long one answer takes), then 20 at once while /healthz is asked every 10 ms (how
// long the worker stops answering others), corrections and "Did you mean" included.
// Budgets: one such search answers within 100 ms; /healthz waits at most 200 ms behind 20.
// `npm run bench` runs it at 30,000 words (searchFlood).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { mulberry32 } from "~/demo/prng.server";
import { newId } from "~/utils/id.server";
import { startServer, table, warnIfBusy } from "./lib";

export const FLOOD_BUDGETS = { oneMs: 100, healthMs: 200 };

/** Per vocabulary size: one search at a time, each of 20 at once, /healthz meanwhile (ms, sorted). */
export type Flood = { words: number; one: number[]; each: number[]; health: number[]; allMs: number };

const random = mulberry32(3434);
const letters = "abcdefghijklmnopqrstuvwxyz";
const made = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * 26)]).join("");
const nonsense = () => Array.from({ length: 8 }, () => made(9)).join(" ");
const median = (xs: number[]) => xs[xs.length >> 1]!;

/** The flood at each vocabulary size in turn (ascending), on a server and database of its own. */
export async function searchFlood(sizes: number[]): Promise<Flood[]> {
  const dir = mkdtempSync(join(tmpdir(), "candle-flood-"));
  const dbPath = join(dir, "shop.db");
  const server = await startServer(dbPath, { WEB_CONCURRENCY: "1", SEED_DEMO: "false" });
  const words = new Set<string>();
  let written = 0;
  const out: Flood[] = [];
  try {
    for (const size of sizes) {
      // Written beside the running server, as another process would: its triggers move the search
      // version, and the server reads the new vocabulary at its next search. 100 words a product.
      while (words.size < size) words.add(made(4 + Math.floor(random() * 9)));
      const all = [...words];
      const db = new Database(dbPath);
      const insert = db.prepare("insert into products (id, name, description, price, stock) values (?, ?, ?, ?, ?)");
      db.transaction(() => {
        for (; written < all.length; written += 100)
          insert.run(newId(), `Wordy ${written / 100}`, all.slice(written, written + 100).join(" "), 300_00, 5);
      })();
      db.close();
      out.push(await flood(server.origin, size));
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function flood(origin: string, words: number): Promise<Flood> {
  const search = async () => {
    const started = performance.now();
    const res = await fetch(`${origin}/api/products?q=${encodeURIComponent(nonsense())}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    return performance.now() - started;
  };
  await search(); // reads the vocabulary and builds its trie
  const one: number[] = [];
  for (let i = 0; i < 20; i++) one.push(await search());

  let flooding = true;
  const health: number[] = [];
  const probe = (async () => {
    while (flooding) {
      const started = performance.now();
      await (await fetch(`${origin}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const floodStarted = performance.now();
  const each = await Promise.all(Array.from({ length: 20 }, search));
  const allMs = performance.now() - floodStarted;
  flooding = false;
  await probe;
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return { words, one: sorted(one), each: sorted(each), health: sorted(health), allMs };
}

/** The budgets a flood missed, in words; empty when it met them. */
export const floodOver = (f: Flood) =>
  [
    median(f.one) > FLOOD_BUDGETS.oneMs && `one search's median over ${FLOOD_BUDGETS.oneMs} ms`,
    f.health.at(-1)! > FLOOD_BUDGETS.healthMs && `/healthz waited over ${FLOOD_BUDGETS.healthMs} ms`,
  ].filter((x): x is string => typeof x === "string");

export function printFlood(f: Flood): void {
  const row = (label: string, xs: number[]) => [label, median(xs).toFixed(1), xs.at(-1)!.toFixed(1)];
  console.log(
    `\nSearches of 8 made-up 9-letter words, ${f.words.toLocaleString("en")}-word vocabulary, one worker (ms)`,
  );
  console.log(
    table(
      ["", "median", "max"],
      [row("one at a time", f.one), row("20 at once, each", f.each), row("/healthz meanwhile", f.health)],
    ),
  );
  const over = floodOver(f);
  console.log(
    `20 at once: all answered in ${f.allMs.toFixed(0)} ms; ${over.length ? `OVER: ${over.join("; ")}` : "within budget"}`,
  );
}

if (process.argv[1]?.endsWith("search-flood.ts")) {
  warnIfBusy();
  const floods = await searchFlood([30_000, 50_000]);
  floods.forEach(printFlood);
  process.exitCode = floods.some((f) => floodOver(f).length) ? 1 : 0;
}
