// A failed login takes as long for an email that has an account as for one that has none (issue
// #20), so its time does not tell which emails are customers'. Medians of interleaved attempts;
// the bounds are wide enough for a loaded machine, and narrow enough to catch a path that skips
// bcrypt, which would be about 100 times faster.
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { attemptLogin } from "~/models/accounts/login.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)
const ATTEMPTS = 40;
const known = (i: number) => `known-${i}@example.com`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** How long one failed attempt takes, in ms. Each from its own address, so no limit is reached. */
async function timedFailure(email: string, ip: string): Promise<number> {
  const started = performance.now();
  const user = await attemptLogin(email, "wrong-password", ip);
  const took = performance.now() - started;
  expect(user, email).toBeNull();
  return took;
}

describe("login timing", () => {
  beforeAll(async () => {
    // One hash for every account, made as the app makes them (cost 10).
    const hash = bcrypt.hashSync("right-password", 10);
    for (let i = 0; i < ATTEMPTS; i++) {
      await raw.run(
        "insert into users (id, name, email, phone, password_hash, is_admin) values (?, ?, ?, ?, ?, ?)",
        randomBytes(12).toString("hex"),
        "Timing Tester",
        known(i),
        "9876543210",
        hash,
        false,
      );
    }
  });

  it("a wrong password for an account takes as long as any password for an unknown email", async () => {
    expect(await attemptLogin(known(0), "right-password", "10.0.0.1"), "the accounts are real").not.toBeNull();
    // Warm both paths first: the first calls compile code and prepare statements.
    await timedFailure(known(0), "10.0.0.2");
    await timedFailure("warm-up@example.com", "10.0.0.3");

    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      // Alternating which goes first, so a drift in the machine's load falls on both alike.
      const pair = [
        async () => knownMs.push(await timedFailure(known(i), `10.1.0.${i}`)),
        async () => unknownMs.push(await timedFailure(`nobody-${i}@example.com`, `10.2.0.${i}`)),
      ];
      if (i % 2) pair.reverse();
      for (const attempt of pair) await attempt();
    }
    const ratio = median(unknownMs) / median(knownMs);
    expect(ratio, `unknown ${median(unknownMs)} ms / known ${median(knownMs)} ms`).toBeGreaterThan(0.7);
    expect(ratio, `unknown ${median(unknownMs)} ms / known ${median(knownMs)} ms`).toBeLessThan(1.4);
  });
});
