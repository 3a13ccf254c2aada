import { beforeEach, describe, expect, it } from "vitest";
import { attemptLogin } from "~/models/accounts/login.server";
import { RateLimited, resetRateLimits, RULES } from "~/utils/rate-limit.server";
import { startWorker } from "../../support/workers/worker-process";

/** A process hitting the rate limits on this test file's database; result(): "ok" or "refused" per hit. */
const start = (rule: string, key: string, n: number) =>
  startWorker<string[]>("./rate-limit-worker.ts", [rule, key, String(n)]);

const run = async (rule: string, key: string, n: number) => {
  const w = await start(rule, key, n);
  w.go();
  return w.result();
};

// The shop runs as one worker process per core over one database file: a limit must hold for
// all of them together, not once per process.
describe("rate limits are shared by every process on the database", () => {
  beforeEach(() => resetRateLimits());

  it("6 failed logins counted in one process and 5 in another: the 11th is refused, and a third process refuses the next login", async () => {
    const ip = "203.0.113.7";
    expect(await run("loginFailIp", ip, 6)).toEqual(Array(6).fill("ok"));
    expect(await run("loginFailIp", ip, 5)).toEqual([...Array(4).fill("ok"), "refused"]);
    // This (vitest) process is a third one: the login is refused before the password is checked.
    const error = await attemptLogin("someone@example.com", "wrong-password", ip).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).message).toBe(RULES.loginFailIp.message);
  }, 60_000);

  it("two processes hitting at the same time let exactly the limit through between them", async () => {
    const [a, b] = await Promise.all([
      start("loginFailEmail", "race@example.com", 40),
      start("loginFailEmail", "race@example.com", 40),
    ]);
    a.go();
    b.go();
    const outcomes = [...(await a.result()), ...(await b.result())];
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(RULES.loginFailEmail.limit);
  }, 60_000);
});
