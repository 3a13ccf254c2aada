// The outbox end to end (issue #23): an order placed through the model writes its mails in its own
// transaction; a sender hands them to a real SMTP server in this process; a server that is down
// delays the mail, never the order; two sender processes never send one mail twice.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import { formatPaise } from "~/lib/money";
import { createUser } from "~/models/accounts/users.server";
import { OrderMailSender } from "~/models/flows/order-mail-sender.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { emlDelivery, smtpDelivery } from "~/models/mail/delivery.server";
import { claimDueMails } from "~/models/mail/outbox.server";
import { getOrderFor } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";
import { pdfText } from "../../support/pdf-text";
import { freePort, startSmtp, type TestSmtp, waitUntil } from "../../support/smtp";
import { startWorker } from "../../support/workers/worker-process";

vi.hoisted(() => {
  process.env.SHOP_OWNER_EMAIL = "owner@rkcandles.in";
  process.env.PUBLIC_URL = "https://shop.example.in";
});

const raw = testDb(app);

const contact = { name: "आशा Rao", email: "asha@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

let userId: string;
let product: string;
beforeAll(async () => {
  userId = (
    await createUser({ name: "Asha", email: "asha-mail@example.com", phone: "9876543210", password: "secret1" })
  ).id;
  product = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, 'Sandalwood Jar', 49900, 1000)", product);
});

const order = () => placeOrder(userId, { contact, shippingAddress, items: [{ product, qty: 2 }] });
const mailsOf = (orderId: string) =>
  raw.all<{ kind: string; status: string; attempts: number; message_id: string; last_error: string | null }>(
    "select kind, status, attempts, message_id, last_error from mail_outbox where invoice_order_id = ? or text_body like ? order by kind",
    orderId,
    `%${orderId}%`,
  );

const servers: TestSmtp[] = [];
async function smtp(port?: number, refuse?: string[]) {
  const s = await startSmtp(port, refuse);
  servers.push(s);
  return s;
}
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  // Each test starts with an empty outbox.
  await raw.run("delete from mail_outbox");
});

describe("the outbox", () => {
  it("an order's confirmation (invoice attached) and the owner's alert arrive over SMTP", async () => {
    const { id } = await order();
    const rows = await mailsOf(id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["order-alert", "pending"],
      ["order-confirmation", "pending"],
    ]);

    const server = await smtp();
    const sender = new OrderMailSender({ deliver: smtpDelivery(server.url) });
    expect(await sender.runOnce()).toBe(2);
    await sender.stop();

    const number = `#${id.slice(-6)}`;
    const total = formatPaise(2 * 49_900 + 4_900);
    const confirmation = server.received.find((r) => r.rcptTo.includes("asha@example.com"))!;
    expect(confirmation.rcptTo).toEqual(["asha@example.com"]);
    const mail = confirmation.mail;
    expect(mail.to).toMatchObject({ value: [{ address: "asha@example.com", name: "आशा Rao" }] });
    expect(mail.from).toMatchObject({ value: [{ address: env.mail.from.match(/<(.+)>/)![1], name: "RK Candles" }] });
    expect(mail.subject).toBe(`Your RK Candles order ${number} is confirmed`);
    expect(mail.text).toContain(number);
    expect(mail.text).toContain(total);
    expect(mail.text).toContain("https://shop.example.in/orders");
    expect(mail.html).toContain(total);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe("application/pdf");
    expect(pdf!.filename).toBe(`invoice-${id.slice(-6)}.pdf`);
    const pdfWords = await pdfText(pdf!.content);
    expect(pdfWords).toContain(number);
    expect(pdfWords).toContain("Sandalwood Jar");

    const alert = server.received.find((r) => r.rcptTo.includes("owner@rkcandles.in"))!.mail;
    expect(alert.subject).toContain(number);
    expect(alert.text).toContain(`https://shop.example.in/admin/orders/${id}`);
    expect(alert.text).toContain(total);

    const sent = await mailsOf(id);
    expect(sent.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(server.received.map((r) => r.mail.messageId).sort()).toEqual(sent.map((r) => r.message_id).sort());
  });

  it("with the SMTP server down the order succeeds at once; its mails arrive once the server is up", async () => {
    const port = await freePort();
    let clock = Date.now() + 1_000;
    const sender = new OrderMailSender({
      deliver: smtpDelivery(`smtp://127.0.0.1:${port}`),
      now: () => clock,
      baseDelayMs: 60_000,
    });
    const started = performance.now();
    const { id } = await order();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await getOrderFor({ id: userId, isAdmin: false }, id)).not.toBeNull();

    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await sender.runOnce()).toBe(2);
    const failed = await mailsOf(id);
    expect(failed.map((r) => [r.status, r.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
    ]);
    expect(failed[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const server = await smtp(port);
    // Not before its back-off is over (no real waiting: the sender's clock is moved).
    expect(await sender.runOnce()).toBe(0);
    clock += 60_000;
    expect(await sender.runOnce()).toBe(2);
    await sender.stop();
    expect(server.received).toHaveLength(2);
    const sent = await mailsOf(id);
    expect(sent.map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
    expect(server.received.map((r) => r.mail.messageId).sort()).toEqual(sent.map((r) => r.message_id).sort());
  });

  it("backs off exponentially and gives up after a day, marking the mail failed", async () => {
    const port = await freePort();
    let clock = Date.now() + 1_000;
    const sender = new OrderMailSender({ deliver: smtpDelivery(`smtp://127.0.0.1:${port}`), now: () => clock });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { id } = await order();
    const due = () =>
      raw.value<number>("select min(next_attempt_at) from mail_outbox where invoice_order_id = ?", id).then(Number);
    expect(await sender.runOnce()).toBe(2);
    expect((await due()) - clock).toBe(60_000);
    clock += 60_000;
    expect(await sender.runOnce()).toBe(2);
    expect((await due()) - clock).toBe(120_000);
    clock += 24 * 60 * 60_000;
    expect(await sender.runOnce()).toBe(2);
    await sender.stop();
    expect((await mailsOf(id)).map((r) => r.status)).toEqual(["failed", "failed"]);
    clock += 24 * 60 * 60_000;
    expect(await new OrderMailSender({ now: () => clock }).runOnce()).toBe(0);
  });

  it("an address the SMTP server refuses marks that mail failed; the others still go", async () => {
    const server = await smtp(undefined, ["asha@example.com"]);
    const sender = new OrderMailSender({ deliver: smtpDelivery(server.url) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { id } = await order();
    expect(await sender.runOnce()).toBe(2);
    await sender.stop();
    const rows = await mailsOf(id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["order-alert", "sent"],
      ["order-confirmation", "failed"],
    ]);
    expect(rows[1]!.last_error).toMatch(/No such mailbox/);
    expect(server.received.map((r) => r.rcptTo)).toEqual([["owner@rkcandles.in"]]);
  });

  it("a claim whose sender died is taken again once its lease is over", async () => {
    const { id } = await order();
    const now = Date.now();
    // A sender claims the mails and dies before sending them.
    expect(await claimDueMails(now, 60_000, 10)).toHaveLength(2);
    const server = await smtp();
    let clock = now + 59_000;
    const sender = new OrderMailSender({ deliver: smtpDelivery(server.url), now: () => clock });
    expect(await sender.runOnce()).toBe(0);
    clock = now + 60_000;
    expect(await sender.runOnce()).toBe(2);
    await sender.stop();
    expect((await mailsOf(id)).map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
  });

  it("a mail sent but not marked (the sender died in between) is sent again with the same Message-ID", async () => {
    const server = await smtp();
    const smtpDeliver = smtpDelivery(server.url);
    let crashes = 1;
    let clock = Date.now() + 1_000;
    const sender = new OrderMailSender({
      deliver: async (message) => {
        await smtpDeliver(message);
        if (crashes-- > 0) throw new Error("died before marking");
      },
      now: () => clock,
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { id } = await order();
    expect(await sender.runOnce()).toBe(2);
    clock += 60_000;
    expect(await sender.runOnce()).toBe(1);
    await sender.stop();
    const ids = server.received.map((r) => r.mail.messageId!);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(2);
    expect(ids[2]).toBe(ids[0]);
    expect((await mailsOf(id)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("without an SMTP server each mail is written as <message-id>.eml into the mail folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "candle-mail-"));
    const { id } = await order();
    const sender = new OrderMailSender({ deliver: emlDelivery(dir) });
    expect(await sender.runOnce()).toBe(2);
    await sender.stop();
    const rows = await mailsOf(id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(rows.map((r) => `${r.message_id.slice(1, -1)}.eml`).sort());
    const confirmation = rows.find((r) => r.kind === "order-confirmation")!;
    const mail = await simpleParser(readFileSync(join(dir, `${confirmation.message_id.slice(1, -1)}.eml`)));
    expect(mail.messageId).toBe(confirmation.message_id);
    expect(mail.subject).toContain(`#${id.slice(-6)}`);
    expect(mail.attachments[0]!.contentType).toBe("application/pdf");
  });

  it("two sender processes and this one never send one mail twice", async () => {
    const server = await smtp();
    const ORDERS = 25;
    for (let i = 0; i < ORDERS; i++) await order();
    const children = await Promise.all([start(server.url), start(server.url)]);
    const here = new OrderMailSender({ deliver: smtpDelivery(server.url), pollMs: 10, batchSize: 2 }).start();
    // More orders while they send.
    for (let i = 0; i < ORDERS; i++) await order();
    await waitUntil(() => server.received.length >= 4 * ORDERS, 60_000);
    await here.stop();
    children.forEach((c) => c.stop());
    await Promise.all(children.map((c) => c.result()));

    expect(server.received).toHaveLength(4 * ORDERS);
    const ids = server.received.map((r) => r.mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await raw.all<{ status: string; message_id: string }>("select status, message_id from mail_outbox");
    expect(rows).toHaveLength(4 * ORDERS);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(rows.map((r) => r.message_id).sort()).toEqual([...ids].sort());
  }, 120_000);
});

/** A sender in a process of its own, on this test file's database; stop() lets it finish its mail. */
const start = (smtpUrl: string) => startWorker<void>("./mail-sender-worker.ts", [smtpUrl]);
