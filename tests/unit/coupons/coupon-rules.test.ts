// Issue #39: the owner's coupon form refuses bad input with its message, and a code stacks in one
// stated order: goods − code − prepaid discount (on what is left) + shipping (0 with free shipping) + COD fee.
import { describe, expect, it } from "vitest";
import { orderRequestSchema } from "~/lib/checkout-schema";
import {
  CODE_INVALID,
  couponSchema,
  END_BEFORE_START,
  FLAT_INVALID,
  LIMIT_INVALID,
  PERCENT_INVALID,
} from "~/lib/coupon-schema";
import { en } from "~/lib/i18n/en";
import { priceBreakdown } from "~/lib/price-breakdown";

const form = (over: Record<string, unknown> = {}) => ({
  code: "diwali10",
  kind: "percent",
  amount: "10",
  minOrder: "",
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  ...over,
});
const messages = (over: Record<string, unknown>) => {
  const r = couponSchema.safeParse(form(over));
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("couponSchema", () => {
  it("keeps a code upper case, a percent in hundredths, rupees in paise, India times as instants", () => {
    const c = couponSchema.parse(
      form({ amount: "12.5", minOrder: "999", startsAt: "2026-11-01T09:00", endsAt: "2026-11-05T23:59", maxUses: "5" }),
    );
    expect(c).toMatchObject({ code: "DIWALI10", kind: "percent", amount: 1250, minOrder: 99900, maxUses: 5 });
    expect(c.maxUsesPerCustomer).toBeNull();
    expect(c.startsAt?.toISOString()).toBe("2026-11-01T03:30:00.000Z");
    expect(couponSchema.parse(form({ kind: "flat", amount: "150.50", freeShipping: "on" }))).toMatchObject({
      amount: 15050,
      freeShipping: true,
    });
  });

  it("refuses each bad field with its message", () => {
    expect(messages({ code: "A".repeat(10_000) })).toEqual([CODE_INVALID]);
    expect(messages({ code: "DI WALI" })).toEqual([CODE_INVALID]);
    expect(messages({ code: "AB" })).toEqual([CODE_INVALID]);
    expect(messages({ amount: "-10" })).toEqual([PERCENT_INVALID]);
    expect(messages({ amount: "200" })).toEqual([PERCENT_INVALID]);
    expect(messages({ amount: "10.123" })).toEqual([PERCENT_INVALID]);
    expect(messages({ kind: "flat", amount: "-5" })).toEqual([FLAT_INVALID]);
    expect(messages({ kind: "flat", amount: "0" })).toEqual([FLAT_INVALID]);
    expect(messages({ startsAt: "2026-11-05T10:00", endsAt: "2026-11-01T10:00" })).toEqual([END_BEFORE_START]);
    expect(messages({ maxUses: "0" })).toEqual([LIMIT_INVALID]);
    expect(messages({ maxUsesPerCustomer: "1.5" })).toEqual([LIMIT_INVALID]);
    expect(messages({ startsAt: "2026-02-31T10:00" }).length).toBe(1);
  });

  it("POST /api/orders: couponCode is optional, and a code of 10,000 characters gets a clear message", () => {
    const order = {
      contact: { name: "Nila", email: "nila@example.com", phone: "9876543210" },
      shippingAddress: { address: "3 Beach Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" },
      items: [{ product: "p1", qty: 1 }],
    };
    expect(orderRequestSchema.parse(order).couponCode).toBeUndefined();
    expect(orderRequestSchema.parse({ ...order, couponCode: " diwali10 " }).couponCode).toBe("diwali10");
    const long = orderRequestSchema.safeParse({ ...order, couponCode: "A".repeat(10_000) });
    expect(long.success ? null : long.error.issues[0]!.message).toBe(en.feedback.couponCodeInvalid);
  });
});

const LINES = [
  { price: 45000, qty: 2 },
  { price: 10000, qty: 1 },
]; // ₹1,000.00 of goods
const RULES = { prepaidDiscountPercent: 5, codFeePaise: 3000 };

describe("priceBreakdown with a coupon code", () => {
  it("takes the code off the goods first, then the prepaid discount off what is left", () => {
    const upi = priceBreakdown(LINES, "UPI", RULES, { kind: "percent", amount: 1000, freeShipping: false });
    expect(upi).toEqual({
      goods: 100000,
      couponDiscount: 10000,
      prepaidDiscount: 4500, // 5 % of ₹900, not of ₹1,000
      shipping: 4900,
      codFee: 0,
      total: 100000 - 10000 - 4500 + 4900,
    });
    const cod = priceBreakdown(LINES, "COD", RULES, { kind: "flat", amount: 25000, freeShipping: true });
    expect(cod).toEqual({
      goods: 100000,
      couponDiscount: 25000,
      prepaidDiscount: 0,
      shipping: 0,
      codFee: 3000,
      total: 78000,
    });
  });

  it("a flat code never takes more than the goods; shipping and fee stay", () => {
    const b = priceBreakdown(LINES, "COD", RULES, { kind: "flat", amount: 500000, freeShipping: false });
    expect(b.couponDiscount).toBe(100000);
    expect(b.total).toBe(4900 + 3000);
    expect(
      priceBreakdown(LINES, "UPI", RULES, { kind: "flat", amount: 500000, freeShipping: false }).prepaidDiscount,
    ).toBe(0);
  });

  it("no code: the same breakdown as before", () => {
    expect(priceBreakdown(LINES, "COD", RULES, null)).toEqual(priceBreakdown(LINES, "COD", RULES));
    expect(priceBreakdown(LINES, "COD", RULES).couponDiscount).toBe(0);
  });
});
