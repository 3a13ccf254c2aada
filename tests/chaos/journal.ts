// What the chaos run saw from the outside: every answer's status, the orders the shop
// acknowledged, the owner's stock edits and when the database was down. The ledger
// (ledger.ts) holds the shop to it.
import type { Client } from "../e2e/support/server";

/** How long a shopper waits for an answer. */
const TIMEOUT_MS = 20_000;

export type Ack = { id: string; via: "api" | "form"; key?: string };

export class Journal {
  readonly statuses = new Map<number, number>();
  /** 5xx answers: when the request began and ended, and what it was. */
  readonly serverErrors: { at: number; end: number; status: number; what: string }[] = [];
  /** Requests without an answer, by the cause's code (ECONNRESET: a killed worker; ECONNREFUSED: none listening). */
  readonly cutOff = new Map<string, number>();
  readonly acks: Ack[] = [];
  /** Per idempotency key or form token, the order ids its answers named (must be one). */
  readonly byKey = new Map<string, Set<string>>();
  /** The owner's stock edits per product: acknowledged value last, and later unacknowledged tries. */
  readonly stockEdits = new Map<string, { acked: number | null; unsure: number[] }>();
  /** [start, end] of each database outage, end = Infinity while it lasts. */
  readonly outages: [number, number][] = [];
  networkErrors = 0;
  /** Of those, answers that took longer than the client waits (TIMEOUT_MS). */
  timeouts = 0;
  requests = 0;
  retries = 0;

  /**
   * Whether a request from `at` to `end` overlaps an outage or the few seconds after one (the pool's
   * next connection): one begun just before the database stopped may meet it stopped.
   */
  databaseDownAt(at: number, end = at, graceMs = 3_000): boolean {
    return this.outages.some(([start, stop]) => end >= start && at <= stop + graceMs);
  }

  ack(ack: Ack): void {
    this.acks.push(ack);
    if (!ack.key) return;
    const ids = this.byKey.get(ack.key) ?? new Set();
    ids.add(ack.id);
    this.byKey.set(ack.key, ids);
  }

  /**
   * One request through `client`, counted; null when the connection failed (a killed worker) or
   * timed out. The body is read, so the answer is complete.
   */
  async call(
    client: Client,
    what: string,
    path: string,
    init: Parameters<Client["fetch"]>[1] = {},
  ): Promise<{ status: number; text: string; headers: Headers } | null> {
    this.requests++;
    const at = Date.now();
    try {
      const res = await client.fetch(path, { signal: AbortSignal.timeout(TIMEOUT_MS), ...init });
      const text = await res.text();
      this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500)
        this.serverErrors.push({ at, end: Date.now(), status: res.status, what: `${what} ${path.slice(0, 80)}` });
      return { status: res.status, text, headers: res.headers };
    } catch (error) {
      this.networkErrors++;
      this.noteCutOff(error);
      if ((error as Error).name === "TimeoutError") {
        this.timeouts++;
        console.log(`[chaos] no answer in ${TIMEOUT_MS / 1000} s: ${what} ${path.slice(0, 60)}`);
      }
      return null;
    }
  }

  noteCutOff(error: unknown): void {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = cause?.code ?? (error as { code?: string }).code ?? (error as Error).name;
    this.cutOff.set(code, (this.cutOff.get(code) ?? 0) + 1);
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
export const chance = (p: number) => Math.random() < p;
