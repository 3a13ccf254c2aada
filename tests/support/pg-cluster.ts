// A throwaway PostgreSQL cluster for tests (docs: ../shared/stack-notes.md, "PostgreSQL here"):
// initdb in a temp folder, trust auth, loopback only, a free port, stopped with its folder. As
// root (CI) every command runs as the `postgres` user, since PostgreSQL refuses to run as root.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type PgCluster = {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops the server (pg_ctl stop -m fast: sessions are ended) and keeps its data, to `start` again. */
  halt(): void;
  /** Starts a halted server again, on the same port and data folder. */
  start(): void;
};

/** Debian's server binaries (/usr/lib/postgresql/<major>/bin, not on PATH), newest first; null when absent. */
export function pgBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], "bin") : null;
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, tool: string, args: string[]): void {
  const [cmd, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]]
    : [join(bin, tool), args];
  // From /: the postgres user may not be allowed into the working directory.
  const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: "/" });
  if (r.status !== 0)
    throw new Error(`${tool} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.stdout || r.error}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Clusters still running when the process exits (a test that timed out before its afterAll):
// a cluster outlives its test process otherwise, postgres being a daemon of its own.
const running = new Set<() => void>();
process.once("exit", () => running.forEach((stop) => stop()));

/** Starts a cluster holding an empty database `shop`; `url` names it. `settings` are more `-c name=value`s. */
export async function startPgCluster({
  settings = {},
}: { settings?: Record<string, string | number> } = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin)
    throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "candle-pg-"));
  if (asRoot) chownSync(dir, Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()), 0);
  const data = join(dir, "data");
  const port = await freePort();
  // A test database: nothing needs to survive a crash, so no fsync and no waiting for the WAL.
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${extra.join("")}`;
  try {
    // C.UTF-8: ILIKE and pg_trgm fold non-ASCII letters too, as SQLite's trigram index does.
    run(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    run(bin, "pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "start"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stopNow = () => {
    if (!running.delete(stopNow)) return; // stopped already
    run(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    rmSync(dir, { recursive: true, force: true });
  };
  running.add(stopNow);
  let halted = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/shop`,
    port,
    async stop() {
      if (halted) {
        // Already down: only its folder is left.
        running.delete(stopNow);
        rmSync(dir, { recursive: true, force: true });
      } else stopNow();
    },
    halt() {
      run(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      halted = true;
    },
    start() {
      run(bin, "pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "start"]);
      halted = false;
    },
  };
  try {
    run(bin, "createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "shop"]);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/**
 * Creates another empty database on `cluster` (one per test file) and returns its URL. Takes the
 * cluster's address only, so a test process can use a cluster another process started.
 */
export function createPgDatabase(cluster: Pick<PgCluster, "url" | "port">, name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  run(pgBinDir()!, "createdb", ["-h", "127.0.0.1", "-p", String(cluster.port), "-U", "postgres", name]);
  return cluster.url.replace(/\/shop$/, `/${name}`);
}
