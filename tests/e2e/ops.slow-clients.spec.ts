// Slow clients (issue #20): headers sent a byte at a time (slowloris) and bodies trickled hold a
// socket each, never a worker. Against a server of our own with two workers and short timeouts
// (HEADERS_TIMEOUT=4, REQUEST_TIMEOUT=7 seconds), so that the test sees the server close them.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { connectionsByWorker, processesOf, rawRequest, runsHere, startServer, type TestServer } from "./support/server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");

const HEADERS_TIMEOUT_S = 4;
const REQUEST_TIMEOUT_S = 7;

let server: TestServer;

test.beforeAll(async ({}, testInfo) => {
  if (!runsHere(testInfo)) return;
  server = await startServer({
    env: { HEADERS_TIMEOUT: String(HEADERS_TIMEOUT_S), REQUEST_TIMEOUT: String(REQUEST_TIMEOUT_S) },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

type Slow = {
  socket: Socket;
  openedAt: number;
  /** Resolves once the server has closed the connection: when, and what it answered. */
  closed: Promise<{ at: number; answer: string }>;
};

/** A connection that sends `head` now and then one byte of `drip` every 100 ms, for ever. */
function slowClient(port: number, head: string, drip: string): Slow {
  const socket = connect(port, "127.0.0.1");
  const openedAt = Date.now();
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  // The server closing on a client that is still writing may reset it: the close is the outcome.
  socket.on("error", () => {});
  socket.write(head);
  let sent = 0;
  const timer = setInterval(() => socket.write(drip[sent++ % drip.length]!), 100);
  const closed = new Promise<{ at: number; answer: string }>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ at: Date.now(), answer: Buffer.concat(chunks).toString("latin1") });
    }),
  );
  return { socket, openedAt, closed };
}

/**
 * How many established connections on `port` each of the server's workers holds, read from
 * /proc: the worker's socket inodes, matched with the kernel's table of TCP connections.
 */
function heldByWorker(target: TestServer): Map<number, number> {
  const portHex = target.port.toString(16).toUpperCase().padStart(4, "0");
  const established = new Set(
    readFileSync("/proc/net/tcp", "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f[1]?.endsWith(`:${portHex}`) && f[3] === "01")
      .map((f) => f[9]),
  );
  const held = new Map<number, number>();
  for (const pid of processesOf(target).slice(1)) {
    const inodes = readdirSync(`/proc/${pid}/fd`).map((fd) => socketInode(`/proc/${pid}/fd/${fd}`));
    held.set(pid, inodes.filter((inode) => inode !== undefined && established.has(inode)).length);
  }
  return held;
}

/** The inode of the socket that file descriptor link `path` names, if it names one. */
function socketInode(path: string): string | undefined {
  try {
    return /^socket:\[(\d+)\]$/.exec(readlinkSync(path))?.[1];
  } catch {
    return undefined; // closed meanwhile
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test("50 slowloris connections and 10 trickled bodies: every worker still answers at once, and the server closes them at its timeouts", async () => {
  const workers = processesOf(server).slice(1);
  const agents = await connectionsByWorker(server);
  const host = `Host: 127.0.0.1:${server.port}\r\n`;

  // Headers that never end, then bodies that never end. Connections are opened until each worker
  // holds some of the slow ones (the kernel gives each to whichever worker takes it first).
  const slowHeaders: Slow[] = [];
  const slowBodies: Slow[] = [];
  const held = () => heldByWorker(server);
  while (slowHeaders.length < 50 || [...held().values()].some((n) => n < 11)) {
    if (slowHeaders.length >= 200) break;
    slowHeaders.push(slowClient(server.port, `GET / HTTP/1.1\r\n${host}X-Slow: `, "abcdefgh"));
    await new Promise((r) => setTimeout(r, 5));
  }
  for (let i = 0; i < 10; i++) {
    slowBodies.push(
      slowClient(
        server.port,
        `POST /api/auth/login HTTP/1.1\r\n${host}Origin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"`,
        "a",
      ),
    );
  }
  const allSlow = [...slowHeaders, ...slowBodies];
  let closedSoFar = 0;
  for (const slow of allSlow) void slow.closed.then(() => closedSoFar++);
  await new Promise((r) => setTimeout(r, 300));
  const heldNow = held();
  for (const pid of workers)
    expect(heldNow.get(pid), `slow connections held by worker ${pid}`).toBeGreaterThanOrEqual(10);

  // Each worker answers a normal request while every slow connection is open.
  for (const [pid, agent] of agents) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await rawRequest(`${server.url}/healthz`, { agent });
      times.push(performance.now() - started);
      expect(res.status, `worker ${pid}`).toBe(200);
    }
    // A worker the slow connections held would answer only at their timeouts, seconds later; a
    // second tells that apart from a healthy worker waiting for a busy machine's CPU (speed is
    // the bench's: ops.request-fuzz.spec's 200 ms limit failed on such a machine).
    expect(median(times), `worker ${pid}'s median answer, in ms`).toBeLessThan(1_000);
    agent.destroy();
  }
  expect(closedSoFar, "slow connections closed before the normal requests were answered").toBe(0);

  // The server closes them, each no sooner than its timeout: 408 once the headers are late, and
  // once the whole request is.
  let guard: NodeJS.Timeout | undefined;
  const hangGuard = new Promise<null>((r) => (guard = setTimeout(() => r(null), (REQUEST_TIMEOUT_S + 15) * 1000)));
  const closes = await Promise.race([Promise.all(allSlow.map((slow) => slow.closed)), hangGuard]);
  clearTimeout(guard);
  expect(closes, "every slow connection closed by the server").not.toBeNull();
  allSlow.forEach((slow, i) => {
    const [kind, timeout] = i < slowHeaders.length ? ["headers", HEADERS_TIMEOUT_S] : ["body", REQUEST_TIMEOUT_S];
    const { at, answer } = closes![i]!;
    expect(at - slow.openedAt, `slow ${kind} #${i}: closed after, in ms`).toBeGreaterThanOrEqual(timeout * 1000);
    expect(answer, `slow ${kind} #${i}: the answer`).toMatch(/^HTTP\/1\.1 408 /);
  });

  // No worker died for it, and the shop answers.
  expect(processesOf(server).slice(1).sort()).toEqual([...workers].sort());
  expect((await rawRequest(`${server.url}/healthz`, {})).status).toBe(200);
});
