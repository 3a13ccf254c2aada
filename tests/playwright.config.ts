import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { createDatabase, onPostgres } from "./e2e/support/pg-e2e";
import { makePgTemplate, PG_TEMPLATE } from "./e2e/support/server";
import { startPgCluster } from "./support/pg-cluster";
import { startSmtp } from "./support/smtp";

// One temporary database and port per run; workers inherit these from the main process.
process.env.E2E_DB ??= join(mkdtempSync(join(tmpdir(), "candle-e2e-")), "shop.db");
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 700));
// E2E_DATABASE=pg: the same suite on PostgreSQL. The runner starts one cluster before the web
// server (whose environment is read here); the workers inherit its address. pg-cluster.ts stops
// it as the runner exits, after the web server has been stopped. Servers the tests start get
// databases of their own on it (tests/e2e/support/server.ts); up to ~10 run at once, each with a pool per worker.
// Seeding an empty PostgreSQL database takes long (the PIN directory), so it is done once, by the
// server that makes the template, and the web server's database is a copy too.
if (onPostgres && !process.env.E2E_PG_CLUSTER) {
  const cluster = await startPgCluster({ settings: { max_connections: 400 } });
  process.env.E2E_PG_CLUSTER = cluster.url.replace(/\/shop$/, "/postgres");
  await makePgTemplate();
  process.env.E2E_DATABASE_URL = await createDatabase({ name: "e2e", template: PG_TEMPLATE });
}
// The web server's mail goes over SMTP to a real server in the runner (issue #23), which saves each
// message into E2E_MAIL_DIR for the tests to read (tests/e2e/support/mail.ts). Started once, by the runner.
if (!process.env.E2E_MAIL_DIR) {
  process.env.E2E_MAIL_DIR = mkdtempSync(join(tmpdir(), "candle-e2e-mail-"));
  process.env.E2E_SMTP_URL = (await startSmtp(0, [], { saveTo: process.env.E2E_MAIL_DIR })).url;
}
export const ADMIN = { email: "admin@e2e.test", password: "admin-e2e-pass" };
export const SHOP_OWNER = "owner@e2e.test";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// What the PostgreSQL run (E2E_DATABASE=pg: JS on, and the request layer) repeats: the specs whose outcome depends on SQL
// that behaves differently there (issue #51): several servers on one database, the database
// stopped, races and locks (idempotency keys, coupon uses, unique UTRs, alert locks), triggers and
// NOTIFY (the page cache, sessions, rate-limit rows), queries whose order, dates, search or
// aggregates differ (listings, admin filters, the overview, Hindi search), invoice counters, and
// what PostgreSQL refuses that SQLite takes (NUL bytes: the fuzzers). A page flow that only renders
// and posts reaches the same models, whose SQL the unit suite runs on both databases. The table of
// which suite runs where and why: docs/development.md.
const ON_POSTGRES =
  /\/(ops\.(multi-server|database-down|concurrency|caching|sessions|limits|request-fuzz|cluster)|api\.(fuzz|double-submit|orders|admin|products)|double-submit|admin-overview|admin|search|hindi-catalogue|hindi-mail|catalogue|collections|sizes|coupons|upi|stock-alerts|invoice\.gst)\.spec\.ts$/;

// A page flow with a request twin (tests/request/<same name>.spec.ts) repeats on PostgreSQL as that
// twin: the same loaders and actions, so the same SQL, without Chromium. Its browser half proves
// hydration, layout and focus, which do not depend on the database. The ops and api specs use no
// browser page at all and stay in the js-on project.
const twins = readdirSync(fileURLToPath(new URL("request", import.meta.url)))
  .filter((f) => f.endsWith(".spec.ts"))
  .map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
const HAS_REQUEST_TWIN = new RegExp(`/(${twins.join("|") || "(?!)"})$`);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "../test-results",
  fullyParallel: true,
  // Three workers on two cores: two left a tenth of the CPU idle (vmstat over a run: 11%) while a
  // worker waited on a server starting, a page loading or a timer (e2e:sqlite 607 s -> 549 s).
  workers: 3,
  retries: 0,
  // Limits for a hang, not for speed (issue #51, item 7): a test of many requests took 15 s alone
  // under coverage and passed 30 s beside another suite. Speed is judged by `npm run bench`.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  // The servers whose settings several specs share (Hindi, GST), started once per run (issue #51).
  globalSetup: "./e2e/support/global-setup.ts",
  // The JSON report gives each test's time to scripts/test-times.mjs (issue #51).
  reporter: [["list"], ["json", { outputFile: `../test-timings/playwright-${onPostgres ? "pg" : "sqlite"}.json` }]],
  // No trace: recording one for every test (to keep the failures') cost about a third of the
  // suite's CPU (catalogue.spec, JS on: 25 s of user CPU with it, 16 s without), and CI's log is
  // all a failure leaves there anyway. To see one: `npm run e2e:sqlite -- --trace retain-on-failure`.
  use: { baseURL, trace: "off" },
  projects: [
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /api\..*\.spec\.ts/ },
    {
      name: "js-on",
      use: { ...chromium },
      testMatch: onPostgres ? ON_POSTGRES : undefined,
      testIgnore: onPostgres ? HAS_REQUEST_TWIN : undefined,
    },
    // The request layer (issue #51): what a JS-off run proves about the server, over HTTP with a cookie
    // jar and an HTML parser (tests/e2e/support/plain-browser.ts), once, with no browser launched.
    // Same webServer, database and SMTP catcher as the browser projects.
    { name: "request", testDir: "request", testMatch: onPostgres ? ON_POSTGRES : /\.spec\.ts$/ },
  ],
  webServer: {
    command: "node build/server/index.js",
    cwd: "..",
    url: `${baseURL}/about`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // Under scripts/test-coverage.mjs the server must exit by itself to write its V8 coverage: SIGTERM
    // (it finishes its requests and exits), not Playwright's default SIGKILL.
    ...(process.env.NODE_V8_COVERAGE && { gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 } }),
    env: {
      NODE_ENV: "production",
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATABASE_PATH: process.env.E2E_DB,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      UPLOAD_DIR: join(process.env.E2E_DB, "..", "uploads"),
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
      // Many tests register and log in from one address; the limits have their own test.
      RATE_LIMIT_FACTOR: "1000",
      // The suite runs against the production server as it is deployed: several workers.
      WEB_CONCURRENCY: "2",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: process.env.E2E_SMTP_URL!,
      MAIL_FROM: '"RK Candles" <shop@e2e.test>',
      SHOP_OWNER_EMAIL: SHOP_OWNER,
      PUBLIC_URL: baseURL,
    },
  },
});
