import { describe, expect, it } from "vitest";
import { ordersTabHref, PAYMENT_FILTER_INVALID, parseOrderFilter } from "~/lib/order-filter";
import { paymentState } from "~/lib/payment-state";
import { holdHours, upiPayUri } from "~/lib/upi";
import { UTR_INVALID, utrSchema } from "~/lib/utr-schema";

const payee = { id: "rkcandles@okaxis", name: "RK Candles" };
const ORDER = "65f0c0ffee0000000000abcd";

describe("upiPayUri (NPCI's linking format)", () => {
  it("writes payee, name with %20 for spaces, amount with two decimals, INR and the order's number", () => {
    const uri = upiPayUri(payee, 1446_00, ORDER);
    expect(uri).toBe("upi://pay?pa=rkcandles%40okaxis&pn=RK%20Candles&am=1446.00&cu=INR&tn=Order%2000abcd&tr=00abcd");
    const params = new URL(uri.replace("upi://pay", "http://x/")).searchParams;
    expect(params.get("pa")).toBe("rkcandles@okaxis");
    expect(params.get("pn")).toBe("RK Candles");
    expect(params.get("am")).toBe("1446.00");
    expect(params.get("cu")).toBe("INR");
    expect(params.get("tn")).toBe(`Order ${params.get("tr")}`);
    expect(uri).not.toContain("+");
  });
  it("keeps the paise: 5 paise is .05, 1 rupee 1.00", () => {
    expect(upiPayUri(payee, 99_05, ORDER)).toContain("am=99.05&");
    expect(upiPayUri(payee, 100, ORDER)).toContain("am=1.00&");
  });
  it("encodes every reserved character of a name", () => {
    expect(upiPayUri({ id: "a@b", name: "Ram & Sons (Candles)!" }, 100, ORDER)).toContain(
      "pn=Ram%20%26%20Sons%20%28Candles%29%21&",
    );
  });
  it("refuses an amount that is not whole paise above 0", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => upiPayUri(payee, bad, ORDER)).toThrow(RangeError);
  });
});

describe("utrSchema", () => {
  it("takes 12 digits, spaces ignored", () => {
    expect(utrSchema.parse({ utr: "412345678901" })).toEqual({ utr: "412345678901" });
    expect(utrSchema.parse({ utr: " 4123 4567 8901 " })).toEqual({ utr: "412345678901" });
  });
  it("refuses letters, 11 or 13 digits and nothing, with one message", () => {
    for (const utr of ["ABCDEFGHIJKL", "41234567890", "4123456789012", "4123-4567-8901", "", undefined]) {
      const parsed = utrSchema.safeParse({ utr });
      expect(parsed.success, String(utr)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(UTR_INVALID);
    }
  });
});

describe("paymentState and holdHours", () => {
  it("says where a payment stands", () => {
    expect(paymentState({ paymentMethod: "COD", isPaid: false, utr: null })).toBe("cod");
    expect(paymentState({ paymentMethod: "UPI", isPaid: false, utr: null })).toBe("awaiting");
    expect(paymentState({ paymentMethod: "UPI", isPaid: false, utr: "412345678901" })).toBe("checking");
    expect(paymentState({ paymentMethod: "UPI", isPaid: true, utr: "412345678901" })).toBe("paid");
  });
  it("writes hours as a person would", () => {
    expect(holdHours(24 * 3_600_000)).toBe("24");
    expect(holdHours(90 * 60_000)).toBe("1.5");
  });
});

describe("the Payment to check filter", () => {
  it("reads payment=check, keeps it in links, and refuses anything else with a message", () => {
    const { filter, errors } = parseOrderFilter(new URLSearchParams("payment=check&status=Placed"));
    expect(errors).toEqual([]);
    expect(filter).toEqual({ status: "Placed", payment: "check" });
    expect(ordersTabHref(filter, 2)).toBe("/admin/orders?status=Placed&payment=check&page=2");
    const bad = parseOrderFilter(new URLSearchParams("payment=paid&q=asha"));
    expect(bad.errors).toEqual([PAYMENT_FILTER_INVALID]);
    expect(bad.filter).toEqual({ q: "asha" });
  });
});
