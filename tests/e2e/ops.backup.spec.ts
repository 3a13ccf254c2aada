import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { testDb } from "../support/db";
import { onPostgres } from "./support/pg-e2e";
import {
  adminClient,
  Client,
  createProduct,
  dbHealth,
  placeOrder,
  ROOT,
  runsHere,
  sleep,
  startServer,
  tempDir,
  uniqueEmail,
  type TestServer,
} from "./support/server";

// Operations: online backup while orders are written, health check, request logs.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");
test.describe.configure({ mode: "default" });

let server: TestServer;

test.beforeAll(async ({}, testInfo) => {
  if (runsHere(testInfo)) server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

function runBackup(
  dbPath: string,
  target: string,
  timeoutMs: number,
): Promise<{ code: number | null; output: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const proc = spawn(process.execPath, [join(ROOT, "scripts", "backup.mjs"), target], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", DATABASE_PATH: dbPath },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout.setEncoding("utf8").on("data", (c: string) => (output += c));
    proc.stderr.setEncoding("utf8").on("data", (c: string) => (output += c));
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      proc.kill("SIGKILL");
    }, timeoutMs);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

test("npm run backup copies a sound database while orders are being written", async ({}, testInfo) => {
  test.skip(
    onPostgres,
    "npm run backup copies the SQLite file with SQLite's online backup API: on PostgreSQL there is no file, and pg_dump is the tool",
  );
  const admin = await adminClient(server.url);
  const product = await createProduct(admin, { name: "Backup Test Beeswax", stock: 100_000 });
  const customers = await Promise.all(
    Array.from({ length: 3 }, async () => {
      const c = new Client(server.url);
      expect((await c.register(uniqueEmail("backup"))).status).toBe(201);
      return c;
    }),
  );
  // Orders keep arriving before, during and after the backup.
  let writing = true;
  let placed = 0;
  const failures: string[] = [];
  const stream = customers.map(async (customer) => {
    while (writing) {
      const res = await placeOrder(customer, product, 1);
      if (res.status === 201) placed++;
      else failures.push(`${res.status} ${await res.text()}`);
      await res.body?.cancel().catch(() => {});
    }
  });
  while (placed < 20) await sleep(20);

  const target = join(tempDir("candle-backup-"), "copy.db");
  const placedBefore = placed;
  const backup = await runBackup(server.database, target, 30_000);
  const placedDuring = placed - placedBefore;
  writing = false;
  await Promise.all(stream);
  testInfo.annotations.push({
    type: "backup",
    description: `${backup.ms} ms, ${placedDuring} orders written meanwhile: ${backup.output.trim()}`,
  });

  expect(failures).toEqual([]);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/Backed up .* \(\d+ orders, integrity ok\)/);
  expect(existsSync(target)).toBe(true);
  const copy = testDb(target);
  expect(await dbHealth(copy)).toEqual({ integrity: "ok", ordersWithoutItems: 0 });
  expect(await copy.value("select count(*) from orders")).toBeGreaterThanOrEqual(20);
  expect(await copy.value("select count(*) from products")).toBeGreaterThan(0);
  // A consistent snapshot: stock and order lines agree.
  const stock = (await copy.value<number>("select stock from products where id = ?", product))!;
  const sold = (await copy.value<number>(
    "select coalesce(sum(qty), 0) from order_items where product_id = ?",
    product,
  ))!;
  expect(stock + sold).toBe(100_000);
  // The backup refuses to overwrite an existing file.
  const again = await runBackup(server.database, target, 30_000);
  expect(again.code).not.toBe(0);
  expect(again.output).toContain("exists");
});

test("GET /healthz answers 200 {status: ok}, never cached", async () => {
  const res = await fetch(`${server.url}/healthz`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  expect(await res.json()).toEqual({ status: "ok" });
});

type LogLine = { t: string; method: string; path: string; status: number; ms: number; ip: string };

test("one JSON log line per request, without query strings, cookies or passwords", async () => {
  const password = `Pw-${Date.now().toString(36)}-never-logged`;
  const email = uniqueEmail("logs");
  const client = new Client(server.url);
  expect((await client.register(email, password)).status).toBe(201);
  const marker = `m${Date.now().toString(36)}`;
  const search = `secret-search-${marker}`;

  expect((await client.login(email, password)).status).toBe(200);
  expect((await client.login(email, `${password}-wrong`)).status).toBe(401);
  expect((await client.fetch("/login", { form: { email, password, redirect: "" } })).status).toBe(302);
  expect((await client.fetch(`/shop?q=${search}&token=${marker}`)).status).toBe(200);
  expect((await client.fetch(`/api/products?search=${search}`)).status).toBe(200);
  expect((await client.fetch(`/no-such-page-${marker}?x=${search}`)).status).toBe(302);
  const session = client.cookies.get("__session")!;
  expect(session).toBeTruthy();

  // Lines are written when each response finishes; give the last one a moment.
  const mine = () =>
    server
      .stdout()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as LogLine);
  for (let i = 0; i < 50 && !mine().some((l) => l.path === `/no-such-page-${marker}`); i++) await sleep(20);

  const out = server.stdout();
  for (const secret of [
    password,
    encodeURIComponent(password),
    search,
    `token=`,
    session,
    decodeURIComponent(session),
    "__session",
    "Cookie",
  ]) {
    expect(out, `the log must not contain ${secret}`).not.toContain(secret);
  }
  // Every non-empty stdout line after start-up is one JSON object with the fields.
  const lines = out
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("Candle shop listening") && !l.startsWith("Seeded"));
  for (const line of lines) {
    const entry = JSON.parse(line) as LogLine;
    expect(Object.keys(entry).sort()).toEqual(["ip", "method", "ms", "path", "pid", "status", "t"]);
    expect(entry.path).not.toContain("?");
    expect(typeof entry.ms).toBe("number");
    expect(entry.status).toBeGreaterThanOrEqual(100);
  }
  const logged = mine();
  const count = (method: string, path: string) => logged.filter((l) => l.method === method && l.path === path).length;
  expect(count("GET", `/no-such-page-${marker}`)).toBe(1);
  expect(logged.find((l) => l.path === `/no-such-page-${marker}`)).toMatchObject({ status: 302, ip: "127.0.0.1" });
  expect(logged.filter((l) => l.method === "POST" && l.path === "/api/auth/login").map((l) => l.status)).toEqual(
    expect.arrayContaining([200, 401]),
  );
  expect(logged.some((l) => l.method === "POST" && l.path === "/login" && l.status === 302)).toBe(true);
  expect(logged.some((l) => l.method === "GET" && l.path === "/shop" && l.status === 200)).toBe(true);
});

test("a client's mistake is answered and logged as a request, not as a server error", async () => {
  const client = new Client(server.url);
  const marker = `m${Date.now().toString(36)}`;
  const before = server.logs().length;
  // A POST to a page that has no form: 405. A body that is not a form: 415. Neither is a fault of ours.
  expect((await client.fetch(`/shop?${marker}`, { method: "POST", form: { a: "1" } })).status).toBe(405);
  expect(
    (
      await client.fetch("/login", {
        method: "POST",
        body: '{"email":"a@b.co"}',
        headers: { "Content-Type": "application/json" },
      })
    ).status,
  ).toBe(415);
  expect((await client.fetch("/healthz")).status).toBe(200);
  for (let i = 0; i < 50 && !server.logs().slice(before).includes('"/healthz"'); i++) await sleep(20);
  const written = server.logs().slice(before);
  expect(written).toContain('"path":"/shop","status":405');
  expect(written).toContain('"path":"/login","status":415');
  expect(written, "no stack trace for a client's mistake").not.toMatch(/Error|\n\s+at /);
});
