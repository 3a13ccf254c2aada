// The faults the shop meets during the run, each on its own schedule: a web worker killed with
// SIGKILL (the primary starts another), the mail server in trouble for a while, and on the
// PostgreSQL run the database stopped and started again on the same port and data folder.
import { processesOf, type TestServer } from "../e2e/support/server";
import type { PgCluster } from "../support/pg-cluster";
import type { SmtpTrouble } from "../support/smtp";
import { type Journal, pick, sleep } from "./journal";

export type FaultCounts = { workersKilled: number; smtpWindows: Record<SmtpTrouble, number>; databaseRestarts: number };

/** Runs until `until`; `smtp` is read by the mail server on every connection and mail. */
export async function faults(
  journal: Journal,
  server: TestServer,
  smtp: { trouble: SmtpTrouble },
  cluster: PgCluster | null,
  runMs: number,
  until: () => boolean,
): Promise<FaultCounts> {
  const counts: FaultCounts = {
    workersKilled: 0,
    smtpWindows: { none: 0, "4xx": 0, "5xx": 0, drop: 0 },
    databaseRestarts: 0,
  };
  // A short run still meets each fault; a long one meets them often.
  const killEvery = runMs < 180_000 ? 12_000 : 20_000;
  const smtpEvery = runMs < 180_000 ? 20_000 : 45_000;
  const dbEvery = runMs < 180_000 ? 25_000 : 100_000;

  const killer = (async () => {
    while (!until()) {
      await sleep(killEvery * (0.5 + Math.random()));
      if (until()) break;
      const workers = processesOf(server).slice(1);
      if (workers.length === 0) continue;
      try {
        process.kill(pick(workers), "SIGKILL");
        counts.workersKilled++;
      } catch {
        // it died already
      }
    }
  })();

  const mail = (async () => {
    while (!until()) {
      await sleep(smtpEvery * (0.3 + 0.4 * Math.random()));
      if (until()) break;
      smtp.trouble = pick(["4xx", "5xx", "drop"] as const);
      counts.smtpWindows[smtp.trouble]++;
      await sleep(4_000 + Math.random() * 6_000);
      smtp.trouble = "none";
    }
  })();

  const database = (async () => {
    if (!cluster) return;
    while (!until()) {
      await sleep(dbEvery * (0.6 + 0.4 * Math.random()));
      if (until()) break;
      const outage: [number, number] = [Date.now(), Number.POSITIVE_INFINITY];
      journal.outages.push(outage);
      cluster.halt();
      await sleep(2_000 + Math.random() * 3_000);
      cluster.start();
      outage[1] = Date.now();
      counts.databaseRestarts++;
    }
  })();

  await Promise.all([killer, mail, database]);
  smtp.trouble = "none";
  return counts;
}
