// The ledger at the end of a chaos run: what the shop acknowledged, held against what it stored,
// the stock it took, the mail that reached the mail server and every answer it gave. Each line is
// a figure; a dirty one says what is wrong.
import { connectionsByWorker, dbHealth, type TestServer, rawRequest, ordersWithoutLines } from "../e2e/support/server";
import type { TestDb } from "../support/db";
import type { Received } from "../support/smtp";
import type { Journal } from "./journal";

export type Baseline = { stock: Map<string, number>; ownerProducts: string[]; ordersBefore: Set<string> };
export type Line = { ok: boolean; text: string };

const bare = (messageId: string) => messageId.trim().replace(/^<|>$/g, "");

export async function ledger(
  journal: Journal,
  server: TestServer,
  db: TestDb,
  received: Received[],
  baseline: Baseline,
  workers: number,
): Promise<Line[]> {
  const lines: Line[] = [];
  const check = (ok: boolean, text: string) => lines.push({ ok, text });

  // Orders: every acknowledged one stored once, with its lines; a key or form token is one order.
  const ackIds = [...new Set(journal.acks.map((a) => a.id))];
  const stored = new Set<string>();
  for (let i = 0; i < ackIds.length; i += 500) {
    const slice = ackIds.slice(i, i + 500);
    const rows = await db.all<{ id: string }>(
      `select id from orders where id in (${slice.map(() => "?").join(",")})`,
      ...slice,
    );
    for (const r of rows) stored.add(r.id);
  }
  const missing = ackIds.filter((id) => !stored.has(id));
  const lineless = await ordersWithoutLines(
    db,
    ackIds.filter((id) => stored.has(id)),
  );
  const splitKeys = [...journal.byKey.values()].filter((ids) => ids.size > 1).length;
  const byDoor = (via: string) => journal.acks.filter((a) => a.via === via).length;
  check(
    missing.length === 0 && lineless.length === 0 && splitKeys === 0,
    `orders acknowledged: ${ackIds.length} (API ${byDoor("api")}, forms ${byDoor("form")}; ${journal.retries} retries); missing ${missing.length}, without lines ${lineless.length}, keys answered with two orders ${splitKeys}`,
  );
  const all = await db.all<{ id: string; stock_returned: number | boolean }>("select id, stock_returned from orders");
  const placed = all.filter((o) => !baseline.ordersBefore.has(o.id));
  check(
    true,
    `orders in the database: ${placed.length} placed during the run (${placed.length - ackIds.length} of them never acknowledged: lost answers, hostile ones)`,
  );

  // Stock: each product's fall is the sum of its orders' lines, net of cancellations given back.
  const taken = await db.all<{ product_id: string; qty: number }>(
    "select i.product_id, sum(i.qty) as qty from order_items i join orders o on o.id = i.order_id where o.stock_returned = false group by i.product_id",
  );
  const before = new Set(baseline.ordersBefore);
  const takenBefore = before.size
    ? await db.all<{ product_id: string; qty: number }>(
        `select i.product_id, sum(i.qty) as qty from order_items i join orders o on o.id = i.order_id where o.stock_returned = false and o.id in (${[...before].map(() => "?").join(",")}) group by i.product_id`,
        ...before,
      )
    : [];
  const takenOf = (rows: { product_id: string; qty: number }[], id: string) =>
    Number(rows.find((r) => r.product_id === id)?.qty ?? 0);
  const stockNow = new Map(
    (await db.all<{ id: string; stock: number }>("select id, stock from products")).map((p) => [p.id, Number(p.stock)]),
  );
  const wrongStock: string[] = [];
  let units = 0;
  for (const [id, start] of baseline.stock) {
    const expected = start - (takenOf(taken, id) - takenOf(takenBefore, id));
    units += takenOf(taken, id) - takenOf(takenBefore, id);
    if (stockNow.get(id) !== expected) wrongStock.push(`${id}: ${stockNow.get(id)} not ${expected}`);
  }
  for (const id of baseline.ownerProducts) {
    const edits = journal.stockEdits.get(id);
    const allowed = [edits?.acked ?? baseline.stock.get(id) ?? stockNow.get(id), ...(edits?.unsure ?? [])];
    if (!allowed.includes(stockNow.get(id)))
      wrongStock.push(`${id} (owner's): ${stockNow.get(id)} not ${allowed.join(" or ")}`);
    if (takenOf(taken, id) !== takenOf(takenBefore, id)) wrongStock.push(`${id} (owner's) was ordered`);
  }
  const edits = [...journal.stockEdits.values()].filter((e) => e.acked !== null).length;
  check(
    wrongStock.length === 0,
    `stock: ${units} units taken over ${baseline.stock.size} products match their order lines; ${edits} owner-edited products hold their last edit${wrongStock.length ? `; WRONG: ${wrongStock.join("; ")}` : ""}`,
  );

  // Mail: every order's confirmation at the mail server, under the Message-ID its outbox row keeps.
  const confirmations = await db.all<{ order: string; message_id: string; attempts: number; status: string }>(
    "select invoice_order_id as \"order\", message_id, attempts, status from mail_outbox where kind = 'order-confirmation'",
  );
  const outboxIds = new Set(
    (await db.all<{ message_id: string }>("select message_id from mail_outbox")).map((m) => bare(m.message_id)),
  );
  const got = new Map<string, number>();
  for (const r of received)
    if (r.mail.messageId) got.set(bare(r.mail.messageId), (got.get(bare(r.mail.messageId)) ?? 0) + 1);
  const placedIds = new Set(placed.map((o) => o.id));
  const ofRun = confirmations.filter((c) => placedIds.has(c.order));
  const withoutRow = [...placedIds].filter((id) => !ofRun.some((c) => c.order === id));
  const unsent = ofRun.filter((c) => !got.has(bare(c.message_id)));
  const strangers = [...got.keys()].filter((id) => !outboxIds.has(id));
  const repeats = [...got.values()].filter((n) => n > 1).length;
  const retried = ofRun.filter((c) => c.attempts > 1).length;
  check(
    withoutRow.length === 0 && unsent.length === 0 && strangers.length === 0,
    `mail: ${ofRun.length} confirmations, ${ofRun.length - unsent.length} received (${retried} after a retry or a resend, ${repeats} received more than once, same Message-ID); orders without one ${withoutRow.length}, not received ${unsent.length}${
      unsent.length
        ? ` (${unsent
            .slice(0, 5)
            .map((u) => `${u.message_id} ${u.status}`)
            .join(", ")})`
        : ""
    }, Message-IDs not in the outbox ${strangers.length}; ${received.length} mails in all`,
  );

  // Answers: no 5xx but a 503 while the database was down, as the clients saw them and as the server logged them.
  const clientBad = journal.serverErrors.filter((e) => e.status !== 503 || !journal.databaseDownAt(e.at, e.end));
  const logged = server
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { t: string; ms: number; method: string; path: string; status: number });
  const serverBad = logged.filter(
    (l) => l.status >= 500 && (l.status !== 503 || !journal.databaseDownAt(Date.parse(l.t) - l.ms, Date.parse(l.t))),
  );
  const histogram = [...journal.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  check(
    clientBad.length === 0 && serverBad.length === 0,
    `answers: ${journal.requests} requests (${histogram}; ${journal.networkErrors} without an answer: ${[...journal.cutOff].map(([c, n]) => `${c}×${n}`).join(" ")}); 503 while the database was down ${journal.serverErrors.length - clientBad.length}; other 5xx ${clientBad.length} seen, ${serverBad.length} logged${clientBad.length + serverBad.length ? `: ${[...clientBad.map((e) => `${e.status} ${e.what}`), ...serverBad.map((l) => `${l.status} ${l.method} ${l.path}`)].slice(0, 8).join("; ")}` : ""}`,
  );

  // Workers: the run's SIGKILLs, and any other death, which is a crash unless the worker was still
  // starting (one cannot open its database while PostgreSQL is down; the primary tries again).
  const out = server.stdout();
  const killed = out.match(/Worker \d+ died \(SIGKILL\)/g)?.length ?? 0;
  const otherDeaths = out.match(/Worker \d+ died \((?!SIGKILL)[^)]*\)/g)?.length ?? 0;
  const startFailures = out.match(/exited before it listened/g)?.length ?? 0;
  check(
    otherDeaths <= startFailures,
    `workers: ${killed} killed by the run and replaced; ${startFailures} replacements failed to start (database down) and were tried again; ${Math.max(0, otherDeaths - startFailures)} crashed`,
  );

  // The end: every worker answers /healthz, and the database is sound.
  let healthy = 0;
  try {
    for (const agent of (await connectionsByWorker(server, workers)).values()) {
      if ((await rawRequest(`${server.url}/healthz`, { agent })).status === 200) healthy++;
      agent.destroy();
    }
  } catch {
    // fewer workers than expected: counted below
  }
  const health = await dbHealth(db);
  check(
    healthy === workers && health.integrity === "ok" && health.ordersWithoutItems === 0,
    `workers answering /healthz: ${healthy} of ${workers}; database integrity ${health.integrity}, orders without lines ${health.ordersWithoutItems}`,
  );
  return lines;
}
