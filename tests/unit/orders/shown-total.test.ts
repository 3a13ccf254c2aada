import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { couponSchema } from "~/lib/coupon-schema";
import { en } from "~/lib/i18n/en";
import { createUser } from "~/models/accounts/users.server";
import { createCoupon } from "~/models/coupons/admin.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { TotalChanged } from "~/models/orders/order-error.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

// Issue #50, item 7: a code's terms changed between the checkout page and Place Order were charged
// silently. The total the page showed now travels with the order: any other total is refused with
// the new one, writing nothing and counting no use of the code. On both databases.
const raw = testDb(app);
const contact = { name: "Nila", email: "nila@example.com", phone: "9876543210" };
const shippingAddress = { address: "3 Beach Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" };

describe("the total the shopper saw", () => {
  it("a code made smaller after the page was shown: refused with the new total, nothing written", async () => {
    const u = await createUser({
      name: "Nila",
      email: `nila-${newId()}@example.com`,
      phone: "9876543210",
      password: "secret1",
    });
    const product = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, ?, ?, ?)", product, "Jar", 500_00, 10);
    const code = `SHOWN${newId().slice(-6)}`.toUpperCase();
    const couponId = await createCoupon(couponSchema.parse({ code, kind: "flat", amount: "100" }));
    const input = { contact, shippingAddress, items: [{ product, qty: 1 }], couponCode: code };
    // The page showed ₹500 - ₹100 + ₹49 shipping; then the owner made the code ₹50 off.
    const shown = 500_00 - 100_00 + 49_00;
    await raw.run("update coupons set amount = ? where id = ?", 50_00, couponId);

    const refusal = await placeOrder(u.id, { ...input, shownTotal: shown }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TotalChanged);
    expect((refusal as Error).message).toBe(en.feedback.totalChanged("₹499.00"));
    expect(await raw.value<number>("select count(*) from orders where user_id = ?", u.id)).toBe(0);
    expect(await raw.value<number>("select uses from coupons where id = ?", couponId)).toBe(0);
    expect(await raw.value<number>("select stock from products where id = ?", product)).toBe(10);

    // Placed at the total now shown, or with none given (the JSON door's original client).
    const placed = await placeOrder(u.id, { ...input, shownTotal: 499_00 });
    expect(await raw.value<number>("select grand_total from orders where id = ?", placed.id)).toBe(499_00);
    await placeOrder(u.id, input);
    expect(await raw.value<number>("select uses from coupons where id = ?", couponId)).toBe(2);
  });
});
