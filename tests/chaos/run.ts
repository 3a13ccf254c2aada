// npm run chaos -- --minutes N [--db sqlite|pg]: the shop under load while things break (issue
// #34), then a ledger; exits non-zero when the ledger is dirty. Runs the build on disk (`npm run
// build` first), on loopback only: a server of its own (tests/e2e/support/server.ts) with a
// temporary database, a real SMTP server in this process, and on --db pg a PostgreSQL cluster of
// its own. Everything it started is stopped and its folders removed when it ends, even on Ctrl-C.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Client, dbOf, startServer, uniqueEmail } from "../e2e/support/server";
import { type PgCluster, startPgCluster } from "../support/pg-cluster";
import { type SmtpTrouble, startSmtp } from "../support/smtp";
import { drain } from "./drain";
import { faults } from "./faults";
import { hostile } from "./hostile";
import { Journal, sleep } from "./journal";
import { type Baseline, ledger } from "./ledger";
import { owner } from "./owner";
import { shopper } from "./shoppers";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "1" },
    db: { type: "string", default: "sqlite" },
    /** where to write the server's output (its request log and errors) at the end */
    log: { type: "string" },
  },
});
const minutes = Number(values.minutes);
if (!(minutes > 0 && minutes <= 120) || !["sqlite", "pg"].includes(values.db!)) {
  console.error("Usage: npm run chaos -- --minutes N (0 < N <= 120) [--db sqlite|pg] [--log FILE]");
  process.exit(2);
}
// Ctrl-C still runs the exit handlers that stop the server, the cluster and remove their folders.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

const WORKERS = 2;
const OWNER_PRODUCTS = 4;
const log = (text: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${text}`);

const smtpState: { trouble: SmtpTrouble } = { trouble: "none" };
const smtp = await startSmtp(0, [], { trouble: () => smtpState.trouble });
let cluster: PgCluster | null = null;
if (values.db === "pg") cluster = await startPgCluster();
log(`starting the shop on ${values.db} (${WORKERS} workers) for ${minutes} min`);
const server = await startServer({
  ...(cluster ? { database: cluster.url } : {}),
  timeoutMs: 180_000,
  env: {
    WEB_CONCURRENCY: String(WORKERS),
    SMTP_URL: smtp.url,
    SHOP_OWNER_EMAIL: "owner@chaos.test",
    PUBLIC_URL: "http://shop.chaos.test",
  },
});
const db = dbOf(server);

// Shoppers buy from most of the catalogue, with stock enough for the whole run; the owner edits
// the stock of the rest, so the ledger tells his edits from the orders.
const ids = (await db.all<{ id: string }>("select id from products where deleted_at is null order by id")).map(
  (p) => p.id,
);
const ownerProducts = ids.slice(-OWNER_PRODUCTS);
const shopperProducts = ids.slice(0, -OWNER_PRODUCTS);
await db.run(
  `update products set stock = 100000 where id in (${shopperProducts.map(() => "?").join(",")})`,
  ...shopperProducts,
);
// A candle sold in sizes (issue #37) sells its default size, whose stock the product row mirrors
// after every order: its sizes get the run's stock too.
await db.run(
  `update product_sizes set stock = 100000 where product_id in (${shopperProducts.map(() => "?").join(",")})`,
  ...shopperProducts,
);
const baseline: Baseline = {
  stock: new Map(
    (await db.all<{ id: string; stock: number }>("select id, stock from products"))
      .filter((p) => shopperProducts.includes(p.id))
      .map((p) => [p.id, Number(p.stock)]),
  ),
  ownerProducts,
  ordersBefore: new Set((await db.all<{ id: string }>("select id from orders")).map((o) => o.id)),
};

const journal = new Journal();
const runMs = minutes * 60_000;
const started = Date.now();
const over = () => Date.now() - started >= runMs;
// Faults stop a little before the shoppers, so the last orders meet a settled shop.
const faultsOver = () => Date.now() - started >= runMs * 0.85;
const hostileCustomer = new Client(server.url);
await hostileCustomer.register(uniqueEmail("hostile"));

log("shoppers, the owner and a hostile client at work; workers, mail and database failing by turns");
const [faultCounts] = await Promise.all([
  faults(journal, server, smtpState, cluster, runMs, faultsOver),
  ...Array.from({ length: 3 }, () => shopper(journal, server.url, shopperProducts, "api", over)),
  ...Array.from({ length: 3 }, () => shopper(journal, server.url, shopperProducts, "form", over)),
  owner(journal, server.url, ownerProducts, over),
  hostile(journal, server.url, hostileCustomer, shopperProducts, over),
]);
log(
  `faults: ${faultCounts.workersKilled} workers killed; mail server in trouble ${faultCounts.smtpWindows["4xx"]}× 4xx, ${faultCounts.smtpWindows["5xx"]}× 5xx, ${faultCounts.smtpWindows.drop}× dropping; database restarted ${faultCounts.databaseRestarts}×`,
);

log("settling: the owner sends failed mails again, the outbox drains");
const drained = await drain(journal, server, db, smtp.received, runMs);
log(drained);

const lines = await ledger(journal, server, db, smtp.received, baseline, WORKERS);
console.log(`\nLedger (${values.db}, ${minutes} min, ${Math.round((Date.now() - started) / 1000)} s in all)`);
for (const line of lines) console.log(`  ${line.ok ? "ok   " : "DIRTY"} ${line.text}`);
const clean = lines.every((l) => l.ok);
if (values.log) writeFileSync(values.log, server.logs());
console.log(clean ? "The ledger is clean." : "The ledger is DIRTY.");
if (!clean) console.log(`\nThe server's stderr, last 4000 characters:\n${server.stderr().slice(-4000)}`);

await server.stop();
await smtp.close();
await cluster?.stop();
await sleep(0);
process.exit(clean ? 0 : 1);
