import { beforeEach, describe, expect, it } from "vitest";
import { check, hit, RateLimited, resetRateLimits, RULES } from "~/models/rate-limit.server";

describe("rate limits (RATE_LIMIT_FACTOR unset: the real limits)", () => {
  beforeEach(() => resetRateLimits());

  it("lets the limit through, then answers RateLimited with the rule's message and a retry time", () => {
    const t = 1_000_000;
    for (let i = 0; i < RULES.review.limit; i++) hit("review", "user-1", t);
    let error: unknown;
    try {
      hit("review", "user-1", t + 1000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).message).toBe(RULES.review.message);
    expect((error as RateLimited).retryAfter).toBe(59);
    // Other users and other rules are not affected.
    expect(() => hit("review", "user-2", t)).not.toThrow();
    expect(() => hit("order", "user-1", t)).not.toThrow();
  });

  it("a new window starts after the old one ends", () => {
    const t = 5_000_000;
    for (let i = 0; i < RULES.order.limit; i++) hit("order", "u", t);
    expect(() => hit("order", "u", t + 59_999)).toThrow(RateLimited);
    expect(() => hit("order", "u", t + 60_000)).not.toThrow();
  });

  it("check() refuses without counting", () => {
    const t = 9_000_000;
    for (let i = 0; i < 100; i++) check("loginFailEmail", "a@b.co", t);
    for (let i = 0; i < RULES.loginFailEmail.limit; i++) hit("loginFailEmail", "a@b.co", t);
    expect(() => check("loginFailEmail", "a@b.co", t)).toThrow(RateLimited);
  });

  it("uses the limits the README promises", () => {
    expect([RULES.loginFailEmail.limit, RULES.loginFailIp.limit, RULES.registerIp.limit, RULES.review.limit, RULES.order.limit]).toEqual([10, 10, 20, 30, 30]);
    expect(RULES.registerIp.windowMs).toBe(3_600_000);
  });
});
