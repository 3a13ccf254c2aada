import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import { en } from "~/lib/i18n/en";
import { UTR_NOT_AWAITED, UTR_TAKEN } from "~/lib/utr-schema";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { toApiOrder } from "~/models/orders/api.server";
import { getOrderFor, listAllOrders } from "~/models/orders/read.server";
import { expireDueOrders } from "~/models/payments/clock.server";
import { payPage } from "~/models/payments/pay-page.server";
import { sendUtr } from "~/models/payments/upi.server";
import { settleUpiCheck } from "~/models/payments/verify.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

// Pay by UPI on both databases (issue #38): a UTR recorded once, the owner's check, the hold's
// expiry once, paid_at following isPaid.
const raw = testDb(app);

const contact = { name: "Meera", email: "meera-upi@example.com", phone: "9876543210" };
const shippingAddress = { address: "2 Lake Road", city: "Kolkata", state: "West Bengal", pin: "700029" };

let meera: { id: string; isAdmin: boolean };
let product: string;
beforeAll(async () => {
  env.payments.upi = { id: "rkcandles@okaxis", name: "RK Candles" };
  meera = await createUser({ name: "Meera", email: "meera-upi@example.com", phone: "9876543210", password: "secret1" });
  product = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, ?, ?, ?)", product, "Rain", 350_00, 1000);
});

const stock = () => raw.value<number>("select stock from products where id = ?", product);
const upiOrder = async () =>
  (await placeOrder(meera.id, { contact, shippingAddress, items: [{ product, qty: 2 }], paymentMethod: "UPI" })).id;
const row = (id: string) =>
  raw.get<{
    utr: string | null;
    utr_at: number | null;
    is_paid: number;
    paid_at: number | null;
    expires_at: number | null;
    status: string;
  }>("select utr, utr_at, is_paid, paid_at, expires_at, status from orders where id = ?", id);
const mails = (id: string, kind: string) =>
  raw.all<{ subject: string; text_body: string }>(
    "select subject, text_body from mail_outbox where kind = ? and text_body like ?",
    kind,
    `%${id.slice(-6)}%`,
  );
let serial = 0;
const freshUtr = () => `4${String(Date.now() % 1e9).padStart(9, "0")}${String(++serial % 100).padStart(2, "0")}`;

describe("sending a UTR", () => {
  it("records it once, takes the order off the clock, and refuses a second one", async () => {
    const id = await upiOrder();
    expect((await row(id))!.expires_at).not.toBeNull();
    const utr = freshUtr();
    await sendUtr(meera.id, id, utr);
    const after = (await row(id))!;
    expect(after).toMatchObject({ utr, is_paid: 0, expires_at: null });
    expect(after.utr_at).not.toBeNull();
    await expect(sendUtr(meera.id, id, freshUtr())).rejects.toThrow(UTR_NOT_AWAITED);
    expect((await row(id))!.utr).toBe(utr);
  });

  it("refuses another customer's order and a UTR another order has, changing nothing", async () => {
    const [a, b] = [await upiOrder(), await upiOrder()];
    const utr = freshUtr();
    await sendUtr(meera.id, a, utr);
    await expect(sendUtr(meera.id, b, utr)).rejects.toThrow(UTR_TAKEN);
    await expect(sendUtr(newId(), b, freshUtr())).rejects.toThrow(UTR_NOT_AWAITED);
    expect(await row(b)).toMatchObject({ utr: null, utr_at: null });
    expect((await row(b))!.expires_at).not.toBeNull();
  });

  it("two orders sending the same UTR at once: one wins, the other is refused", async () => {
    const [a, b] = [await upiOrder(), await upiOrder()];
    const utr = freshUtr();
    const results = await Promise.allSettled([sendUtr(meera.id, a, utr), sendUtr(meera.id, b, utr)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe(UTR_TAKEN);
    expect(await raw.value<number>("select cast(count(*) as integer) from orders where utr = ?", utr)).toBe(1);
  });
});

describe("the owner's check", () => {
  it("Payment received: paid, paid_at, a mail; the filter and the API say so", async () => {
    const id = await upiOrder();
    const utr = freshUtr();
    await sendUtr(meera.id, id, utr);
    expect((await listAllOrders({ payment: "check" })).map((o) => o.id)).toContain(id);
    expect(toApiOrder((await getOrderFor(meera, id))!).payment).toMatchObject({ state: "checking", utr, paidAt: null });
    expect(await settleUpiCheck(id, true)).toBe(true);
    expect(await settleUpiCheck(id, true)).toBe(false);
    expect(await row(id)).toMatchObject({ is_paid: 1, utr });
    expect((await row(id))!.paid_at).not.toBeNull();
    const sent = await mails(id, "order-payment");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Payment received for order #/);
    expect((await listAllOrders({ payment: "check" })).map((o) => o.id)).not.toContain(id);
    const api = toApiOrder((await getOrderFor(meera, id))!);
    expect(api.payment.state).toBe("paid");
    expect(api.payment.paidAt).toMatch(/^\d{4}-/);
  });

  it("Not received: UTR cleared, a new hold, a mail asking for the right one", async () => {
    const id = await upiOrder();
    const utr = freshUtr();
    await sendUtr(meera.id, id, utr);
    const before = Date.now();
    expect(await settleUpiCheck(id, false)).toBe(true);
    const after = (await row(id))!;
    expect(after).toMatchObject({ utr: null, utr_at: null, is_paid: 0 });
    // Unix seconds: the new hold is UPI_HOLD_HOURS from now.
    expect(after.expires_at! * 1000).toBeGreaterThanOrEqual(
      Math.floor((before + env.payments.upiHoldMs) / 1000) * 1000,
    );
    const sent = await mails(id, "order-payment");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain(utr);
    expect(sent[0]!.text_body).toContain(`/orders/${id}/pay`);
    // The customer may send the right one now.
    await sendUtr(meera.id, id, freshUtr());
  });
});

describe("the hold's expiry", () => {
  it("two sweeps at once cancel a due order once: stock back once, one mail; one with a UTR is left alone", async () => {
    const [due, checking] = [await upiOrder(), await upiOrder()];
    await sendUtr(meera.id, checking, freshUtr());
    const past = new Date(Date.now() - 60_000);
    await raw.run("update orders set expires_at = ? where id in (?, ?)", past, due, checking);
    const stockBefore = (await stock())!;
    const [a, b] = await Promise.all([expireDueOrders(), expireDueOrders()]);
    expect([...a, ...b].filter((id) => id === due)).toHaveLength(1);
    expect(await stock()).toBe(stockBefore + 2);
    expect((await row(due))!.status).toBe("Cancelled");
    expect((await row(checking))!.status).toBe("Placed");
    const cancelled = await mails(due, "order-status");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text_body).toContain("did not get a UPI reference");
  });
});

describe("paid_at follows isPaid", () => {
  it("is set as the order turns paid, kept while it stays paid, cleared as it turns unpaid", async () => {
    const id = await upiOrder();
    await updateOrder(id, { isPaid: true });
    const paid = (await row(id))!;
    expect(paid.paid_at).not.toBeNull();
    expect(paid.expires_at).toBeNull();
    await updateOrder(id, { status: "Processing" });
    expect((await row(id))!.paid_at).toBe(paid.paid_at);
    await updateOrder(id, { isPaid: false });
    expect(await row(id)).toMatchObject({ is_paid: 0, paid_at: null });
  });
});

describe("an order with nothing to pay (issue #50)", () => {
  it("is never placed as a UPI order: ₹0 goods are refused with why, taking no stock", async () => {
    const free = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, ?, ?, ?)", free, "Sample", 0, 5);
    const before = await raw.value<number>("select count(*) from orders where user_id = ?", meera.id);
    await expect(
      placeOrder(meera.id, { contact, shippingAddress, items: [{ product: free, qty: 1 }], paymentMethod: "UPI" }),
    ).rejects.toThrow(en.feedback.upiNothingToPay);
    expect(await raw.value<number>("select count(*) from orders where user_id = ?", meera.id)).toBe(before);
    expect(await raw.value<number>("select stock from products where id = ?", free)).toBe(5);
  });

  it("one stored before the rule: its pay page shows no way to pay, and a UTR is refused, never a 500", async () => {
    const id = await upiOrder();
    await raw.run("update orders set grand_total = 0 where id = ?", id);
    const page = payPage((await getOrderFor(meera, id))!)!;
    expect(page).toMatchObject({ state: "awaiting", total: 0, uri: null });
    await expect(sendUtr(meera.id, id, freshUtr())).rejects.toThrow(UTR_NOT_AWAITED);
    expect((await row(id))!.utr).toBeNull();
  });
});
