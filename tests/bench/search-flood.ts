// npx tsx tests/bench/search-flood.ts   (after npm run build)
//
// A flood of searches made to cost the most (issue #34): one worker (WEB_CONCURRENCY=1) whose
// catalogue holds 50,000 made-up words, then queries of eight made-up 9-letter words (the
// longest query), each unique so no memo helps: one at a time (how long one answer takes), then
// 20 at once while /healthz is asked every 10 ms (how long the worker stops answering others).
// Budgets: one such search answers within 100 ms; /healthz waits at most 500 ms behind 20.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { mulberry32 } from "~/demo/prng.server";
import { newId } from "~/utils/id.server";
import { startServer, table, warnIfBusy } from "./lib";

const ONE_BUDGET_MS = 100;
const HEALTH_BUDGET_MS = 500;

const random = mulberry32(3434);
const letters = "abcdefghijklmnopqrstuvwxyz";
const made = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * 26)]).join("");
const nonsense = () => Array.from({ length: 8 }, () => made(9)).join(" ");

warnIfBusy();
const dir = mkdtempSync(join(tmpdir(), "candle-flood-"));
const dbPath = join(dir, "shop.db");
const server = await startServer(dbPath, { WEB_CONCURRENCY: "1", SEED_DEMO: "false" });
try {
  // Written beside the running server, as another process would: its triggers move the search
  // version, and the server reads the new vocabulary at its next search.
  const words = new Set<string>();
  while (words.size < 50_000) words.add(made(4 + Math.floor(random() * 9)));
  const all = [...words];
  const db = new Database(dbPath);
  const insert = db.prepare("insert into products (id, name, description, price, stock) values (?, ?, ?, ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < 500; i++)
      insert.run(newId(), `Wordy ${i}`, all.slice(i * 100, i * 100 + 100).join(" "), 300_00, 5);
  })();
  db.close();

  const search = async () => {
    const started = performance.now();
    const res = await fetch(`${server.origin}/api/products?q=${encodeURIComponent(nonsense())}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    return performance.now() - started;
  };
  await search(); // reads the vocabulary and builds its trie
  const one: number[] = [];
  for (let i = 0; i < 20; i++) one.push(await search());
  one.sort((a, b) => a - b);

  let flooding = true;
  const health: number[] = [];
  const probe = (async () => {
    while (flooding) {
      const started = performance.now();
      await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const floodStarted = performance.now();
  const flood = await Promise.all(Array.from({ length: 20 }, search));
  const floodMs = performance.now() - floodStarted;
  flooding = false;
  await probe;
  flood.sort((a, b) => a - b);
  const worstHealth = Math.max(...health);

  const median = one[one.length >> 1]!;
  console.log("Searches of 8 made-up 9-letter words, 50,000-word vocabulary, one worker (ms)");
  console.log(
    table(
      ["", "median", "max"],
      [
        ["one at a time", median.toFixed(1), one.at(-1)!.toFixed(1)],
        ["20 at once, each", flood[flood.length >> 1]!.toFixed(1), flood.at(-1)!.toFixed(1)],
        ["/healthz meanwhile", health.sort((a, b) => a - b)[health.length >> 1]!.toFixed(1), worstHealth.toFixed(1)],
      ],
    ),
  );
  console.log(`20 at once: all answered in ${floodMs.toFixed(0)} ms`);
  const over = [
    median > ONE_BUDGET_MS && `one search's median over ${ONE_BUDGET_MS} ms`,
    worstHealth > HEALTH_BUDGET_MS && `/healthz waited over ${HEALTH_BUDGET_MS} ms`,
  ].filter(Boolean);
  console.log(over.length ? `OVER: ${over.join("; ")}` : "within budget");
  process.exitCode = over.length ? 1 : 0;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
