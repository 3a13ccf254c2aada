import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptLogin } from "~/utils/auth.server";
import { RateLimited, resetRateLimits, RULES } from "~/utils/rate-limit.server";

const root = fileURLToPath(new URL("../..", import.meta.url));
const worker = fileURLToPath(new URL("./rate-limit-worker.ts", import.meta.url));

/** Starts a worker process (tsx) on this test file's database; resolves once it is loaded. */
async function start(rule: string, key: string, n: number) {
  const child = spawn(process.execPath, ["--import", "tsx", worker, rule, key, String(n)], {
    cwd: root,
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => (out += chunk));
  const exited = once(child, "exit");
  while (!out.startsWith("ready\n")) {
    await Promise.race([
      once(child.stdout!, "data"),
      exited.then(() => Promise.reject(new Error("worker exited before it was ready"))),
    ]);
  }
  return {
    go: () => child.stdin!.write("go\n"),
    /** The worker's outcomes: "ok" or "refused" for each hit. */
    outcomes: async () => {
      const [code] = await exited;
      expect(code).toBe(0);
      return JSON.parse(out.slice("ready\n".length)) as string[];
    },
  };
}

const run = async (rule: string, key: string, n: number) => {
  const w = await start(rule, key, n);
  w.go();
  return w.outcomes();
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
    const outcomes = [...(await a.outcomes()), ...(await b.outcomes())];
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(RULES.loginFailEmail.limit);
  }, 60_000);
});
