// The server on every core (issue #12): workers share one port and one database, and nothing
// that must be shared lives in one worker's memory. Each test starts its own production server
// with two workers; the dev-server test starts `npm run dev`'s entry. Server-level: js-on only.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { onPostgres } from "./support/pg-e2e";
import {
  adminClient,
  Client,
  connectionPerWorker,
  createProduct,
  dbHealth,
  dbOf,
  freePort,
  insertUser,
  logLines,
  type LogLine,
  newDatabase,
  ordersWithoutLines,
  PASSED_ENV,
  placeOrder,
  rawRequest,
  ROOT,
  runsHere,
  sleep,
  startServer,
  tempDir,
  uniqueEmail,
  type TestServer,
} from "./support/server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");

const servers: TestServer[] = [];

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill9()));
});

async function twoWorkers(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ env: { WEB_CONCURRENCY: "2", ...env } });
  servers.push(server);
  return server;
}

test("failed logins spread over two workers are still refused on the 11th", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const server = await twoWorkers({ RATE_LIMIT_FACTOR: "1" });
  const email = uniqueEmail("spread");
  await insertUser(dbOf(server), email, "the-right-one");
  const agents = await connectionPerWorker(server);
  let turn = 0;
  // The attempts go to the workers in turn, over a connection held to each.
  const login = (password: string) =>
    rawRequest(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
      agent: agents[turn++ % agents.length],
    });
  for (let i = 1; i <= 10; i++) expect((await login(`wrong-${i}`)).status, `failure ${i}`).toBe(401);
  const eleventh = await login("the-right-one");
  for (const agent of agents) agent.destroy();
  expect(eleventh.status).toBe(429);
  expect(JSON.parse(eleventh.text)).toEqual({
    message: "Too many failed logins for this email. Please wait a minute and try again.",
  });
  await sleep(200);
  const pids = new Set(
    logLines(server)
      .filter((l) => l.path === "/api/auth/login")
      .map((l) => l.pid),
  );
  expect(pids.size, "both workers answered some of the attempts").toBe(2);
});

test("kill -9 of one worker while orders stream in: no acknowledged order is lost, the shop keeps answering, the worker is replaced", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const server = await twoWorkers();
  const admin = await adminClient(server.url);
  const STOCK = 100_000;
  const product = await createProduct(admin, { name: "Cluster Crash Vetiver", stock: STOCK });
  // A new connection for every order (a Client with a source address does not keep connections):
  // connections arrive as the worker dies, and none may be left waiting for an answer.
  const customers = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const c = new Client(server.url, { localAddress: "127.0.0.1" });
      expect((await c.register(uniqueEmail("worker-kill"))).status).toBe(201);
      return c;
    }),
  );
  const confirmed: { id: string; at: number }[] = [];
  let unanswered = 0;
  let hung = 0;
  let running = true;
  const HUNG_MS = 10_000;
  const stream = customers.map(async (customer) => {
    while (running) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), HUNG_MS)));
      try {
        const res = await Promise.race([placeOrder(customer, product, 1), waited]);
        if (res === "hung") {
          hung++;
          return;
        }
        if (res.status === 201) confirmed.push({ id: ((await res.json()) as { _id: string })._id, at: Date.now() });
        else expect(res.status, await res.text()).toBe(201);
      } catch {
        // The connection died with its worker: never acknowledged, so not counted.
        unanswered++;
      } finally {
        clearTimeout(timer);
      }
    }
  });
  // Waits for outcomes, not for fixed times: on a loaded machine orders can come slowly.
  await expect.poll(() => confirmed.length, { timeout: 30_000 }).toBeGreaterThan(5);
  const victim = logLines(server).find((l) => l.path === "/api/orders")!.pid;
  process.kill(victim, "SIGKILL");
  const killedAt = Date.now();
  await expect
    .poll(() => confirmed.filter((c) => c.at > killedAt + 500).length, { timeout: 30_000 })
    .toBeGreaterThan(5);
  running = false;
  await Promise.all(stream);

  expect(hung, `connections left without an answer or an error for ${HUNG_MS / 1000} s`).toBe(0);
  expect(confirmed.filter((c) => c.at < killedAt).length).toBeGreaterThan(5);
  expect(confirmed.filter((c) => c.at > killedAt + 500).length, "orders are taken after the kill").toBeGreaterThan(5);
  expect(server.logs()).toMatch(new RegExp(`Worker ${victim} died \\(SIGKILL\\); starting another`));
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const db = dbOf(server);
  expect(await dbHealth(db)).toEqual({ integrity: "ok", ordersWithoutItems: 0 });
  const lost = await ordersWithoutLines(
    db,
    confirmed.map((c) => c.id),
  );
  expect(lost, `${lost.length} of ${confirmed.length} acknowledged orders lost`).toEqual([]);
  const stock = (await db.value<number>("select stock from products where id = ?", product))!;
  const sold = (await db.value<number>("select coalesce(sum(qty), 0) from order_items where product_id = ?", product))!;
  expect(stock + sold).toBe(STOCK);
  testInfo.annotations.push({
    type: "orders",
    description: `${confirmed.length} acknowledged, ${unanswered} cut off by the kill`,
  });
});

test("a rolling restart (SIGHUP) under load: every request answered, every worker replaced", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const server = await twoWorkers();
  const customer = new Client(server.url);
  expect((await customer.register(uniqueEmail("rolling"))).status).toBe(201);
  const failures: string[] = [];
  let answered = 0;
  let running = true;
  const paths = ["/shop?limit=8", "/healthz", "/api/products?limit=4", "/about", "/orders"];
  const load = Array.from({ length: 6 }, async (_, i) => {
    for (let n = 0; running; n++) {
      const path = paths[(i + n) % paths.length]!;
      try {
        // A cookie, so pages are rendered, not served from the guest page cache.
        const res = await customer.fetch(path);
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${path}: ${res.status}`);
        else answered++;
      } catch (error) {
        failures.push(`${path}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
      }
    }
  });
  // Both workers have answered some of the load before the signal. The load's kept-alive
  // connections may all have gone to one worker; new connections find the other.
  const pidsSoFar = () => new Set(logLines(server).map((l) => l.pid));
  for (let i = 0; i < 200 && pidsSoFar().size < 2; i++) await rawRequest(`${server.url}/healthz`, {});
  const before = pidsSoFar();
  expect(before.size).toBe(2);
  server.proc.kill("SIGHUP");
  for (let i = 0; i < 600 && !server.logs().includes("Rolling restart done"); i++) await sleep(100);
  expect(server.logs()).toContain("Rolling restart done: 2 new workers.");
  await sleep(1_000);
  running = false;
  await Promise.all(load);

  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(100);
  // Every request logged once the restart was done was answered by a new worker.
  const afterDone = server.stdout().slice(server.stdout().indexOf("Rolling restart done"));
  const after = new Set(
    afterDone
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => (JSON.parse(l) as LogLine).pid),
  );
  expect(after.size).toBeGreaterThan(0);
  for (const pid of after) expect(before.has(pid), `pid ${pid} answered after the restart`).toBe(false);
  expect(server.proc.exitCode).toBeNull();
  testInfo.annotations.push({ type: "requests", description: `${answered} answered during the restart` });
});

test("static files answer 304 to a matching If-None-Match, and Range requests", async ({}, testInfo) => {
  // The files, the dev server and the settings check are the same on both databases.
  test.skip(!runsHere(testInfo) || onPostgres);
  const server = await twoWorkers();
  const html = await (await fetch(`${server.url}/`)).text();
  const asset = /\/assets\/[^"\s]+\.js/.exec(html)![0];
  for (const path of [asset, "/favicon.svg"]) {
    const first = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "br" } });
    expect(first.status, path).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag, path).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "br", "if-none-match": etag! } });
    expect(again.status, path).toBe(304);
    expect(await again.text()).toBe("");
  }
  const part = await fetch(`${server.url}${asset}`, { headers: { range: "bytes=0-9", "accept-encoding": "identity" } });
  expect(part.status).toBe(206);
  expect((await part.arrayBuffer()).byteLength).toBe(10);
  // A backwards range is ignored (the whole file), never a 500.
  const backwards = await fetch(`${server.url}${asset}`, {
    headers: { range: "bytes=9-2", "accept-encoding": "identity" },
  });
  expect(backwards.status).toBe(200);
});

test("npm run dev: the same server, so a cross-site post is refused, bodies are limited and the security headers are sent", async ({}, testInfo) => {
  // The files, the dev server and the settings check are the same on both databases.
  test.skip(!runsHere(testInfo) || onPostgres);
  test.setTimeout(120_000);
  const dir = tempDir("candle-dev-");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(join(ROOT, "node_modules", ".bin", "tsx"), ["server/dev.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dir,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: join(dir, "shop.db"),
      ...(onPostgres ? { DATABASE_URL: await newDatabase(dir, false) } : {}),
      UPLOAD_DIR: join(dir, "uploads"),
      SESSION_SECRET: "dev-test-session-secret-0123456789",
      SEED_DEMO: "false",
      RATE_LIMIT_FACTOR: "1",
      LOG_REQUESTS: "false",
    },
  });
  let logs = "";
  proc.stdout!.on("data", (c: Buffer) => (logs += c.toString()));
  proc.stderr!.on("data", (c: Buffer) => (logs += c.toString()));
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 900 || proc.exitCode !== null) throw new Error(`dev server did not start:\n${logs}`);
      await sleep(100);
    }
    // A page the cache never keeps, so rendered with a nonce (a kept one's scripts go by hashes).
    const page = await fetch(`${url}/login`);
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(await page.text()).toContain(`nonce="${nonce}"`);

    const crossSite = await fetch(`${url}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=clear",
    });
    expect(crossSite.status).toBe(403);
    const tooBig = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(tooBig.status).toBe(413);
    expect((await rawRequest(`${url}/`, { method: "TRACE" })).status).toBe(405);

    // Per-address limits see the real client address in dev too.
    const email = uniqueEmail("dev");
    for (let i = 1; i <= 10; i++) {
      const res = await rawRequest(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: `nope-${i}` }),
      });
      expect(res.status).toBe(401);
    }
    expect(
      (
        await rawRequest(`${url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "x" }),
        })
      ).status,
    ).toBe(429);
  } finally {
    proc.kill("SIGTERM");
    await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once("exit", r)));
  }
});

test("a bad setting stops the start with a message that names it", async ({}, testInfo) => {
  // The files, the dev server and the settings check are the same on both databases.
  test.skip(!runsHere(testInfo) || onPostgres);
  const dir = tempDir("candle-env-");
  const bad: [string, string, string][] = [
    ["WEB_CONCURRENCY", "0", "WEB_CONCURRENCY must be at least 1"],
    ["PORT", "eighty", "PORT must be a whole number"],
    ["TRUST_PROXY", "maybe", "TRUST_PROXY must be false, a number of proxies in front (1, 2…), loopback, or a"],
    ["TRUST_PROXY", "10.0.0.0/33", "(invalid range on address: 10.0.0.0/33)"],
    ["RATE_LIMIT_FACTOR", "0", "RATE_LIMIT_FACTOR must be more than 0"],
    ["ALLOWED_ORIGINS", "evil.example", "ALLOWED_ORIGINS must be a comma-separated list of origins"],
    ["SESSION_SECRET", "short", "SESSION_SECRET must be at least 16 characters"],
    ["DATABASE_URL", "mysql://shop@db/shop", "DATABASE_URL must be a postgres:// URL"],
    ["HEADERS_TIMEOUT", "300", "HEADERS_TIMEOUT must be at most REQUEST_TIMEOUT"],
  ];
  for (const [name, value, message] of bad) {
    const proc = spawn(process.execPath, [join(ROOT, "build", "server", "index.js")], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        DATABASE_PATH: join(dir, "shop.db"),
        ...PASSED_ENV,
        [name]: value,
      },
    });
    let output = "";
    proc.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    proc.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((r) => proc.once("exit", r));
    expect(code, `${name}=${value}`).toBe(1);
    expect(output, `${name}=${value}`).toContain(message);
    expect(output, "no stack trace for a setting").not.toContain("    at ");
  }
});
