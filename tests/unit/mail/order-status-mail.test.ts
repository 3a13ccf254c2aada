// Status mails (issue #23): the admin's change of an order to Shipped, Delivered or Cancelled
// queues the customer's mail in the change's own transaction; new tracking details of a shipped
// order do too; nothing else does. Delivered over a real SMTP server in this process.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { orderUpdateSchema, TRACKING_INVALID } from "~/lib/order-schema";
import { createUser } from "~/models/accounts/users.server";
import { OrderMailSender } from "~/models/flows/order-mail-sender.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { smtpDelivery } from "~/models/mail/delivery.server";
import { deleteOldSentMails } from "~/models/mail/outbox.server";
import { orderStatusMail } from "~/models/mail/templates.server";
import { OrderError } from "~/models/orders/order-error.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";
import { startSmtp } from "../../support/smtp";

vi.hoisted(() => {
  process.env.PUBLIC_URL = "https://shop.example.in";
});

const raw = testDb(app);
const contact = { name: "Ravi <b>Kumar</b>", email: "ravi@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

let userId: string;
let product: string;
beforeAll(async () => {
  userId = (
    await createUser({ name: "Ravi", email: "ravi-status@example.com", phone: "9876543210", password: "secret1" })
  ).id;
  product = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, 'Rose Jar', 29900, 100)", product);
});
afterEach(async () => {
  await raw.run("delete from mail_outbox");
});

async function newOrder(): Promise<string> {
  const { id } = await placeOrder(userId, { contact, shippingAddress, items: [{ product, qty: 1 }] });
  await raw.run("delete from mail_outbox"); // the confirmation is another test's subject
  return id;
}
const statusMails = () =>
  raw.all<{ subject: string; text_body: string; html_body: string; to_address: string }>(
    "select subject, text_body, html_body, to_address from mail_outbox where kind = 'order-status' order by subject",
  );

describe("status mails", () => {
  it("Shipped with courier and tracking number: one mail, stored with the order, delivered over SMTP", async () => {
    const id = await newOrder();
    const number = `#${id.slice(-6)}`;
    await updateOrder(id, { status: "Processing" });
    expect(await statusMails()).toEqual([]);

    await updateOrder(id, { status: "Shipped", courier: "Delhivery", trackingNumber: "DLV 1234-56/7" });
    const order = await raw.get("select status, courier, tracking_number from orders where id = ?", id);
    expect(order).toEqual({ status: "Shipped", courier: "Delhivery", tracking_number: "DLV 1234-56/7" });
    const [mail, ...more] = await statusMails();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your order ${number} is on its way`);
    expect(mail!.text_body).toContain("Courier: Delhivery\nTracking number: DLV 1234-56/7");
    expect(mail!.text_body).toContain("Cash on delivery: please keep ₹348.00 ready when it arrives.");
    expect(mail!.html_body).toContain("Ravi &lt;b&gt;Kumar&lt;/b&gt;");
    expect(mail!.html_body).not.toContain("<b>Kumar</b>");

    const server = await startSmtp();
    try {
      const sender = new OrderMailSender({ deliver: smtpDelivery(server.url) });
      expect(await sender.runOnce()).toBe(1);
      await sender.stop();
      const [received] = server.received;
      expect(received!.rcptTo).toEqual(["ravi@example.com"]);
      expect(received!.mail.subject).toBe(`Your order ${number} is on its way`);
      expect(received!.mail.text).toContain("Tracking number: DLV 1234-56/7");
      expect(received!.mail.attachments).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("saving the same status again sends nothing; new tracking details of a shipped order are mailed", async () => {
    const id = await newOrder();
    await updateOrder(id, { status: "Shipped" });
    await updateOrder(id, { status: "Shipped", isPaid: false });
    expect((await statusMails()).map((m) => m.subject)).toEqual([`Your order #${id.slice(-6)} is on its way`]);
    expect((await statusMails())[0]!.text_body).not.toContain("Tracking number");

    await updateOrder(id, { trackingNumber: "EE123456789IN" });
    await updateOrder(id, { trackingNumber: "EE123456789IN" }); // unchanged: no second mail
    // Ordered by subject: "Tracking …" before "Your …".
    const [update, shipped, ...more] = await statusMails();
    expect(more).toEqual([]);
    expect(shipped!.subject).toBe(`Your order #${id.slice(-6)} is on its way`);
    expect(update!.subject).toBe(`Tracking details for your order #${id.slice(-6)}`);
    expect(update!.text_body).toContain("Tracking number: EE123456789IN");
  });

  it("Delivered and Cancelled are mailed; a paid cancellation promises the refund", async () => {
    const id = await newOrder();
    await updateOrder(id, { status: "Delivered", isPaid: true });
    await updateOrder(id, { status: "Cancelled" });
    const [cancelled, delivered] = await statusMails(); // by subject
    expect(delivered!.subject).toBe(`Your order #${id.slice(-6)} was delivered`);
    expect(cancelled!.subject).toBe(`Your order #${id.slice(-6)} was cancelled`);
    expect(cancelled!.text_body).toContain("we refund the amount within 5-7 business days");
  });

  it("a change that fails writes no mail (one transaction)", async () => {
    const id = await newOrder();
    await updateOrder(id, { status: "Cancelled" }); // stock back on the shelf
    await raw.run("delete from mail_outbox");
    await raw.run("update products set stock = 0 where id = ?", product);
    try {
      await expect(updateOrder(id, { status: "Shipped" })).rejects.toBeInstanceOf(OrderError);
    } finally {
      await raw.run("update products set stock = 100 where id = ?", product);
    }
    expect(await statusMails()).toEqual([]);
    expect(await raw.get("select status from orders where id = ?", id)).toEqual({ status: "Cancelled" });
  });

  it("no mail for a status without one, nor for an unknown order", async () => {
    const id = await newOrder();
    await updateOrder(id, { status: "Processing" });
    await updateOrder(id, { status: "Placed" });
    expect(await updateOrder(newId(), { status: "Shipped" })).toBeNull();
    expect(await statusMails()).toEqual([]);
  });
});

describe("courier and tracking number input", () => {
  it("is trimmed, optional, clearable, and refused with a clear message when malformed", () => {
    expect(orderUpdateSchema.parse({ courier: "  India Post ", trackingNumber: " EE123IN " })).toEqual({
      courier: "India Post",
      trackingNumber: "EE123IN",
    });
    expect(orderUpdateSchema.parse({ courier: "", trackingNumber: null })).toEqual({
      courier: null,
      trackingNumber: null,
    });
    for (const trackingNumber of ["<script>", "ab\ncd", "x".repeat(41), "-leading"])
      expect(orderUpdateSchema.safeParse({ trackingNumber }).error?.issues[0]?.message).toBe(TRACKING_INVALID);
    expect(orderUpdateSchema.safeParse({ courier: "Blue\r\nBcc: x@y.z" }).success).toBe(false);
  });
});

describe("status mail template", () => {
  it("puts the customer's name, in any script, on one header line", () => {
    const mail = orderStatusMail(
      {
        id: "0123456789abcdef01234567",
        contact: { name: "सीमा\r\nBcc: evil@example.com", email: "seema@example.com" },
        items: [{ name: "Jasmine <Jar>", qty: 2 }],
        grandTotal: 64_700,
        isPaid: false,
        courier: "DTDC",
        trackingNumber: null,
      },
      "Shipped",
      "https://shop.example.in",
    );
    expect(mail.to).toBe('"सीमा Bcc: evil@example.com" <seema@example.com>');
    expect(mail.html).toContain("Jasmine &lt;Jar&gt; × 2");
    expect(mail.text).toContain("See your orders: https://shop.example.in/orders");
    expect(mail.text).toContain("Courier: DTDC");
    expect(mail.text).not.toContain("Tracking number");
  });
});

describe("the outbox's upkeep", () => {
  it("deletes sent mails after 90 days; pending and failed ones stay", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const row = (id: string, status: string, sentAt: number | null) =>
      raw.run(
        "insert into mail_outbox (id, kind, to_address, subject, text_body, html_body, message_id, status, attempts, next_attempt_at, sent_at) values (?, 'order-status', 'a@b.co', 's', 't', 'h', ?, ?, 1, 0, ?)",
        id,
        `<${id}@test>`,
        status,
        sentAt,
      );
    await row("old-sent", "sent", now - 91 * day);
    await row("new-sent", "sent", now - 89 * day);
    await row("old-failed", "failed", null);
    expect(await deleteOldSentMails(now)).toBe(1);
    expect((await raw.all<{ id: string }>("select id from mail_outbox order by id")).map((r) => r.id)).toEqual([
      "new-sent",
      "old-failed",
    ]);
  });
});
