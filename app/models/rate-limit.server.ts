import { env } from "~/env.server";
import { apiError } from "./http.server";

// In-memory fixed windows: the shop runs as one process. RATE_LIMIT_FACTOR scales every limit
// (test suites of other features raise it; 0 is not allowed).
const factor = env.rateLimitFactor;

type Rule = { limit: number; windowMs: number; message: string };

export const RULES = {
  loginFailEmail: { limit: 10, windowMs: 60_000, message: "Too many failed logins for this email. Please wait a minute and try again." },
  loginFailIp: { limit: 10, windowMs: 60_000, message: "Too many failed logins. Please wait a minute and try again." },
  registerIp: { limit: 20, windowMs: 60 * 60_000, message: "Too many new accounts from your network. Please try again later." },
  review: { limit: 30, windowMs: 60_000, message: "You are posting reviews too fast. Please wait a minute." },
  order: { limit: 30, windowMs: 60_000, message: "Too many orders in a minute. Please wait and try again." },
} satisfies Record<string, Rule>;
export type RuleName = keyof typeof RULES;

const windows = new Map<string, { count: number; resetAt: number }>();

function bucket(rule: RuleName, key: string, now: number) {
  const id = `${rule}:${key}`;
  let w = windows.get(id);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + RULES[rule].windowMs };
    windows.set(id, w);
  }
  if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
  return w;
}

export class RateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/** Throws RateLimited when `key` is over the rule's limit; otherwise counts this hit. */
export function hit(rule: RuleName, key: string, now = Date.now()): void {
  const w = bucket(rule, key, now);
  if (w.count >= Math.ceil(RULES[rule].limit * factor)) throw new RateLimited(RULES[rule].message, Math.ceil((w.resetAt - now) / 1000));
  w.count++;
}

/** Throws RateLimited when over the limit, without counting (e.g. before checking a password). */
export function check(rule: RuleName, key: string, now = Date.now()): void {
  const w = bucket(rule, key, now);
  if (w.count >= Math.ceil(RULES[rule].limit * factor)) throw new RateLimited(RULES[rule].message, Math.ceil((w.resetAt - now) / 1000));
}

export function resetRateLimits(): void {
  windows.clear();
}

/** The JSON door's 429. */
export function tooMany(error: RateLimited): Response {
  const res = apiError(429, error.message);
  res.headers.set("Retry-After", String(error.retryAfter));
  return res;
}
