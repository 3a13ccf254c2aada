// The primary process of `npm start`: runs the start-up step once, then WEB_CONCURRENCY web
// workers behind one port (they share its listening socket; the kernel gives each new connection
// to a worker that is waiting for one), replaces
// a worker that dies, stops them all on SIGTERM/SIGINT, and on SIGHUP replaces them one at a
// time onto the build now on disk (a rolling restart), with no request refused.
import cluster, { type Worker } from "node:cluster";
import { env } from "~/env.server";

const log = (message: string) => console.log(message);

// Not Node's default on Linux (round-robin, where the primary accepts each connection and passes
// it to a worker): a connection passed to a worker the instant it dies stays open in the primary
// and its client waits forever (every kill -9 under load left some; docs/decisions/0001). Here
// workers accept from the shared socket themselves, so a dead one takes none, and the primary
// carries no traffic. Measured on this machine: the same throughput and an even split.
cluster.schedulingPolicy = cluster.SCHED_NONE;

/** Forks the start-up step (migrations, admin, seed) and waits for it: it runs the build on disk. */
function prepare(): Promise<void> {
  const step = cluster.fork({ SHOP_ROLE: "prepare" });
  return new Promise((resolve, reject) => {
    step.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`The start-up step failed (${signal ?? `exit ${code}`}).`)),
    );
  });
}

export async function runPrimary(): Promise<void> {
  // Here once, not in each worker that reads the same settings.
  for (const warning of env.startWarnings) console.warn(warning);
  const workers = new Set<Worker>();
  const retiring = new Set<Worker>();
  let stopping = false;
  let restarting = false;

  /** A new web worker, resolved once it listens. A worker that dies unasked is replaced. */
  function fork(): Promise<Worker> {
    const worker = cluster.fork({ SHOP_ROLE: "web" });
    const started = Date.now();
    workers.add(worker);
    worker.once("exit", (code, signal) => {
      workers.delete(worker);
      if (stopping || retiring.delete(worker)) return;
      log(`Worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another.`);
      // One that dies as it starts is retried after a pause, not in a tight loop.
      setTimeout(() => void fork().catch((e: Error) => log(e.message)), Date.now() - started < 5_000 ? 1_000 : 0);
    });
    return new Promise((resolve, reject) => {
      worker.once("listening", () => resolve(worker));
      worker.once("exit", () => reject(new Error(`Worker ${worker.process.pid} exited before it listened.`)));
    });
  }

  /** Asks a worker to finish its requests and exit; resolves when it has. */
  function retire(worker: Worker): Promise<void> {
    retiring.add(worker);
    return new Promise((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once("exit", () => resolve());
      worker.send("shutdown");
    });
  }

  try {
    await prepare();
    await Promise.all(Array.from({ length: env.workers }, fork));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    stopping = true;
    for (const worker of workers) worker.kill();
    process.exit(1);
  }
  log(
    `Candle shop listening on http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${env.port} with ${env.workers} worker${env.workers === 1 ? "" : "s"}`,
  );

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests`);
    await Promise.all([...workers].map(retire));
    log("Stopped.");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  process.on("SIGHUP", () => {
    if (restarting || stopping) return;
    restarting = true;
    log("SIGHUP: replacing the workers one at a time");
    void (async () => {
      try {
        await prepare();
        for (const old of [...workers]) {
          // The new one listens before the old one stops taking connections.
          await fork();
          await retire(old);
        }
        log(`Rolling restart done: ${workers.size} new workers.`);
      } catch (error) {
        log(`Rolling restart stopped: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        restarting = false;
      }
    })();
  });
}
