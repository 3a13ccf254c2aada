// "Tell me when it's back" on both databases (issue #39): the sign-up rules, one mail per waiting
// address whichever stock write brings the candle back (the editor, a size, a cancelled order, an
// expired UPI hold), exactly once when two writers race, and the stop link's token.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { dialect, writeTransaction } from "~/db/client.server";
import { products } from "~/db/schema";
import { env } from "~/env.server";
import { en } from "~/lib/i18n/en";
import { productSchema } from "~/lib/product-schema";
import { createUser } from "~/models/accounts/users.server";
import { updateProduct } from "~/models/catalogue/product-admin.server";
import { submitProductForm } from "~/models/catalogue/product-form.server";
import {
  mailBackInStock,
  mailboxOf,
  signUpForAlert,
  stopAlerts,
  stopToken,
  waitingCounts,
} from "~/models/catalogue/stock-alerts.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { deleteOrder } from "~/models/orders/changes.server";
import { expireDueOrders } from "~/models/payments/clock.server";
import { newId } from "~/utils/id.server";
import { RateLimited, resetRateLimits } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";
import { addSizes } from "../../support/sizes";

const raw = testDb(app);
const who = { ip: "203.0.113.9", userId: null, language: "en" as const };

beforeEach(() => resetRateLimits());

async function product(stock: number, name = "Monsoon Rain") {
  const id = newId();
  await raw.run(
    "insert into products (id, name, name_hi, price, stock) values (?, ?, ?, ?, ?)",
    id,
    name,
    "",
    350_00,
    stock,
  );
  return id;
}
const signUp = (productId: string, email: string, size = "", language: "en" | "hi" = "en") =>
  signUpForAlert({ productId, size, email }, { ...who, language });
const alerts = (productId: string) =>
  raw.all<{ email: string; size_key: string; notified_at: number | null; language: string }>(
    "select email, size_key, notified_at, language from stock_alerts where product_id = ? order by email",
    productId,
  );
const mailsTo = (email: string) =>
  raw.all<{ subject: string; text_body: string; html_body: string }>(
    "select subject, text_body, html_body from mail_outbox where kind = 'back-in-stock' and to_address = ?",
    email,
  );
/** The editor's save of a product without sizes, with this stock. */
function editorSave(id: string, stock: number, sizes: Record<string, string>[] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: "Monsoon Rain", price: "350", stock: String(stock) })) f.set(k, v);
  sizes.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) f.set(`sizes[${i}].${k}`, v);
  });
  return submitProductForm(f, id);
}
const unique = (name: string) => `${name}-${newId().slice(-8)}@example.com`;

describe("signing up", () => {
  it("keeps an address once per product, refuses one in stock or unknown, and re-arms a mailed one", async () => {
    const id = await product(0);
    const asha = unique("asha");
    await signUp(id, asha);
    await signUp(id, asha, "", "hi");
    expect(await alerts(id)).toMatchObject([{ email: asha, size_key: "", notified_at: null, language: "hi" }]);
    expect(await waitingCounts([id])).toEqual({ [id]: 1 });

    await expect(signUp(await product(3), asha)).rejects.toThrow(en.feedback.alertInStock);
    await expect(signUp(newId(), asha)).rejects.toThrow(en.feedback.alertUnknown);
    await expect(signUp(id, asha, "some-size")).rejects.toThrow(en.feedback.alertUnknown);

    await raw.run("update stock_alerts set notified_at = ? where product_id = ?", new Date(), id);
    await signUp(id, asha);
    expect((await alerts(id))[0]!.notified_at).toBeNull();
  });

  it("a sized product: only one of its sizes, and only a sold-out one", async () => {
    const id = await product(0);
    const [jar, tin] = await addSizes(raw, id, [
      { label: "Jar", price: 350_00, stock: 0 },
      { label: "Tin", price: 250_00, stock: 4 },
    ]);
    const email = unique("sized");
    await expect(signUp(id, email)).rejects.toThrow(en.feedback.alertUnknown);
    await expect(signUp(id, email, tin!)).rejects.toThrow(en.feedback.alertInStock);
    await signUp(id, email, jar!);
    expect(await alerts(id)).toMatchObject([{ email, size_key: jar }]);
  });

  it("counts sign-ups per address, whether or not it was already waiting", async () => {
    const id = await product(0);
    const email = unique("many");
    for (let i = 0; i < 10; i++) await signUp(id, email);
    await expect(signUp(id, email)).rejects.toBeInstanceOf(RateLimited);
  });

  it("counts per inbox (issue #50): +tags, case and Gmail's dots do not get round the limit", async () => {
    expect(mailboxOf("Asha+Candles@Example.IN")).toBe("asha@example.in");
    expect(mailboxOf("a.sha+1@googlemail.com")).toBe("asha@gmail.com");
    expect(mailboxOf("a.sha@example.in")).toBe("a.sha@example.in");
    expect(mailboxOf("+tag@example.in")).toBe("+tag@example.in");

    const id = await product(0);
    const name = `victim-${newId().slice(-8)}`;
    for (let i = 1; i <= 10; i++) await signUp(id, `${name}+${i}@example.com`);
    await expect(signUp(id, `${name}@example.com`)).rejects.toBeInstanceOf(RateLimited);
    await expect(signUp(id, `${name.toUpperCase()}+11@EXAMPLE.COM`)).rejects.toBeInstanceOf(RateLimited);
    // Another inbox is not held back.
    await signUp(id, unique("other"));

    const gmail = `g${newId().slice(-8).toLowerCase()}`;
    for (let i = 1; i <= 10; i++)
      await signUp(id, `${gmail.slice(0, (i % 8) + 1)}.${gmail.slice((i % 8) + 1)}@gmail.com`);
    await expect(signUp(id, `${gmail}+x@googlemail.com`)).rejects.toBeInstanceOf(RateLimited);
  });
});

describe("the mail when the stock comes back", () => {
  it("the editor's save mails each waiting address once, in its language; a second raise sends nothing", async () => {
    const id = await product(0);
    const [en1, hi1] = [unique("en"), unique("hi")];
    await signUp(id, en1);
    await signUp(id, hi1, "", "hi");
    await editorSave(id, 0);
    expect(await mailsTo(en1)).toHaveLength(0);
    await editorSave(id, 5);
    const [mail] = await mailsTo(en1);
    expect(mail!.subject).toBe("Monsoon Rain is back in stock");
    expect(mail!.text_body).toContain(`${env.mail.publicUrl}/product/${id}`);
    expect(mail!.text_body).toContain(`/stock-alerts/stop?e=${encodeURIComponent(en1)}&t=${stopToken(en1)}`);
    // Hindi only where the shop speaks it (LANGUAGES); otherwise the alert's mail is English.
    expect((await mailsTo(hi1))[0]!.subject).toBe(
      env.languages.includes("hi") ? "Monsoon Rain फिर से स्टॉक में है" : "Monsoon Rain is back in stock",
    );
    await editorSave(id, 0);
    await editorSave(id, 7);
    expect(await mailsTo(en1)).toHaveLength(1);
    expect(await waitingCounts([id])).toEqual({});
  });

  it("the JSON door (PUT /api/products/:id) raising the stock mails too", async () => {
    const id = await product(0);
    const email = unique("api");
    await signUp(id, email);
    await updateProduct(id, productSchema.parse({ name: "Monsoon Rain", price: 350, stock: 2 }));
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a size's stock: only that size's addresses, with the size in the link and the name", async () => {
    const id = await product(0);
    const [jar, tin] = await addSizes(raw, id, [
      { label: "Jar", price: 350_00, stock: 0 },
      { label: "Tin", price: 250_00, stock: 0 },
    ]);
    const [forJar, forTin] = [unique("jar"), unique("tin")];
    await signUp(id, forJar, jar!);
    await signUp(id, forTin, tin!);
    await editorSave(id, 0, [
      { id: jar!, label: "Jar", price: "350", stock: "0", position: "0" },
      { id: tin!, label: "Tin", price: "250", stock: "3", position: "1" },
    ]);
    expect(await mailsTo(forJar)).toHaveLength(0);
    const [mail] = await mailsTo(forTin);
    expect(mail!.subject).toBe("Monsoon Rain — Tin is back in stock");
    expect(mail!.text_body).toContain(`/product/${id}?size=${tin}`);
  });

  it("a cancelled order and an expired UPI hold give stock back: one mail each", async () => {
    const buyer = await createUser({
      name: "Ravi",
      email: unique("ravi"),
      phone: "9876543210",
      password: "secret1",
    });
    const order = (id: string, paymentMethod: "COD" | "UPI") =>
      placeOrder(buyer.id, {
        contact: { name: "Ravi", email: buyer.email, phone: "9876543210" },
        shippingAddress: { address: "2 Lake Road", city: "Kolkata", state: "West Bengal", pin: "700029" },
        items: [{ product: id, qty: 1 }],
        paymentMethod,
      });
    const cancelled = await product(1);
    const placed = await order(cancelled, "COD");
    const a = unique("cancel");
    await signUp(cancelled, a);
    await updateOrder(placed.id, { status: "Cancelled" });
    expect(await mailsTo(a)).toHaveLength(1);

    // A deleted order (never fulfilled) puts its stock back too.
    const deleted = await product(1);
    const gone = await order(deleted, "COD");
    const d = unique("deleted");
    await signUp(deleted, d);
    await deleteOrder(gone.id);
    expect(await mailsTo(d)).toHaveLength(1);

    const saved = env.payments.upi;
    env.payments.upi = { id: "rkcandles@okaxis", name: "RK Candles" };
    try {
      const held = await product(1);
      const upi = await order(held, "UPI");
      const b = unique("hold");
      await signUp(held, b);
      await raw.run("update orders set expires_at = ? where id = ?", new Date(Date.now() - 60_000), upi.id);
      await expireDueOrders();
      expect(await mailsTo(b)).toHaveLength(1);
    } finally {
      env.payments.upi = saved;
    }
  });

  it("one restock mails an inbox once per product, whatever addresses and sizes it waited under (issue #50)", async () => {
    const id = await product(0);
    const [jar, tin] = await addSizes(raw, id, [
      { label: "Jar", price: 350_00, stock: 0 },
      { label: "Tin", price: 250_00, stock: 0 },
    ]);
    const name = `inbox-${newId().slice(-8)}`;
    const typed = [`${name}+1@example.com`, `${name}+2@example.com`, `${name}@example.com`];
    for (const email of typed) await signUp(id, email, jar!);
    await signUp(id, `${name}+3@example.com`, tin!);
    const other = unique("other");
    await signUp(id, other, jar!);
    await editorSave(id, 0, [
      { id: jar!, label: "Jar", price: "350", stock: "5", position: "0" },
      { id: tin!, label: "Tin", price: "250", stock: "5", position: "1" },
    ]);
    const sent = await raw.all<{ to_address: string }>(
      "select to_address from mail_outbox where kind = 'back-in-stock' and to_address like ?",
      `${name}%`,
    );
    // The address without a tag, when it is among them.
    expect(sent.map((m) => m.to_address)).toEqual([`${name}@example.com`]);
    expect(await mailsTo(other)).toHaveLength(1);
    // Every alert of the inbox is mailed all the same: none is left for the next restock.
    expect(await waitingCounts([id])).toEqual({});
  });

  it("two writers raising the stock at once: one mail per address", async () => {
    const id = await product(0);
    const emails = [unique("r1"), unique("r2"), unique("r3")];
    for (const email of emails) await signUp(id, email);
    await raw.run("update products set stock = 4 where id = ?", id);
    const counts = await Promise.all([
      writeTransaction((tx) => mailBackInStock(tx, id)),
      writeTransaction((tx) => mailBackInStock(tx, id)),
      editorSave(id, 6).then(() => 0),
    ]);
    expect(counts[0] + counts[1]).toBeLessThanOrEqual(3);
    for (const email of emails) expect(await mailsTo(email)).toHaveLength(1);
  });
});

/** Whether any connection to this database waits for a lock (PostgreSQL). */
const lockWaiters = () =>
  raw.value<number>(
    "select cast(count(*) as integer) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );

// PostgreSQL runs a sign-up and a stock raise side by side (READ COMMITTED); SQLite runs one write
// transaction at a time, so there the sign-up simply comes after the raise.
describe.skipIf(dialect !== "pg")("a sign-up beside a stock raise (PostgreSQL, issue #50)", () => {
  it("a sign-up made while a raise is open waits for it, then hears the candle is back: never left waiting", async () => {
    const id = await product(0);
    const email = unique("race");
    let commit!: () => void;
    const open = new Promise<void>((resolve) => (commit = resolve));
    let read!: () => void;
    const alertsRead = new Promise<void>((resolve) => (read = resolve));
    // The raise: stock 0 → 5 and its look at the waiting addresses (none yet), then kept open.
    const raise = writeTransaction(async (tx) => {
      await tx.update(products).set({ stock: 5 }).where(eq(products.id, id));
      const mailed = await mailBackInStock(tx, id);
      read();
      await open;
      return mailed;
    });
    await alertsRead;
    const signedUp = signUp(id, email).then(
      () => "waiting",
      (error: Error) => error.message,
    );
    // Once the sign-up has finished (before: it read stock 0 and committed its alert beside the
    // open raise) or waits for a lock (now: the raise's), the raise commits.
    let settled = false;
    void signedUp.finally(() => (settled = true));
    for (let i = 0; i < 1_500 && !settled && (await lockWaiters()) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    commit();
    expect(await raise).toBe(0);
    expect(await signedUp).toBe(en.feedback.alertInStock);
    expect(await alerts(id)).toEqual([]);
    expect(await raw.value<number>("select stock from products where id = ?", id)).toBe(5);
  });
});

describe("the stop link", () => {
  it("deletes its own address's waiting alerts; another address's token does nothing", async () => {
    const id = await product(0);
    const [mine, theirs] = [unique("mine"), unique("theirs")];
    await signUp(id, mine);
    await signUp(id, theirs);
    expect(await stopAlerts(mine, stopToken(theirs))).toBe(false);
    expect(await stopAlerts(mine, "")).toBe(false);
    expect((await alerts(id)).map((a) => a.email).sort()).toEqual([mine, theirs].sort());
    expect(await stopAlerts(mine, stopToken(mine))).toBe(true);
    expect((await alerts(id)).map((a) => a.email)).toEqual([theirs]);
  });
});
