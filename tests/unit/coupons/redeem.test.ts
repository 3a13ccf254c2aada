// Issue #39: a code is judged and counted in the order's transaction. 20 orders racing for a code
// with 5 uses left get exactly 5 discounted orders (the rest are refused with the used-up
// message); the per-customer limit holds; each refusal says which.
import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { couponSchema } from "~/lib/coupon-schema";
import { en } from "~/lib/i18n/en";
import { createUser } from "~/models/accounts/users.server";
import { CODE_TAKEN, createCoupon, listCoupons, setCouponActive } from "~/models/coupons/admin.server";
import { checkCoupon } from "~/models/coupons/check.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { OrderError } from "~/models/orders/order-error.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app);
const f = en.feedback;
const contact = { name: "Nila", email: "nila@example.com", phone: "9876543210" };
const shippingAddress = { address: "3 Beach Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" };

async function product(price: number, stock: number) {
  const id = newId();
  await raw.run(
    "insert into products (id, name, price, stock) values (?, ?, ?, ?)",
    id,
    `Jar ${id.slice(-4)}`,
    price,
    stock,
  );
  return id;
}
const coupon = (over: Record<string, unknown>) =>
  createCoupon(couponSchema.parse({ kind: "percent", amount: "10", ...over }));
const user = (n: string) =>
  createUser({ name: n, email: `${n}-${newId()}@example.com`.toLowerCase(), phone: "9876543210", password: "secret1" });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "placed",
    (e: unknown) => (e instanceof OrderError ? e.message : Promise.reject(e)),
  );

let jar: string;
beforeAll(async () => {
  jar = await product(500_00, 1000);
});

describe("redeem", () => {
  it("20 racing orders for a code with 5 uses left: exactly 5 discounted orders", async () => {
    const code = `RACE${newId().slice(-6)}`.toUpperCase();
    const id = await coupon({ code, maxUses: "7" });
    await raw.run("update coupons set uses = 2 where id = ?", id); // 5 left
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => user(`racer${i}`)));
    const results = await Promise.all(
      users.map((u) =>
        refusal(
          placeOrder(u.id, {
            contact,
            shippingAddress,
            items: [{ product: jar, qty: 1 }],
            couponCode: code.toLowerCase(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === "placed")).toHaveLength(5);
    expect(results.filter((r) => r === f.couponUsedUp(code))).toHaveLength(15);
    expect(await raw.value<number>("select uses from coupons where id = ?", id)).toBe(7);
    expect(
      await raw.value<number>(
        "select cast(count(*) as integer) from orders where coupon_id = ? and coupon_discount = 5000",
        id,
      ),
    ).toBe(5);
    const row = (await listCoupons()).find((c) => c.id === id)!;
    expect(row).toMatchObject({ orders: 5, discountGiven: 5 * 5000 });
  });

  it("keeps the per-customer limit, and the order row carries the code and discount", async () => {
    const code = `ONCE${newId().slice(-6)}`.toUpperCase();
    const id = await coupon({ code, kind: "flat", amount: "100", maxUsesPerCustomer: "1", freeShipping: "on" });
    const u = await user("once");
    const input = { contact, shippingAddress, items: [{ product: jar, qty: 1 }], couponCode: code };
    const placed = await placeOrder(u.id, input);
    const order = await raw.get<{
      coupon_code: string;
      coupon_discount: number;
      shipping: number;
      grand_total: number;
      coupon_id: string;
    }>("select coupon_id, coupon_code, coupon_discount, shipping, grand_total from orders where id = ?", placed.id);
    expect(order).toMatchObject({
      coupon_id: id,
      coupon_code: code,
      coupon_discount: 10000,
      shipping: 0,
      grand_total: 40000,
    });
    // The confirmation (and the owner's alert, where there is an owner's address) names the code.
    const mails = await raw.all<{ kind: string; text_body: string }>(
      "select kind, text_body from mail_outbox where invoice_order_id = ? or text_body like ?",
      placed.id,
      `%${placed.id.slice(-6)}%`,
    );
    expect(mails.map((m) => m.kind)).toContain("order-confirmation");
    for (const m of mails) expect(m.text_body).toContain(`Code ${code}`);
    expect(await refusal(placeOrder(u.id, input))).toBe(f.couponUsedUpForYou(code));
    expect(await checkCoupon(code, 50000, u.id)).toEqual({ ok: false, message: f.couponUsedUpForYou(code) });
  });

  it("says why a code does not apply; paused or scheduled codes answer as unknown ones (issue #50)", async () => {
    const u = await user("why");
    const code = () => `WHY${newId().slice(-6)}`.toUpperCase();
    const check = (c: string, goods = 100000) =>
      checkCoupon(c.toLowerCase(), goods, u.id).then((r) => (r.ok ? "ok" : r.message));
    // A code already in the shopper's signed cookie may say why it stopped applying.
    const applied = (c: string) =>
      checkCoupon(c, 100000, u.id, new Date(), app.db, true).then((r) => (r.ok ? "ok" : r.message));
    expect(await check("NOSUCH1")).toBe(f.couponUnknown("NOSUCH1"));
    const soon = code();
    await coupon({ code: soon, startsAt: "2999-01-01T00:00" });
    expect(await check(soon)).toBe(f.couponUnknown(soon));
    expect(await applied(soon)).toBe(f.couponNotStarted(soon));
    const old = code();
    await coupon({ code: old, startsAt: "2020-01-01T00:00", endsAt: "2020-02-01T00:00" });
    expect(await check(old)).toBe(f.couponExpired(old));
    const paused = code();
    await setCouponActive(await coupon({ code: paused }), false);
    expect(await check(paused)).toBe(f.couponUnknown(paused));
    expect(await applied(paused)).toBe(f.couponPaused(paused));
    const used = code();
    await raw.run("update coupons set uses = 1 where id = ?", await coupon({ code: used, maxUses: "1" }));
    expect(await check(used)).toBe(f.couponUsedUp(used));
    const min = code();
    await coupon({ code: min, minOrder: "1500" });
    expect(await check(min)).toBe(f.couponBelowMinimum(min, "₹1,500.00"));
    expect(await check(min, 150000)).toBe("ok");
    await expect(coupon({ code: min })).rejects.toThrow(CODE_TAKEN);
  });
});
