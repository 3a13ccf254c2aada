// A production server of our own for tests that need one: its own temporary database, port and
// environment, so they can kill it, restart it, lower its rate limits or edit its database
// without touching the shared Playwright webServer. Needs `npm run build` first. On the
// PostgreSQL run (tests/e2e/support/pg-e2e.ts) its database is a new one on the run's cluster.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test, type TestInfo } from "@playwright/test";
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { isPostgres, testDb, type TestDb } from "../../support/db";
import { createDatabase, databaseExists, onPostgres, renameToTemplate } from "./pg-e2e";
import { HINDI_SETTINGS, type SharedServer, sharedServer } from "./shared-servers";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const SERVER_ENTRY = join(ROOT, "build", "server", "index.js");
export const SESSION_SECRET = "ops-test-session-secret-0123456789";
export const OPS_ADMIN = { email: "admin@ops.test", password: "admin-ops-pass" };
/**
 * What a server's environment keeps of the tests' own: NODE_V8_COVERAGE, under
 * scripts/test-coverage.mjs, so the server writes its V8 coverage there as it exits (not when killed).
 */
export const PASSED_ENV = process.env.NODE_V8_COVERAGE ? { NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE } : {};

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type TestServer = {
  url: string;
  port: number;
  /** Its database: the SQLite file's path, or a postgres:// URL on the PostgreSQL run. */
  database: string;
  uploadDir: string;
  proc: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Sends `signal` (SIGTERM by default) and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
  /** kill -9 of the primary and its workers at once: no shutdown handler runs. */
  kill9(): Promise<Exit>;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  logs(): string;
  /** stdout only (the JSON request log lives there). */
  stdout(): string;
  /** stderr only (errors the server logged, with their stacks). */
  stderr(): string;
};

/**
 * The ops specs test the server, not the browser: they run in the js-on project only. Use in
 * beforeAll (a skip modifier alone does not stop beforeAll from starting a server in js-off).
 */
export const runsHere = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

const running = new Set<ChildProcess>();
const tempDirs: string[] = [];
/** SIGKILL to a server's process group: the primary and its workers (spawned detached, so they have one of their own). */
function killGroup(proc: ChildProcess): void {
  try {
    process.kill(-proc.pid!, "SIGKILL");
  } catch {
    // gone already
  }
}

// Never leave a server or its database behind when the test worker goes away.
process.once("exit", () => {
  for (const proc of running) killGroup(proc);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A new directory under the system temp dir, removed when the test worker exits. */
export function tempDir(prefix = "candle-ops-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

// A fresh database spends seconds loading the 150,000-row PIN directory. Servers with the default
// seed start from a copy of a database made by this very build (migrated, seeded, admin created,
// closed cleanly), kept in the temp dir under a hash of the build and the migrations.
const TEMPLATE_KEYS = ["SEED_DEMO", "ADMIN_EMAIL", "ADMIN_PASSWORD", "DATABASE_PATH", "DATABASE_URL"];
let template: Promise<string> | undefined;

function templateName(): string {
  const hash = createHash("sha256").update(readFileSync(SERVER_ENTRY));
  const migrations = join(ROOT, "drizzle", "sqlite");
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    hash.update(file).update(readFileSync(join(migrations, file)));
  return `candle-ops-template-${hash.digest("hex").slice(0, 16)}.db`;
}

function templateDb(): Promise<string> {
  template ??= (async () => {
    const name = templateName();
    const path = join(tmpdir(), name);
    if (existsSync(path)) return path;
    const maker = await startServer({ fresh: true });
    // Killed, not stopped, so the template does not depend on the shutdown being tested; opening
    // the file recovers its WAL, and the checkpoint folds it in, so the one file is the database.
    await maker.kill9();
    const db = new Database(maker.database, { fileMustExist: true });
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    // Copy, then rename: another worker may be making the same template at the same time.
    const partial = `${path}.${process.pid}.partial`;
    copyFileSync(maker.database, partial);
    renameSync(partial, path);
    // Templates of other builds, once unused for a day, go.
    for (const old of readdirSync(tmpdir())) {
      if (!old.startsWith("candle-ops-template-") || old === name) continue;
      const file = join(tmpdir(), old);
      if (Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 24 * 3600_000)
        rmSync(file, { force: true });
    }
    return path;
  })();
  return template;
}

/** The PostgreSQL run's template database: the cluster lives for one run, and so does this. */
export const PG_TEMPLATE = "shop_template";

/**
 * Makes the PostgreSQL template (playwright.config.ts, once, before any test: seeding an empty
 * PostgreSQL database takes longer than a test may), the way templateDb makes the SQLite one.
 */
export async function makePgTemplate(): Promise<void> {
  if (await databaseExists(PG_TEMPLATE)) return;
  const maker = await startServer({ fresh: true, timeoutMs: 120_000 });
  await maker.kill9();
  await renameToTemplate(maker.database, PG_TEMPLATE);
}

/** A database for a new server in `dir`: a copy of the template, or (`fresh`) an empty one. */
export async function newDatabase(dir: string, fresh: boolean): Promise<string> {
  if (onPostgres) return createDatabase(fresh ? {} : { template: PG_TEMPLATE });
  const path = join(dir, "shop.db");
  if (!fresh) {
    const source = await templateDb();
    copyFileSync(source, path);
    utimesSync(source, new Date(), new Date());
  }
  return path;
}

/**
 * Starts `node build/server/index.js` (NODE_ENV=production) on a free port and resolves once
 * GET /healthz answers 200. Pass `database` to start on an existing one (a restart, a second
 * server on the same PostgreSQL database).
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    database?: string;
    timeoutMs?: number;
    /** skip the template: migrate and seed an empty database */ fresh?: boolean;
  } = {},
): Promise<TestServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const dir = tempDir();
  const fresh = !!options.fresh || TEMPLATE_KEYS.some((k) => options.env && k in options.env);
  const database = options.database ?? (await newDatabase(dir, fresh));
  const onPg = isPostgres(database);
  const uploadDir = options.env?.UPLOAD_DIR ?? join(onPg ? dir : dirname(database), "uploads");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, so kill9 reaches the workers too.
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // On PostgreSQL the file is never made; naming one in the temp dir keeps anything from data/.
      DATABASE_PATH: onPg ? join(dir, "shop.db") : database,
      ...(onPg ? { DATABASE_URL: database } : {}),
      UPLOAD_DIR: uploadDir,
      SESSION_SECRET,
      ADMIN_EMAIL: OPS_ADMIN.email,
      ADMIN_PASSWORD: OPS_ADMIN.password,
      SEED_DEMO: "true",
      RATE_LIMIT_FACTOR: "1000",
      WEB_CONCURRENCY: "2",
      ...PASSED_ENV,
      ...options.env,
    },
  });
  running.add(proc);
  let all = "";
  let out = "";
  let err = "";
  proc.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    all += chunk;
    out += chunk;
  });
  proc.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    all += chunk;
    err += chunk;
  });
  const exited = new Promise<Exit>((resolveExit) => {
    proc.once("exit", (code, signal) => {
      running.delete(proc);
      resolveExit({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (hasExited) throw new Error(`The server exited before it was ready:\n${all}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      // Every worker listens: /healthz answers once the first one does, and connections made
      // before the others listen would all stay with it (kept alive).
      if (res.status === 200 && out.includes("Candle shop listening")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup(proc);
      throw new Error(`The server did not answer /healthz within ${options.timeoutMs ?? 30_000} ms:\n${all}`);
    }
    await sleep(100);
  }

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (!hasExited) proc.kill(signal);
    return exited;
  };
  return {
    url,
    port,
    database,
    uploadDir,
    proc,
    exited,
    stop,
    kill9: async () => {
      if (!hasExited) killGroup(proc);
      return exited;
    },
    logs: () => all,
    stdout: () => out,
    stderr: () => err,
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The server's database, for a test to read or write rows (tests/support/db.ts). */
export const dbOf = (server: { database: string }): TestDb => testDb(server.database);

/**
 * A customer written straight into the database, for tests that must not touch the sign-up
 * rate limit. Returns the user id.
 */
export async function insertUser(db: TestDb, email: string, password = "secret12"): Promise<string> {
  const id = randomBytes(12).toString("hex");
  await db.run(
    "insert into users (id, name, email, phone, password_hash, is_admin) values (?, ?, ?, ?, ?, ?)",
    id,
    "Ops Tester",
    email.toLowerCase(),
    "9876543210",
    bcrypt.hashSync(password, 10),
    false,
  );
  return id;
}

/** `name=value` pairs of Set-Cookie headers, keyed by name. */
export function cookiesOf(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const header of res.headers.getSetCookie()) {
    const [pair = ""] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

/** A browser's cookie jar after an answer: Set-Cookie values kept, cleared or expired ones dropped. */
export function keepCookies(jar: Map<string, string>, res: Response): void {
  for (const [name, value] of cookiesOf(res)) {
    const header = res.headers.getSetCookie().find((h) => h.startsWith(`${name}=`)) ?? "";
    if (value === "" || /max-age=0\b/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A tiny cookie-keeping HTTP client over fetch: state-changing requests carry `Origin: <url>`
 * like a browser's same-origin requests, and Set-Cookie answers are remembered.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  /** `localAddress`: send from this 127.0.0.x address, so the server sees another client IP. */
  constructor(
    readonly baseUrl: string,
    readonly options: { localAddress?: string } = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(
    path: string,
    init: RequestInit & { json?: unknown; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const method = (init.method ?? (init.json !== undefined || init.form ? "POST" : "GET")).toUpperCase();
    const headers = new Headers(init.headers);
    if (!SAFE.has(method) && !headers.has("origin")) headers.set("Origin", this.baseUrl);
    if (this.cookies.size > 0 && !headers.has("cookie")) headers.set("Cookie", this.cookieHeader());
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    const { json: _json, form: _form, ...rest } = init;
    const res = this.options.localAddress
      ? await nodeFetch(this.baseUrl + path, {
          method,
          headers,
          body: body instanceof URLSearchParams ? body.toString() : (body as string | undefined),
          localAddress: this.options.localAddress,
        })
      : await fetch(this.baseUrl + path, { redirect: "manual", ...rest, method, headers, body });
    keepCookies(this.cookies, res);
    return res;
  }

  /** Registers a customer through POST /api/auth/register and keeps its session. */
  async register(email: string, password = "secret12", headers?: HeadersInit): Promise<Response> {
    return this.fetch("/api/auth/register", {
      json: { name: "Ops Tester", email, password, phone: "9876543210" },
      headers,
    });
  }

  async login(email: string, password: string, headers?: HeadersInit): Promise<Response> {
    return this.fetch("/api/auth/login", { json: { email, password }, headers });
  }
}

let counter = 0;
/** An email nobody used yet. */
export const uniqueEmail = (tag = "ops") => `${tag}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;

export const CONTACT = { name: "Ops Buyer", email: "buyer@example.com", phone: "9876543210" };
export const ADDRESS = { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" };

/** Creates a product through POST /api/products as the admin; returns its id. */
export async function createProduct(
  admin: Client,
  fields: { name: string; price?: number; stock: number },
): Promise<string> {
  const res = await admin.fetch("/api/products", {
    json: { description: "Made by the ops tests", price: 499, ...fields },
  });
  if (res.status !== 201) throw new Error(`POST /api/products answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}

/** A logged-in admin client. */
export async function adminClient(url: string): Promise<Client> {
  const admin = new Client(url);
  const res = await admin.login(OPS_ADMIN.email, OPS_ADMIN.password);
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}: ${await res.text()}`);
  return admin;
}

/** POST /api/orders for one product. */
export function placeOrder(client: Client, product: string, qty = 1): Promise<Response> {
  return client.fetch("/api/orders", {
    json: { contact: CONTACT, shippingAddress: ADDRESS, items: [{ product, qty }], paymentMethod: "COD" },
  });
}

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * node:http for what fetch cannot do: pick the client's source address (127.0.0.x are all this
 * machine, so each looks like another visitor to the server) or send headers fetch forbids.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
    /** default: a new connection */ agent?: Agent;
  },
): Promise<RawResponse> {
  return new Promise((resolveRes, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolveRes({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** fetch's answer, over node:http from `localAddress` (fetch cannot choose its source address). Never follows redirects. */
export async function nodeFetch(
  url: string,
  init: { method?: string; headers?: Headers; body?: string; localAddress?: string; agent?: Agent },
): Promise<Response> {
  return new Promise((resolveRes, reject) => {
    const headers: Record<string, string> = {};
    init.headers?.forEach((v, k) => (headers[k] = v));
    const req = httpRequest(
      url,
      { method: init.method ?? "GET", headers, localAddress: init.localAddress, agent: init.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) for (const one of v) out.append(k, one);
            else if (v !== undefined) out.set(k, v);
          }
          const status = res.statusCode ?? 0;
          resolveRes(
            new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }),
          );
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A line of a server's JSON request log (server/http.ts). */
export type LogLine = { method: string; path: string; status: number; pid: number };

export const logLines = (server: TestServer): LogLine[] =>
  server
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);

/** The pid of the worker that answered the one request for `path`, once its log line is out. */
export async function answeredBy(server: TestServer, path: string): Promise<number> {
  let line: LogLine | undefined;
  for (let i = 0; i < 100 && !(line = logLines(server).find((l) => l.path === path)); i++) await sleep(20);
  if (!line) throw new Error(`no log line for ${path}`);
  return line.pid;
}

/**
 * One kept-alive connection to each worker, by the worker's pid. The kernel gives a new
 * connection to whichever worker takes it first, so connections are opened until every worker
 * holds one.
 */
export async function connectionsByWorker(server: TestServer, workers = 2): Promise<Map<number, Agent>> {
  const byPid = new Map<number, Agent>();
  for (let i = 0; i < 100 && byPid.size < workers; i++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // A path of its own (a 404), so its log line is told from any other.
    const path = `/api/which-worker-${i}`;
    const { status } = await rawRequest(`${server.url}${path}`, { agent });
    if (status !== 404) throw new Error(`${path} answered ${status}`);
    const pid = await answeredBy(server, path);
    if (byPid.has(pid)) agent.destroy();
    else byPid.set(pid, agent);
  }
  if (byPid.size !== workers) throw new Error(`a connection to ${byPid.size} of ${workers} workers after 100 tries`);
  return byPid;
}

/** One kept-alive connection to each worker. */
export const connectionPerWorker = async (server: TestServer, workers = 2): Promise<Agent[]> => [
  ...(await connectionsByWorker(server, workers)).values(),
];

/**
 * Integrity and orphan checks shared by the crash, concurrency and backup tests. `integrity` is
 * "ok" or what is wrong: SQLite's integrity_check, or on PostgreSQL amcheck's check of every table
 * and b-tree index of the shop.
 */
export async function dbHealth(db: TestDb): Promise<{ integrity: string; ordersWithoutItems: number }> {
  const ordersWithoutItems = (await db.value<number>(
    "select count(*) from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
  ))!;
  if (db.dialect === "sqlite")
    return { integrity: (await db.value<string>("pragma integrity_check"))!, ordersWithoutItems };
  await db.run("create extension if not exists amcheck");
  const tables =
    "select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'";
  const heap = await db.all<{ msg: string }>(`select v.msg from (${tables}) t, lateral verify_heapam(t.oid) v`);
  // bt_index_check raises an error at the first fault.
  const indexes =
    "select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_am a on a.oid = c.relam where n.nspname = 'public' and c.relkind = 'i' and a.amname = 'btree'";
  const faults = await db.all(`select bt_index_check(i.oid, true) from (${indexes}) i`).then(
    () => heap.map((h) => h.msg),
    (error: Error) => [...heap.map((h) => h.msg), error.message],
  );
  return { integrity: faults.length === 0 ? "ok" : faults.join("; "), ordersWithoutItems };
}

/** Which of the orders `ids` have no lines in the database: acknowledged orders that were lost. */
export async function ordersWithoutLines(db: TestDb, ids: string[]): Promise<string[]> {
  const found = new Set<string>();
  // In slices: a statement takes only so many parameters.
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const rows = await db.all<{ order_id: string }>(
      `select distinct order_id from order_items where order_id in (${slice.map(() => "?").join(", ")})`,
      ...slice,
    );
    for (const row of rows) found.add(row.order_id);
  }
  return ids.filter((id) => !found.has(id));
}

/** State and parent of process `pid` from /proc (Linux), or null when there is none. */
function procStat(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const [state = "", ppid = "0"] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Whether process `pid` still runs (a zombie, dead but not yet reaped, does not). */
export const isRunning = (pid: number) => !["Z", "X", undefined].includes(procStat(pid)?.state);

/** A server's processes now: its primary and the primary's children (the workers). */
export function processesOf(server: TestServer): number[] {
  const primary = server.proc.pid!;
  const children = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => procStat(pid)?.ppid === primary);
  return [primary, ...children];
}

/**
 * The server with LANGUAGES=en,hi (issue #36) that the Hindi specs share, started once per run by
 * the runner (tests/e2e/support/shared-servers.ts).
 */
export function hindiServer(): () => SharedServer {
  return () => sharedServer("hindi");
}

/**
 * A server of its own with LANGUAGES=en,hi (plus `env`), for a spec file whose tests change what
 * the others read or that needs other settings: started before its first test, stopped after its last.
 */
export function ownHindiServer(env: Record<string, string> = {}): () => TestServer {
  let server: TestServer | undefined;
  // The file's tests in one worker, in order: one server per project, not one per worker (issue #51).
  test.describe.configure({ mode: "default" });

  test.beforeAll(async () => {
    server = await startServer({ env: { ...HINDI_SETTINGS, ...env } });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  return () => server!;
}
