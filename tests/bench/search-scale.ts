// npx tsx tests/bench/search-scale.ts [--pg]
//
// What a search costs the model at 1,000 and at 100,000 products (issue #25), one query at a time
// in one process, on SQLite and (with --pg, on a throwaway cluster) PostgreSQL: the generated
// catalogue of `npm run bench` (seed-large.ts, copied into PostgreSQL by db:copy's code), then
// listProducts() for each search, timed over many runs after a warm-up, the median and p90.
// Unlike the HTTP bench it measures the search alone, so a busy machine disturbs it less.
// The child mode (--child) runs in a process whose DATABASE_PATH/URL names one catalogue.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { copyDatabase } from "../../scripts/db-copy";
import { createPgDatabase, startPgCluster } from "../support/pg-cluster";
import { table } from "./lib";
import { SEARCH_TYPO, SEARCH_WORD, seedLarge } from "./seed-large";

const { values: args } = parseArgs({
  options: { pg: { type: "boolean", default: false }, child: { type: "boolean", default: false } },
});

const SEARCHES = [
  { label: `q=${SEARCH_WORD} (best match)`, qs: `q=${SEARCH_WORD}` },
  { label: `q=${SEARCH_TYPO} (typo, best match)`, qs: `q=${SEARCH_TYPO}` },
  { label: `q=${SEARCH_WORD} hours (two words)`, qs: `q=${SEARCH_WORD}%20hours` },
  { label: `q=${SEARCH_WORD}, price low to high`, qs: `q=${SEARCH_WORD}&sort=price-asc` },
  { label: "q=zzqqx (nothing, suggestion)", qs: "q=zzqqx" },
];
const RUNS = 200;

type Timing = { label: string; median: number; p90: number; found: number };

async function child() {
  const { listProducts } = await import("~/models/catalogue/products.server");
  const { parseShopQuery } = await import("~/lib/shop-query");
  const out: Timing[] = [];
  for (const s of SEARCHES) {
    const query = parseShopQuery(new URLSearchParams(s.qs));
    let found = 0;
    for (let i = 0; i < 20; i++) found = (await listProducts(query)).totalItems;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await listProducts(query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out.push({ label: s.label, median: times[RUNS >> 1]!, p90: times[Math.floor(RUNS * 0.9)]!, found });
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}

function measure(env: Record<string, string>): Timing[] {
  const r = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename, "--child"], {
    env: { ...process.env, SEED_DEMO: "false", SESSION_SECRET: "bench-session-secret-0123456789", ...env },
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as Timing[];
}

async function main() {
  const sizes = [1_000, 100_000];
  const dir = mkdtempSync(join(tmpdir(), "candle-search-scale-"));
  const cluster = args.pg ? await startPgCluster() : null;
  try {
    const results: Record<string, Timing[]> = {};
    for (const n of sizes) {
      const file = join(dir, `shop-${n}.db`);
      const seeded = seedLarge(file, { products: n, reviewsPerProduct: 10 });
      console.log(`${n.toLocaleString("en")} products: "${SEARCH_WORD}" matches ${seeded.searchHits}`);
      results[`SQLite ${n}`] = measure({ DATABASE_PATH: file });
      if (cluster) {
        const url = createPgDatabase(cluster, `search_${n}`);
        await copyDatabase({ from: file, uploads: join(dir, "uploads"), to: url, log: () => {} });
        results[`PostgreSQL ${n}`] = measure({ DATABASE_PATH: join(dir, "unused.db"), DATABASE_URL: url });
      }
    }
    for (const db of cluster ? ["SQLite", "PostgreSQL"] : ["SQLite"]) {
      const small = results[`${db} 1000`]!;
      const large = results[`${db} 100000`]!;
      console.log(`\n${db}: listProducts() per search, ms (median of ${RUNS}; p90), one at a time\n`);
      console.log(
        table(
          ["search", "found 1k / 100k", "1k", "100k", "100k / 1k"],
          small.map((a, i) => {
            const b = large[i]!;
            return [
              a.label,
              `${a.found} / ${b.found}`,
              `${a.median.toFixed(2)} (${a.p90.toFixed(2)})`,
              `${b.median.toFixed(2)} (${b.p90.toFixed(2)})`,
              (b.median / a.median).toFixed(2),
            ];
          }),
          [false, true, true, true, true],
        ),
      );
    }
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await (args.child ? child() : main());
