// Helpers shared by the bench (run.ts) and the Lighthouse runner (lighthouse.ts): building,
// starting the production server on a temporary database, and stopping it whatever happens.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type autocannon from "autocannon";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const serverEntry = join(root, "build", "server", "index.js");
export const ADMIN = { email: "admin@bench.test", password: "bench-admin-password" };

/** `npm run build`, quiet unless it fails. */
export function build(): number {
  const started = performance.now();
  process.stdout.write("Building (npm run build)… ");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", env: process.env });
  if (r.status !== 0) {
    console.log("failed");
    console.error(r.stdout, r.stderr);
    throw new Error("npm run build failed");
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${seconds.toFixed(1)} s`);
  return seconds;
}

export function requireBuild(): void {
  if (!existsSync(serverEntry))
    throw new Error(`${serverEntry} is missing: run without --no-build, or npm run build first`);
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

const children = new Set<ChildProcess>();
const cleanups = new Set<() => void>();

/** Something else to end synchronously on exit (e.g. a browser's process group). */
export function onCleanup(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Kills every child still running; for process exit and signals. */
export function killAll(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      // already gone
    }
  }
  cleanups.clear();
}
/** Bounded in time whatever happens: a hung server or browser cannot keep a bench running. */
export function stopAfter(ms: number, message: string): void {
  setTimeout(() => {
    console.error(message);
    killAll();
    process.exit(1);
  }, ms).unref();
}

/** Runs a bench script's main: a failure prints its stack, stops every child and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    killAll();
    process.exit(1);
  });
}

process.on("exit", killAll);
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping the servers`);
    killAll();
    process.exit(130);
  });
}

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL after a grace period. */
export async function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export type Server = {
  origin: string;
  child: ChildProcess;
  log: string;
  startSeconds: number;
  stop: () => Promise<void>;
};

/** Starts `node build/server/index.js` (NODE_ENV=production) on 127.0.0.1 and waits for it to answer. */
export async function startServer(
  dbPath: string,
  extraEnv: Record<string, string> = {},
  logName = "server.log",
  /** Node's own options (e.g. --cpu-prof, which NODE_OPTIONS refuses); cluster workers inherit them. */
  nodeArgs: string[] = [],
): Promise<Server> {
  requireBuild();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = join(dirname(dbPath), logName);
  const out = createWriteStream(log);
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [...nodeArgs, serverEntry], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_PATH: dbPath,
        UPLOAD_DIR: join(dirname(dbPath), "uploads"),
        SESSION_SECRET: "bench-session-secret-0123456789abcdef",
        RATE_LIMIT_FACTOR: "1000",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...extraEnv,
      },
    }),
  );
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const tail = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-30).join("\n") : "");
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail()}`);
    try {
      const res = await fetch(`${origin}/about`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 120 s:\n${tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, child, log, startSeconds: (performance.now() - started) / 1000, stop: () => stop(child) };
}

export function machine() {
  const cpus = os.cpus();
  const chromium = spawnSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" });
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    chromium: chromium.stdout?.trim() || "not found",
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    commit: git(["rev-parse", "--short", "HEAD"]),
    // Uncommitted changes under app/ are part of the build that was measured.
    dirty: git(["status", "--porcelain", "--", "app", "drizzle", "public"]) !== "",
  };
}

/** Warns when the machine is already busy: every number of a bench on 2 cores depends on it. */
export function warnIfBusy(): void {
  const [one] = os.loadavg();
  if (one !== undefined && one > 1) {
    console.warn(
      `! load average ${one.toFixed(2)} before the run: other work is using the CPUs, expect lower and noisier numbers`,
    );
  }
}

export function writeJson(name: string, data: unknown): string {
  const dir = join(root, ".bench");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  return file;
}

export const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z");

/** The middle value (the lower of the two middle ones for an even count); `xs` is left as it was. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** A fixed-width text table that is also valid Markdown. */
export function table(head: string[], rows: (string | number)[][], right: boolean[] = []): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const width = head.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (right[i] ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join(" | ")} |`;
  const rule = `|${width.map((w, i) => (right[i] ? `${"-".repeat(w + 1)}:` : `${"-".repeat(w + 2)}`)).join("|")}|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join("\n");
}

/**
 * A demo product's id and the cart cookie a guest gets by adding it (`name=value`): the four
 * pages the first-paint tools measure are /, /shop, that product and /cart as a guest with a cart.
 */
export async function guestWithCart(origin: string): Promise<{ productId: string; cartCookie: string }> {
  const list = (await (await fetch(`${origin}/api/products?limit=1`)).json()) as { items: { _id: string }[] };
  const productId = list.items[0]?._id;
  if (!productId) throw new Error("the demo catalogue has no product");
  const added = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", productId, qty: "1" }),
  });
  const cartCookie = added.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cartCookie) throw new Error(`adding to the cart set no cookie (${added.status})`);
  return { productId, cartCookie };
}

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/**
 * User + system CPU time in ms (Linux /proc), or NaN elsewhere, of a process and every process
 * below it: the server is a primary and its web workers.
 */
export function cpuTime(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return children.reduce((sum, child) => sum + cpuTime(child), own);
  } catch {
    return NaN;
  }
}

/** Logs `email` in through the API; the session cookie (`name=value`) a client sends after. */
export async function login(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!res.ok || !cookie) throw new Error(`login of ${email} failed: HTTP ${res.status}`);
  return cookie.split(";")[0]!;
}

/** What the bench's clients accept, as a browser does: the server answers each row in brotli. */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/** One request of a bench row: a path, and what a client would send with it. */
export type BenchRequest = { path: string; method?: "GET" | "POST"; body?: string; headers: Record<string, string> };

/**
 * Each request once, `parallel` at a time, each answer read to its end: the pages a row rotates
 * through visited once before it is measured (the page cache then holds them, as it would).
 */
export async function prime(origin: string, requests: readonly BenchRequest[], parallel = 1): Promise<void> {
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        const res = await fetch(origin + r.path, {
          method: r.method,
          headers: r.headers,
          body: r.body,
          redirect: "manual",
        });
        await res.arrayBuffer();
      }
    }),
  );
}

/** autocannon's request list for a row whose every request is `next()`'s (rotating URLs, cookies). */
export function rotating(next: () => BenchRequest): autocannon.Request[] {
  return [
    {
      setupRequest: (req) => {
        const r = next();
        return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
      },
    },
  ];
}
