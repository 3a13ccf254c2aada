// A production server of our own for tests that need one: its own temporary database, port and
// environment, so they can kill it, restart it, lower its rate limits or edit its database
// without touching the shared Playwright webServer. Needs `npm run build` first.
import type { TestInfo } from "@playwright/test";
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = join(ROOT, "build", "server", "index.js");
export const SESSION_SECRET = "ops-test-session-secret-0123456789";
export const OPS_ADMIN = { email: "admin@ops.test", password: "admin-ops-pass" };

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type TestServer = {
  url: string;
  port: number;
  dbPath: string;
  uploadDir: string;
  proc: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Sends `signal` (SIGTERM by default) and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
  /** kill -9: no shutdown handler runs. */
  kill9(): Promise<Exit>;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  logs(): string;
  /** stdout only (the JSON request log lives there). */
  stdout(): string;
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
// Never leave a server or its database behind when the test worker goes away.
process.once("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
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
const TEMPLATE_KEYS = ["SEED_DEMO", "ADMIN_EMAIL", "ADMIN_PASSWORD", "DATABASE_PATH"];
let template: Promise<string> | undefined;

function templateName(): string {
  const hash = createHash("sha256").update(readFileSync(SERVER_ENTRY));
  const migrations = join(ROOT, "drizzle", "sqlite");
  for (const file of readdirSync(migrations).filter((f) => f.endsWith(".sql")).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
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
    withDb(maker.dbPath, (db) => db.pragma("wal_checkpoint(TRUNCATE)"), { writable: true });
    // Copy, then rename: another worker may be making the same template at the same time.
    const partial = `${path}.${process.pid}.partial`;
    copyFileSync(maker.dbPath, partial);
    renameSync(partial, path);
    // Templates of other builds, once unused for a day, go.
    for (const old of readdirSync(tmpdir())) {
      if (!old.startsWith("candle-ops-template-") || old === name) continue;
      const file = join(tmpdir(), old);
      if (Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 24 * 3600_000) rmSync(file, { force: true });
    }
    return path;
  })();
  return template;
}

/**
 * Starts `node build/server/index.js` (NODE_ENV=production) on a free port and resolves once
 * GET /healthz answers 200. Pass `dbPath` to start on an existing database (a restart).
 */
export async function startServer(
  options: { env?: Record<string, string>; dbPath?: string; timeoutMs?: number; /** skip the template: migrate and seed an empty file */ fresh?: boolean } = {},
): Promise<TestServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  let dbPath = options.dbPath;
  if (!dbPath) {
    dbPath = join(tempDir(), "shop.db");
    if (!options.fresh && !TEMPLATE_KEYS.some((k) => options.env && k in options.env)) {
      const source = await templateDb();
      copyFileSync(source, dbPath);
      utimesSync(source, new Date(), new Date());
    }
  }
  const uploadDir = options.env?.UPLOAD_DIR ?? join(dirname(dbPath), "uploads");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: dbPath,
      UPLOAD_DIR: uploadDir,
      SESSION_SECRET,
      ADMIN_EMAIL: OPS_ADMIN.email,
      ADMIN_PASSWORD: OPS_ADMIN.password,
      SEED_DEMO: "true",
      RATE_LIMIT_FACTOR: "1000",
      WEB_CONCURRENCY: "2",
      ...options.env,
    },
  });
  running.add(proc);
  let all = "";
  let out = "";
  proc.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    all += chunk;
    out += chunk;
  });
  proc.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    all += chunk;
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
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
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
    dbPath,
    uploadDir,
    proc,
    exited,
    stop,
    kill9: () => stop("SIGKILL"),
    logs: () => all,
    stdout: () => out,
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The server's database, read-only by default (WAL: readers never block the server). */
export function openDb(dbPath: string, options: { writable?: boolean } = {}) {
  const db = new Database(dbPath, { readonly: !options.writable, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  if (options.writable) db.pragma("foreign_keys = ON");
  return db;
}

export function withDb<T>(dbPath: string, fn: (db: Database.Database) => T, options: { writable?: boolean } = {}): T {
  const db = openDb(dbPath, options);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * A customer written straight into the database, for tests that must not touch the sign-up
 * rate limit. Returns the user id.
 */
export function insertUser(dbPath: string, email: string, password = "secret12"): string {
  const id = randomBytes(12).toString("hex");
  withDb(
    dbPath,
    (db) =>
      db
        .prepare("insert into users (id, name, email, phone, password_hash, is_admin) values (?, ?, ?, ?, ?, 0)")
        .run(id, "Ops Tester", email.toLowerCase(), "9876543210", bcrypt.hashSync(password, 10)),
    { writable: true },
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

  async fetch(path: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}): Promise<Response> {
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
      ? await nodeFetch(this.baseUrl + path, { method, headers, body: body instanceof URLSearchParams ? body.toString() : (body as string | undefined), localAddress: this.options.localAddress })
      : await fetch(this.baseUrl + path, { redirect: "manual", ...rest, method, headers, body });
    for (const [name, value] of cookiesOf(res)) {
      const header = res.headers.getSetCookie().find((h) => h.startsWith(`${name}=`)) ?? "";
      if (value === "" || /max-age=0\b/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Registers a customer through POST /api/auth/register and keeps its session. */
  async register(email: string, password = "secret12", headers?: HeadersInit): Promise<Response> {
    return this.fetch("/api/auth/register", { json: { name: "Ops Tester", email, password, phone: "9876543210" }, headers });
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
export async function createProduct(admin: Client, fields: { name: string; price?: number; stock: number }): Promise<string> {
  const res = await admin.fetch("/api/products", { json: { description: "Made by the ops tests", price: 499, ...fields } });
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
  return client.fetch("/api/orders", { json: { contact: CONTACT, shippingAddress: ADDRESS, items: [{ product, qty }], paymentMethod: "COD" } });
}

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * node:http for what fetch cannot do: pick the client's source address (127.0.0.x are all this
 * machine, so each looks like another visitor to the server) or send headers fetch forbids.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string },
): Promise<RawResponse> {
  return new Promise((resolveRes, reject) => {
    const req = httpRequest(url, { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolveRes({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** fetch's answer, over node:http from `localAddress` (fetch cannot choose its source address). Never follows redirects. */
export async function nodeFetch(url: string, init: { method?: string; headers?: Headers; body?: string; localAddress?: string; agent?: Agent }): Promise<Response> {
  return new Promise((resolveRes, reject) => {
    const headers: Record<string, string> = {};
    init.headers?.forEach((v, k) => (headers[k] = v));
    const req = httpRequest(url, { method: init.method ?? "GET", headers, localAddress: init.localAddress, agent: init.agent ?? false }, (res) => {
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
        resolveRes(new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
      });
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Integrity and orphan checks shared by the crash, concurrency and backup tests. */
export function dbHealth(db: Database.Database) {
  return {
    integrity: db.pragma("integrity_check", { simple: true }) as string,
    ordersWithoutItems: db.prepare("select count(*) from orders o where not exists (select 1 from order_items i where i.order_id = o.id)").pluck().get() as number,
  };
}
