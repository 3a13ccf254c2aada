// A separate OS process for tests/unit/platform/rate-limit-processes.test.ts, on the test file's database
// (DATABASE_PATH or DATABASE_URL): prints "ready", waits for a line on stdin, then hits `rule` for
// `key` `n` times and prints one JSON line, "ok" or "refused" for each hit, in order.
import { once } from "node:events";
import { closeDatabase } from "~/db/client.server";
import { hit, RateLimited, type RuleName } from "~/utils/rate-limit.server";

const [rule, key, n] = process.argv.slice(2) as [RuleName, string, string];
process.stdout.write("ready\n");
await once(process.stdin, "data");
const outcomes: string[] = [];
for (let i = 0; i < Number(n); i++) {
  try {
    await hit(rule, key);
    outcomes.push("ok");
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    outcomes.push("refused");
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
process.stdin.destroy();
// PostgreSQL's pool and listening connection would keep the process alive.
await closeDatabase();
