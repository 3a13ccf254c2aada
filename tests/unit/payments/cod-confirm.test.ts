// COD orders the customer confirms (issue #38 item 4): the token rules, the one conditional
// confirm, the clock's part, the mail's paragraph and the owner's filter, on both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { env, type PaymentSettings } from "~/env.server";
import { confirmState } from "~/lib/cod-confirm";
import { parseOrderFilter } from "~/lib/order-filter";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { type MailOrder, orderConfirmationMail } from "~/models/mail/templates.server";
import { pageOfOrders } from "~/models/orders/read.server";
import { confirmOrder, orderToConfirm } from "~/models/payments/confirm-order.server";
import { confirmToken, confirmUrl } from "~/models/payments/confirmation.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app);
const payments = env.payments as { -readonly [K in keyof PaymentSettings]: PaymentSettings[K] };
const saved = { ...payments };
const HOUR = 3_600_000;

const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

async function product(stock = 10) {
  const id = newId();
  await raw.run(
    "insert into products (id, name, price, stock) values (?, ?, ?, ?)",
    id,
    `P ${id.slice(-4)}`,
    300_00,
    stock,
  );
  return id;
}
const stockOf = (id: string) => raw.value<number>("select stock from products where id = ?", id);
const rowOf = (id: string) =>
  raw.get<{
    status: string;
    confirmed_at: number | null;
    expires_at: number | null;
    confirm_token_hash: string | null;
  }>("select status, confirmed_at, expires_at, confirm_token_hash from orders where id = ?", id);

let asha: { id: string };
let ravi: { id: string };
const order = async (userId = asha.id, p?: string) =>
  (await placeOrder(userId, { contact, shippingAddress, items: [{ product: p ?? (await product()), qty: 2 }] })).id;

beforeAll(async () => {
  payments.codConfirm = true;
  payments.codConfirmMs = 48 * HOUR;
  asha = await createUser({
    name: "Asha",
    email: "asha-confirm@example.com",
    phone: "9876543210",
    password: "secret1",
  });
  ravi = await createUser({
    name: "Ravi",
    email: "ravi-confirm@example.com",
    phone: "9876543211",
    password: "secret1",
  });
});
afterAll(() => {
  Object.assign(payments, saved);
});

describe("a COD order to confirm", () => {
  it("keeps only its token's hash, and a deadline of COD_CONFIRM_HOURS", async () => {
    const before = Math.floor(Date.now() / 1000);
    const id = await order();
    const row = (await rowOf(id))!;
    expect(row.confirm_token_hash).toBe(confirmToken(id).tokenHash);
    expect(row.confirm_token_hash).not.toContain(confirmToken(id).token);
    expect(row.confirmed_at).toBeNull();
    expect(row.expires_at! - before).toBeGreaterThanOrEqual(48 * 3600 - 1);
    expect(row.expires_at! - before).toBeLessThanOrEqual(48 * 3600 + 5);
  });

  it("opens with its own token only: another order's, a forged or an empty one opens nothing", async () => {
    const a = await order();
    const b = await order();
    expect((await orderToConfirm(a, { token: confirmToken(a).token }))?.id).toBe(a);
    expect(await orderToConfirm(a, { token: confirmToken(b).token })).toBeNull();
    expect(await orderToConfirm(a, { token: confirmToken(a).token.slice(0, -1) + "x" })).toBeNull();
    expect(await orderToConfirm(a, { token: "" })).toBeNull();
    expect(await orderToConfirm(a, { token: "x".repeat(10_000) })).toBeNull();
    expect(await orderToConfirm("0".repeat(24), { token: confirmToken("0".repeat(24)).token })).toBeNull();
    // Its owner's session opens it; another customer's does not.
    expect((await orderToConfirm(a, { userId: asha.id }))?.id).toBe(a);
    expect(await orderToConfirm(a, { userId: ravi.id })).toBeNull();
  });

  it("is confirmed once: the link's POST sets confirmed_at and clears expires_at; again says already", async () => {
    const id = await order();
    const { token } = confirmToken(id);
    expect(await confirmOrder(id, { token: confirmToken(newId()).token })).toBeNull();
    expect((await rowOf(id))!.confirmed_at).toBeNull();
    expect(await confirmOrder(id, { token })).toBe("confirmed");
    const row = (await rowOf(id))!;
    expect(row.confirmed_at).not.toBeNull();
    expect(row.expires_at).toBeNull();
    expect(await confirmOrder(id, { token })).toBe("already");
    expect(await confirmOrder(id, { userId: asha.id })).toBe("already");
    expect((await rowOf(id))!.confirmed_at).toBe(row.confirmed_at);
  });

  it("from My Orders by its owner only", async () => {
    const id = await order();
    expect(await confirmOrder(id, { userId: ravi.id })).toBeNull();
    expect((await rowOf(id))!.confirmed_at).toBeNull();
    expect(await confirmOrder(id, { userId: asha.id })).toBe("confirmed");
  });

  it("two confirms at once change the row once", async () => {
    const id = await order();
    const { token } = confirmToken(id);
    const results = await Promise.all([
      confirmOrder(id, { token }),
      confirmOrder(id, { token }),
      confirmOrder(id, { userId: asha.id }),
    ]);
    expect(results.filter((r) => r === "confirmed")).toHaveLength(1);
    expect(results.filter((r) => r === "already")).toHaveLength(2);
  });

  it("a cancelled order is not confirmed", async () => {
    const id = await order();
    await raw.run("update orders set status = 'Cancelled' where id = ?", id);
    expect(await confirmOrder(id, { token: confirmToken(id).token })).toBe("cancelled");
    expect((await rowOf(id))!.confirmed_at).toBeNull();
  });

  it("past its deadline it is cancelled (stock back), not confirmed late", async () => {
    const p = await product(10);
    const id = await order(asha.id, p);
    expect(await stockOf(p)).toBe(8);
    await raw.run("update orders set expires_at = ? where id = ?", new Date(Date.now() - 1000), id);
    expect(await confirmOrder(id, { token: confirmToken(id).token })).toBe("cancelled");
    const row = (await rowOf(id))!;
    expect(row.status).toBe("Cancelled");
    expect(row.confirmed_at).toBeNull();
    expect(await stockOf(p)).toBe(10);
    // The clock's mail says why.
    const mail = await raw.get<{ text: string }>(
      "select text_body as text from mail_outbox where subject like ? limit 1",
      `%${id.slice(-6)} was cancelled%`,
    );
    expect(mail?.text).toContain("It was not confirmed in time");
  });

  it("confirmState reads the fields: none for UPI or an order never asked", () => {
    const base = { paymentMethod: "COD", status: "Placed", confirmTokenHash: "h", confirmedAt: null };
    expect(confirmState(base)).toBe("unconfirmed");
    expect(confirmState({ ...base, confirmedAt: new Date() })).toBe("confirmed");
    expect(confirmState({ ...base, status: "Cancelled" })).toBe("cancelled");
    expect(confirmState({ ...base, confirmTokenHash: null })).toBeNull();
    expect(confirmState({ ...base, paymentMethod: "UPI" })).toBeNull();
  });
});

describe("the owner's confirm filter", () => {
  it("parses unconfirmed | confirmed, refuses anything else", () => {
    expect(parseOrderFilter(new URLSearchParams("confirm=unconfirmed")).filter).toEqual({ confirm: "unconfirmed" });
    const bad = parseOrderFilter(new URLSearchParams("confirm=maybe&status=Placed"));
    expect(bad.filter).toEqual({ status: "Placed" });
    expect(bad.errors).toEqual(["Confirmation must be unconfirmed or confirmed."]);
  });

  it("lists COD orders to confirm by whether they were", async () => {
    const u = await createUser({
      name: "F",
      email: "filter-confirm@example.com",
      phone: "9876543212",
      password: "x1x1x1",
    });
    const waiting = await order(u.id);
    const done = await order(u.id);
    await confirmOrder(done, { userId: u.id });
    payments.codConfirm = false;
    const never = await order(u.id);
    payments.codConfirm = true;
    const mine = new Set([waiting, done, never]);
    const ids = async (filter: { confirm?: "unconfirmed" | "confirmed" }) =>
      (await pageOfOrders(1, filter, 1000)).orders.map((o) => o.id).filter((id) => mine.has(id));
    expect(await ids({ confirm: "unconfirmed" })).toEqual([waiting]);
    expect(await ids({ confirm: "confirmed" })).toEqual([done]);
    expect((await ids({})).sort()).toEqual([never, done, waiting].sort());
  });
});

describe("the confirmation mail", () => {
  const mailOrder: MailOrder = {
    id: "0123456789abcdefabc123",
    contact: { name: "Asha", email: "asha@example.com", phone: "9876543210" },
    shippingAddress,
    items: [{ name: "Lavender Jar", qty: 1, price: 499_00 }],
    subtotal: 499_00,
    prepaidDiscount: 0,
    shipping: 49_00,
    codFee: 0,
    grandTotal: 548_00,
    paymentMethod: "COD",
    confirmUrl: null,
  };

  it("without a confirm link (the specification's shop) asks nothing", () => {
    const mail = orderConfirmationMail(mailOrder, "https://shop.test");
    expect(mail.text).not.toMatch(/confirm your order/i);
    expect(mail.html).not.toMatch(/confirm your order/i);
    expect(mail.text).not.toContain("/confirm");
  });

  it("with one: the link in text and HTML, and the deadline, in English and Hindi", () => {
    const url = confirmUrl(mailOrder.id, "TOKEN_abc-123", "en");
    expect(url).toBe(`${env.mail.publicUrl}/orders/${mailOrder.id}/confirm?t=TOKEN_abc-123`);
    const mail = orderConfirmationMail({ ...mailOrder, confirmUrl: url, confirmWithinHours: 48 }, "https://shop.test");
    expect(mail.text).toContain(`Please confirm your order: ${url}`);
    expect(mail.text).toContain("Orders not confirmed within 48 hours are cancelled.");
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain("Orders not confirmed within 48 hours are cancelled.");
    const hiUrl = confirmUrl(mailOrder.id, "TOKEN_abc-123", "hi");
    expect(hiUrl).toContain("/hi/orders/");
    const hi = orderConfirmationMail(
      { ...mailOrder, confirmUrl: hiUrl, confirmWithinHours: 48 },
      "https://shop.test",
      "hi",
    );
    expect(hi.text).toContain(`कृपया अपना ऑर्डर कन्फ़र्म करें: ${hiUrl}`);
    expect(hi.text).toContain("48 घंटे में कन्फ़र्म नहीं होते");
    // Without COD_CONFIRM_HOURS: the link, no deadline.
    const open = orderConfirmationMail({ ...mailOrder, confirmUrl: url }, "https://shop.test");
    expect(open.text).toContain(url);
    expect(open.text).not.toContain("are cancelled");
  });
});
