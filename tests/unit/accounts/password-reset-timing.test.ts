// "Forgot password" answers after the same time whether or not the email has an account (issue
// #23), so its timing does not tell which emails are customers'. The account path does a little
// more (a transaction writing the reset row and its mail); the model waits out a floor above that.
// Medians of interleaved requests, with bounds as in login-timing.test.ts.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { testDb } from "../../support/db";

const raw = testDb(app);
const ATTEMPTS = 16;
const known = (i: number) => `reset-known-${i}@example.com`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(email: string, ip: string): Promise<number> {
  const started = performance.now();
  await requestPasswordReset(email, ip);
  return performance.now() - started;
}

describe("forgot-password timing", () => {
  beforeAll(async () => {
    for (let i = 0; i < ATTEMPTS + 1; i++) {
      await raw.run(
        "insert into users (id, name, email, phone, password_hash, is_admin) values (?, ?, ?, ?, ?, ?)",
        randomBytes(12).toString("hex"),
        "Timing Tester",
        known(i),
        "9876543210",
        "$2a$10$notarealhashnotarealhashnotarealhashnotarealhashnot",
        false,
      );
    }
  });

  it("a known email takes as long as an unknown one", async () => {
    await timed(known(ATTEMPTS), "10.9.0.1");
    await timed("warm-up@example.com", "10.9.0.2");
    expect(await raw.value("select cast(count(*) as integer) from mail_outbox")).toBe(1);

    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const pair = [
        async () => knownMs.push(await timed(known(i), `10.10.0.${i}`)),
        async () => unknownMs.push(await timed(`nobody-${i}@example.com`, `10.11.0.${i}`)),
      ];
      if (i % 2) pair.reverse();
      for (const attempt of pair) await attempt();
    }
    expect(await raw.value("select cast(count(*) as integer) from mail_outbox")).toBe(ATTEMPTS + 1);
    const ratio = median(unknownMs) / median(knownMs);
    const said = `unknown ${median(unknownMs).toFixed(1)} ms / known ${median(knownMs).toFixed(1)} ms`;
    expect(ratio, said).toBeGreaterThan(0.9);
    expect(ratio, said).toBeLessThan(1.1);
  });
});
