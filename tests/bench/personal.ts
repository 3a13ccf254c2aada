// Issue #40: what a page rendered for one shopper costs, beside what React Router itself costs.
// The bare app (tests/bench/bare-app) is React Router 7 in framework mode behind its own template's
// Express server, rendering a page shaped like /shop (12 cards, ~40 links) from a loader that reads
// no database: the framework's own work. Each row is CPU time of the serving processes per request,
// one connection at a time (no queueing), in the same run, so the ratios hold on a busy machine.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { ACCEPT_ENCODING, cpuTime, freePort, prime, root, rotating, stop, track } from "./lib";

const BARE_DIR = join(root, "tests", "bench", "bare-app");
const BARE_BUILD = join(root, ".bench", "bare-app");

/** `react-router build` of the bare app into .bench/bare-app (git-ignored); seconds. */
export function buildBare(): number {
  const started = performance.now();
  const r = spawnSync("npx", ["react-router", "build", BARE_DIR], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error(`building the bare React Router app failed:\n${r.stdout}\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

export type Bare = { origin: string; pid: number | undefined; stop: () => Promise<void> };

/** The bare app's server, one process (the shop's rows are read on one worker too). */
export async function startBare(): Promise<Bare> {
  if (!existsSync(join(BARE_BUILD, "server", "index.js"))) buildBare();
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [join(BARE_DIR, "server.mjs"), BARE_BUILD, String(port)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    }),
  );
  await new Promise<void>((ok, fail) => {
    child.stdout!.once("data", () => ok());
    child.once("exit", (code) => fail(new Error(`the bare app exited (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stop(child) };
}

export type PersonalRoute = {
  key: string;
  label: string;
  /** The path and cookie of the next request. */
  next: () => { path: string; cookie?: string };
  /** The bare app's row, measured on its server. */
  bare?: boolean;
  /** Requests made once before the warm-up (each URL of a rotating route, as pages visited before). */
  prime?: { path: string; cookie?: string }[];
};

export type PersonalRow = { key: string; label: string; cpuMs: number; requests: number; ratio: number };

/** CPU per request of `route`, one connection, after a warm-up: the cost of one request. */
async function cpuPerRequest(route: PersonalRoute, origin: string, pid: number | undefined, seconds: number) {
  const request = (r: { path: string; cookie?: string }) => ({
    path: r.path,
    headers: { "accept-encoding": ACCEPT_ENCODING, ...(r.cookie ? { cookie: r.cookie } : {}) },
  });
  const run = (duration: number) =>
    autocannon({ url: origin, connections: 1, duration, requests: rotating(() => request(route.next())) });
  await prime(origin, (route.prime ?? []).map(request));
  await run(1);
  const cpu0 = cpuTime(pid);
  const r = await run(seconds);
  const cpu1 = cpuTime(pid);
  const requests = Object.values(r.statusCodeStats ?? {}).reduce((n, v) => n + (v.count ?? 0), 0);
  if (r.non2xx || r.errors) throw new Error(`${route.label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { cpuMs: (cpu1 - cpu0) / requests, requests };
}

/** Every row, the bare app's first; `ratio` is each row's CPU per request over the bare app's. */
export async function measurePersonal(
  routes: PersonalRoute[],
  shop: { origin: string; pid: number | undefined },
  bare: Bare,
  seconds: number,
): Promise<PersonalRow[]> {
  const rows: PersonalRow[] = [];
  for (const route of routes) {
    process.stdout.write(`  ${route.label} … `);
    const at = route.bare ? bare : shop;
    const m = await cpuPerRequest(route, at.origin, at.pid, seconds);
    rows.push({ key: route.key, label: route.label, ...m, ratio: NaN });
    console.log(`CPU ${m.cpuMs.toFixed(2)} ms/req over ${m.requests} requests`);
  }
  const base = rows.find((r) => r.key === "bare")!.cpuMs;
  for (const r of rows) r.ratio = r.cpuMs / base;
  return rows;
}

/**
 * The budgets on those rows: personal pages within 1.3× the bare page, a guest's kept page with a
 * cart 1.2× (issue #40); a guest's page rendered afresh, and kept, 1.5× (issue #52).
 */
export const PERSONAL_BUDGETS: Record<string, number> = {
  "shop-logged-in": 1.3,
  "product-logged-in": 1.3,
  "shop-guest-rendered": 1.2,
  "shop-guest-fresh": 1.5,
};
