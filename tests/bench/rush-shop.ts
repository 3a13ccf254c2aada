// The shop's side of bench:rush (issue #52): the catalogue a shopper browses and orders from, a mail
// server that notes each confirmation with its invoice, and the two doors an order comes through.
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { ACCEPT_ENCODING, type Server } from "./lib";
import { BENCH_STOCK } from "./seed-large";

const ADDRESS = { address: "12 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="));

/** The catalogue's pages a shopper browses, and the products an order may take (stock that never runs out). */
export function catalogue(dbPath: string) {
  const db = new Database(dbPath, { readonly: true });
  const ids = (db.prepare("select id from products where deleted_at is null").all() as { id: string }[]).map(
    (r) => r.id,
  );
  // Products without sizes whose stock never runs out in a run: an order's line is one of them.
  const stocked = (
    db
      .prepare(
        `select p.id from products p where p.deleted_at is null and p.stock >= ?
           and not exists (select 1 from product_sizes s where s.product_id = p.id and s.deleted_at is null)`,
      )
      .all(BENCH_STOCK) as { id: string }[]
  ).map((r) => r.id);
  db.close();
  return { pages: ["/", "/shop", ...ids.map((id) => `/product/${id}`)], stocked };
}

/**
 * A real SMTP server that notes, per mail, its recipients when it carries a PDF (the invoice).
 * Unlike tests/support/smtp.ts it parses nothing: mailparser in the bench's process would take
 * CPU from the shop it measures.
 */
export type MailSink = { url: string; withInvoice: Set<string>; close(): Promise<void> };
export async function startMailSink(): Promise<MailSink> {
  const withInvoice = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let pdf = false;
      let tail = "";
      stream.on("data", (chunk: Buffer) => {
        const text = tail + chunk.toString("latin1");
        if (/content-type:\s*application\/pdf/i.test(text)) pdf = true;
        tail = text.slice(-64);
      });
      stream.on("end", () => {
        if (pdf) for (const r of session.envelope.rcptTo) withInvoice.add(r.address);
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    withInvoice,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type Outcome = { i: number; ms: number; door: "json" | "form"; ok: boolean; why?: string };

/** One order through the JSON door: what the API's client waits for. */
export async function orderByApi(origin: string, cookie: string, product: string, i: number): Promise<Outcome> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie, "Accept-Encoding": ACCEPT_ENCODING },
    body: JSON.stringify({
      contact: { name: `Rush Buyer ${i}`, email: `rush${i}@bench.test`, phone: "9876543210" },
      shippingAddress: ADDRESS,
      items: [{ product, qty: 1 }],
      paymentMethod: "COD",
    }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  return res.status === 201
    ? { i, ms, door: "json", ok: true }
    : { i, ms, door: "json", ok: false, why: `${res.status} ${text.slice(0, 120)}` };
}

/** One order through the checkout form, JS off: the cart, the checkout page, then Place Order (timed). */
export async function orderByForm(origin: string, session: string, product: string, i: number): Promise<Outcome> {
  const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: origin };
  const added = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { ...form, Cookie: session },
    body: new URLSearchParams({ intent: "add", productId: product, qty: "1" }),
  });
  await added.arrayBuffer();
  const cookie = [session, ...cookiesOf(added).filter((c) => !c.startsWith("__session="))].join("; ");
  const page = await fetch(`${origin}/checkout`, { headers: { Cookie: cookie, "Accept-Encoding": ACCEPT_ENCODING } });
  const html = await page.text();
  const token = /name="orderToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) return { i, ms: 0, door: "form", ok: false, why: `checkout page ${page.status} without its token` };
  const started = performance.now();
  const placed = await fetch(`${origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { ...form, Cookie: cookie },
    body: new URLSearchParams({
      name: `Rush Buyer ${i}`,
      email: `rush${i}@bench.test`,
      phone: "9876543210",
      ...ADDRESS,
      intent: "place",
      orderToken: token,
    }),
  });
  const body = await placed.text();
  const ms = performance.now() - started;
  const location = placed.headers.get("location") ?? "";
  return placed.status === 302 && location.includes("/thank-you?o=")
    ? { i, ms, door: "form", ok: true }
    : {
        i,
        ms,
        door: "form",
        ok: false,
        why: `${placed.status} ${location || body.replace(/\s+/g, " ").slice(0, 120)}`,
      };
}

/** Orders at `rate` a second for `duration` s, arriving on schedule whatever the answers (an open loop). */
export async function orderFlow(
  servers: Server[],
  sessions: string[],
  stocked: string[],
  rate: number,
  duration: number,
  counter: { n: number },
): Promise<Outcome[]> {
  if (rate === 0) return [];
  const pending: Promise<Outcome>[] = [];
  const started = performance.now();
  for (let k = 0; k < rate * duration; k++) {
    const wait = started + (k * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const i = counter.n++;
    const origin = servers[i % servers.length]!.origin;
    const session = sessions[i % sessions.length]!;
    const product = stocked[(i * 7919) % stocked.length]!;
    pending.push(
      (i % 2 === 0 ? orderByApi(origin, session, product, i) : orderByForm(origin, session, product, i)).catch(
        (error: unknown) => ({ i, ms: 0, door: "json" as const, ok: false, why: String(error) }),
      ),
    );
  }
  return Promise.all(pending);
}

/** Waits (a minute at most) for the phase's late mails, so the next phase does not pay for them. */
export async function drained(smtp: MailSink, ok: Outcome[]): Promise<{ drainS: number }> {
  const started = performance.now();
  const want = new Set(ok.map((o) => `rush${o.i}@bench.test`));
  while (performance.now() - started < 60_000) {
    for (const to of want) if (smtp.withInvoice.has(to)) want.delete(to);
    if (want.size === 0) break;
    await sleep(100);
  }
  return { drainS: (performance.now() - started) / 1000 };
}
