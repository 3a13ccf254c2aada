// npm run bench:rush [-- --database sqlite|pg|both] [--runs N] [--seconds S] [--products N]
//                       [--rates 0,2,10] [--no-build] [--check] [--profile]
//
// Issue #52, a sale on a busy evening: shoppers browse (16 connections, half of them logged in,
// over the home page, /shop and every product page) while orders arrive at a steady rate, 0, 2
// and 10 a second, half through the JSON door (POST /api/orders) and half through the checkout
// form (add to cart, the checkout page, Place Order). On SQLite with two web workers, and on
// PostgreSQL (a throwaway cluster, durable settings) with two app servers of one worker each.
// Each phase prints browse req/s, p50 and p99, the orders' p50 and p99 (Place Order's post or the
// API call: what the shopper waits for), refusals, and the confirmation mails (with the invoice)
// that reached a real SMTP server before the phase ended. Runs the phases `--runs` times and keeps
// the median of each figure; `--check` exits 1 when a budget of the issue is missed.
// Loopback only, bounded in time (stopAfter).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { copyDatabase } from "../../scripts/db-copy";
import { startPgCluster, type PgCluster } from "../support/pg-cluster";
import {
  ACCEPT_ENCODING,
  build,
  cpuTime,
  login,
  machine,
  median,
  prime,
  rotating,
  runMain,
  stamp,
  startServer,
  stopAfter,
  table,
  warnIfBusy,
  writeJson,
  type Server,
} from "./lib";
import { catalogue, drained, type MailSink, orderByApi, orderByForm, orderFlow, startMailSink } from "./rush-shop";
import { BENCH_CUSTOMERS, BENCH_PASSWORD, benchCustomerEmail, seedLarge } from "./seed-large";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "both" },
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    // A small shop's catalogue: every page of it kept once visited, as in a real evening.
    products: { type: "string", default: "200" },
    rates: { type: "string", default: "0,2,10" },
    connections: { type: "string", default: "16" },
    "no-build": { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    // The shop's processes write V8 CPU profiles into .bench/profiles/rush-<database> (profile-split.ts reads them).
    profile: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
const seconds = Number(args.seconds);
const products = Number(args.products);
const connections = Number(args.connections);
const rates = args.rates.split(",").map(Number);
const databases = args.database === "both" ? ["sqlite", "pg"] : [args.database];
for (const n of [runs, seconds, products, connections, ...rates])
  if (!Number.isFinite(n) || n < 0) throw new Error("bad number in the arguments");
if (databases.some((d) => d !== "sqlite" && d !== "pg")) throw new Error("--database is sqlite, pg or both");

/** Orders stop this long before the phase ends: their mails (with the invoice) must arrive by then. */
const MAIL_GRACE_S = 2;
/** Browsing before each phase's measure: the page caches filled, the connections open. */
const WARMUP_S = 3;

export const RUSH_BUDGETS = {
  /** At the highest rate, browse req/s at least this share of the quiet phase's. */
  throughputShare: 0.7,
  /** At the highest rate, browse p99 at most this many times the quiet p99, or FLOOR_MS. */
  p99Factor: 2,
  p99FloorMs: 100,
  /** At the highest rate, the orders' p99. */
  orderP99Ms: 250,
};

type Phase = {
  rate: number;
  browseRps: number;
  p50: number;
  p99: number;
  browseNon2xx: number;
  orders: number;
  orderP50: number;
  orderP99: number;
  jsonP99: number;
  formP99: number;
  /** Orders refused for anything but stock. */
  refused: number;
  refusals: string[];
  /** Orders placed whose confirmation mail, with the invoice, had not arrived when the phase ended. */
  mailsLate: number;
  /** Seconds after the phase until the last of them had arrived (the next phase starts then). */
  drainS: number;
  /** The servers' CPU (every thread and child) over the measured seconds. */
  cpuMs: number;
};

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Browsing across the servers (connections split between them) while `orders` runs; the worse server's percentiles. */
async function browse(servers: Server[], pages: string[], sessions: string[], duration: number) {
  // --connections 0: orders alone, for what each costs the servers (the CPU column).
  if (connections === 0) {
    await sleep(duration * 1000);
    return { rps: 0, p50: 0, p99: 0, non2xx: 0 };
  }
  let n = 0;
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: s.origin,
        connections: Math.max(1, Math.round(connections / servers.length)),
        duration,
        requests: rotating(() => {
          const i = n++;
          const headers: Record<string, string> = { "accept-encoding": ACCEPT_ENCODING };
          // Every other request from a logged-in customer (a session of their own, an empty cart).
          if (i % 2 === 1) headers.cookie = sessions[(i >> 1) % sessions.length]!;
          return { path: pages[Math.floor(i / 2) % pages.length]!, headers };
        }),
      }),
    ),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

async function phase(
  servers: Server[],
  smtp: MailSink,
  shop: ReturnType<typeof catalogue>,
  sessions: string[],
  rate: number,
  counter: { n: number },
): Promise<Phase> {
  await browse(servers, shop.pages, sessions, WARMUP_S);
  const cpu = () => servers.reduce((sum, s) => sum + cpuTime(s.child.pid), 0);
  const cpu0 = cpu();
  const [seen, outcomes] = await Promise.all([
    browse(servers, shop.pages, sessions, seconds),
    orderFlow(servers, sessions, shop.stocked, rate, Math.max(1, seconds - MAIL_GRACE_S), counter),
  ]);
  const cpuMs = cpu() - cpu0;
  // By the phase's end, each order's confirmation has reached the mail server with its invoice.
  const mailed = smtp.withInvoice;
  const ok = outcomes.filter((o) => o.ok);
  // Stock never runs out here (BENCH_STOCK): every refusal counts.
  const refusals = outcomes.filter((o) => !o.ok).map((o) => `${o.door}: ${o.why}`);
  return {
    rate,
    browseRps: seen.rps,
    p50: seen.p50,
    p99: seen.p99,
    browseNon2xx: seen.non2xx,
    orders: ok.length,
    orderP50: pct(
      ok.map((o) => o.ms),
      50,
    ),
    orderP99: pct(
      ok.map((o) => o.ms),
      99,
    ),
    jsonP99: pct(
      ok.filter((o) => o.door === "json").map((o) => o.ms),
      99,
    ),
    formP99: pct(
      ok.filter((o) => o.door === "form").map((o) => o.ms),
      99,
    ),
    refused: refusals.length,
    refusals: [...new Set(refusals)].slice(0, 5),
    mailsLate: ok.filter((o) => !mailed.has(`rush${o.i}@bench.test`)).length,
    cpuMs,
    ...(await drained(smtp, ok)),
  };
}

/**
 * What an order costs the servers beyond the browsing beside it: the phase's CPU less its browse
 * requests at the quiet phase's cost each, per order (0 without a quiet phase first).
 */
function cpuPerOrder(p: Phase, quiet: Phase): number {
  if (p.orders === 0 || quiet.rate !== 0) return 0;
  return (p.cpuMs - cpuPerRequest(quiet) * p.browseRps * seconds) / p.orders;
}

const cpuPerRequest = (p: Phase) => (p.browseRps > 0 ? p.cpuMs / (p.browseRps * seconds) : 0);

/** Each figure's median over the runs, phase by phase. */
function medianPhases(all: Phase[][]): Phase[] {
  return all[0]!.map((first, i) => {
    const of = (key: keyof Phase) => median(all.map((run) => run[i]![key] as number));
    return {
      ...first,
      browseRps: of("browseRps"),
      p50: of("p50"),
      p99: of("p99"),
      browseNon2xx: Math.max(...all.map((run) => run[i]!.browseNon2xx)),
      orders: of("orders"),
      orderP50: of("orderP50"),
      orderP99: of("orderP99"),
      jsonP99: of("jsonP99"),
      formP99: of("formP99"),
      refused: Math.max(...all.map((run) => run[i]!.refused)),
      refusals: [...new Set(all.flatMap((run) => run[i]!.refusals))].slice(0, 5),
      mailsLate: Math.max(...all.map((run) => run[i]!.mailsLate)),
      drainS: Math.max(...all.map((run) => run[i]!.drainS)),
      cpuMs: of("cpuMs"),
    };
  });
}

/** The issue's budgets against the quiet phase and the busiest one; each miss in words. */
function misses(database: string, phases: Phase[]): string[] {
  const quiet = phases.find((p) => p.rate === 0);
  const busiest = phases.reduce((a, b) => (b.rate > a.rate ? b : a));
  const out: string[] = [];
  if (!quiet || busiest.rate === 0) return out;
  const b = RUSH_BUDGETS;
  if (busiest.browseRps < b.throughputShare * quiet.browseRps)
    out.push(
      `${database}: browsing at ${busiest.rate}/s ${busiest.browseRps.toFixed(0)} req/s < ${b.throughputShare} × quiet ${quiet.browseRps.toFixed(0)}`,
    );
  const p99Limit = Math.max(b.p99Factor * quiet.p99, b.p99FloorMs);
  if (busiest.p99 > p99Limit)
    out.push(`${database}: browse p99 at ${busiest.rate}/s ${busiest.p99} ms > ${p99Limit} ms`);
  if (busiest.orderP99 > b.orderP99Ms)
    out.push(`${database}: order p99 at ${busiest.rate}/s ${busiest.orderP99.toFixed(0)} ms > ${b.orderP99Ms} ms`);
  for (const p of phases) {
    if (p.refused > 0) out.push(`${database}: ${p.refused} orders refused at ${p.rate}/s (${p.refusals.join("; ")})`);
    if (p.mailsLate > 0)
      out.push(`${database}: at ${p.rate}/s ${p.mailsLate} confirmation mails (with the invoice) late or missing`);
  }
  return out;
}

async function runDatabase(database: string): Promise<{ phases: Phase[]; runs: Phase[][] }> {
  const dir = mkdtempSync(join(tmpdir(), "candle-rush-"));
  const dbPath = join(dir, "shop.db");
  let cluster: PgCluster | undefined;
  const servers: Server[] = [];
  const smtp = await startMailSink();
  try {
    process.stdout.write(
      `\n== ${database === "pg" ? "PostgreSQL, two app servers" : "SQLite, two workers"} ==\nSeeding… `,
    );
    const seed = seedLarge(dbPath, { products, reviewsPerProduct: 5, orders: 1000 });
    console.log(
      `${seed.products} products, ${seed.reviews} reviews, ${seed.users} users in ${seed.seconds.toFixed(1)} s`,
    );
    const shop = catalogue(dbPath);
    const env: Record<string, string> = { SEED_DEMO: "false", SMTP_URL: smtp.url, WEB_CONCURRENCY: "2" };
    const nodeArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=.bench/profiles/rush-${database}`] : [];
    if (database === "pg") {
      // Durable, as a shop's database is: the test clusters' fsync=off would hide the commits' cost.
      cluster = await startPgCluster({ settings: { fsync: "on", synchronous_commit: "on", full_page_writes: "on" } });
      await copyDatabase({ from: dbPath, uploads: join(dir, "uploads"), to: cluster.url });
      Object.assign(env, { DATABASE_URL: cluster.url, WEB_CONCURRENCY: "1" });
      servers.push(await startServer(dbPath, env, "server-1.log", nodeArgs));
      servers.push(await startServer(dbPath, env, "server-2.log", nodeArgs));
    } else servers.push(await startServer(dbPath, env, "server.log", nodeArgs));
    const sessions: string[] = [];
    for (let i = 0; i < BENCH_CUSTOMERS; i++)
      sessions.push(await login(servers[0]!.origin, benchCustomerEmail(i), BENCH_PASSWORD));
    // Every page visited before the phases, by a guest and a customer, a few times over so that each
    // worker (each keeps its own copies) has seen it: browsing then meets kept pages, as on a shop
    // that has been open a while.
    for (const s of servers)
      await prime(
        s.origin,
        [0, 1, 2, 3].flatMap((k) =>
          shop.pages.map((path) => ({
            path,
            headers: { "accept-encoding": ACCEPT_ENCODING, ...(k % 2 ? { cookie: sessions[0]! } : {}) },
          })),
        ),
        4,
      );
    // And orders through both doors on every server, their mails awaited: each worker's invoice
    // thread has started and read its fonts (0.6-1 s of CPU, once per process), as on a shop
    // that has sold before.
    const counter = { n: 0 };
    const warm = await Promise.all(
      servers.flatMap((s) =>
        [0, 1, 2, 3, 4, 5, 6, 7].map(() => {
          const i = counter.n++;
          const place = i % 2 === 0 ? orderByApi : orderByForm;
          return place(s.origin, sessions[i % sessions.length]!, shop.stocked[i % shop.stocked.length]!, i);
        }),
      ),
    );
    await drained(
      smtp,
      warm.filter((o) => o.ok),
    );
    const all: Phase[][] = [];
    for (let run = 1; run <= runs; run++) {
      const phases: Phase[] = [];
      for (const rate of rates) {
        phases.push(await phase(servers, smtp, shop, sessions, rate, counter));
        const p = phases.at(-1)!;
        console.log(
          `  run ${run}, ${rate} orders/s: browse ${p.browseRps.toFixed(0)} req/s p50 ${p.p50} p99 ${p.p99} ms; ` +
            `${p.orders} orders p50 ${p.orderP50.toFixed(0)} p99 ${p.orderP99.toFixed(0)} ms; ` +
            `${p.refused} refused; ${p.mailsLate} mails late (the last ${p.drainS.toFixed(1)} s after); ` +
            `servers' CPU ${(p.cpuMs / 1000).toFixed(1)} s`,
        );
      }
      all.push(phases);
    }
    return { phases: medianPhases(all), runs: all };
  } finally {
    for (const s of servers) await s.stop();
    await cluster?.stop();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(async () => {
  stopAfter(60 * 60_000, "bench:rush: still running after an hour; stopped");
  warnIfBusy();
  if (!args["no-build"]) build();
  const report: Record<string, unknown> = { machine: machine(), runs, seconds, products, connections, rates };
  const missed: string[] = [];
  for (const database of databases) {
    const { phases, runs: each } = await runDatabase(database);
    report[database] = { phases, runs: each };
    console.log(`\n${database === "pg" ? "PostgreSQL, two app servers" : "SQLite, two workers"}: median of ${runs}`);
    console.log(
      table(
        [
          "orders/s",
          "browse req/s",
          "p50 ms",
          "p99 ms",
          "orders",
          "order p50",
          "order p99",
          "API p99",
          "form p99",
          "refused",
          "mails late",
          "CPU ms/req",
          "CPU ms/order",
        ],
        phases.map((p) => [
          p.rate,
          p.browseRps.toFixed(0),
          p.p50,
          p.p99,
          p.orders,
          p.orderP50.toFixed(0),
          p.orderP99.toFixed(0),
          p.jsonP99.toFixed(0),
          p.formP99.toFixed(0),
          p.refused,
          p.mailsLate,
          cpuPerRequest(p).toFixed(2),
          cpuPerOrder(p, phases[0]!).toFixed(0),
        ]),
        [true, true, true, true, true, true, true, true, true, true, true, true, true],
      ),
    );
    missed.push(...misses(database, phases));
  }
  console.log(`\nWritten to ${writeJson(`rush-${stamp()}.json`, report)}`);
  if (missed.length === 0) console.log("Every budget of issue #52 holds.");
  else for (const m of missed) console.log(`✗ ${m}`);
  if (args.check && missed.length > 0) process.exit(1);
});
