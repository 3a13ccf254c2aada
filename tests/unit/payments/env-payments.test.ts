// The payment settings (issue #38, app/env.server.ts): all off unset; a bad one stops the start
// with a message naming it, and the rules that offer UPI instead of cash need SHOP_UPI_ID.
import { describe, expect, it } from "vitest";
import { env, parsePaymentSettings } from "~/env.server";
import { SHOP_NAME } from "~/lib/shop";

const UPI = { SHOP_UPI_ID: "rkcandles@okaxis" };

describe("payment settings", () => {
  it("unset: cash on delivery only, no rules, no confirmation (the tests' environment too)", () => {
    const off = {
      upi: null,
      upiHoldMs: 24 * 3_600_000,
      prepaidDiscountPercent: 0,
      codMaxPaise: null,
      codFeePaise: 0,
      codConfirm: false,
      codConfirmMs: null,
      whatsapp: null,
    };
    expect(parsePaymentSettings({})).toEqual(off);
    expect(env.payments).toEqual(off);
  });

  it("reads each setting into paise, milliseconds and the wa.me number", () => {
    expect(
      parsePaymentSettings({
        ...UPI,
        SHOP_UPI_NAME: " RK Candles Pvt Ltd ",
        UPI_HOLD_HOURS: "1.5",
        PREPAID_DISCOUNT_PERCENT: "2.5",
        COD_MAX_RUPEES: "5000",
        COD_FEE_RUPEES: "29.99",
        COD_CONFIRM: "true",
        COD_CONFIRM_HOURS: "48",
        SHOP_WHATSAPP: "+91 98765-43210",
      }),
    ).toEqual({
      upi: { id: "rkcandles@okaxis", name: "RK Candles Pvt Ltd" },
      upiHoldMs: 5_400_000,
      prepaidDiscountPercent: 2.5,
      codMaxPaise: 500000,
      codFeePaise: 2999,
      codConfirm: true,
      codConfirmMs: 48 * 3_600_000,
      whatsapp: "919876543210",
    });
    expect(parsePaymentSettings(UPI).upi).toEqual({ id: "rkcandles@okaxis", name: SHOP_NAME });
    // The COD fee needs no UPI: every order then pays it.
    expect(parsePaymentSettings({ COD_FEE_RUPEES: "30" }).codFeePaise).toBe(3000);
  });

  it.each([
    [{ SHOP_UPI_ID: "not a upi id" }, "SHOP_UPI_ID must be a UPI ID like shopname@okaxis"],
    [{ ...UPI, SHOP_UPI_NAME: "a\nb" }, "SHOP_UPI_NAME must be one line of plain text"],
    [{ ...UPI, SHOP_UPI_NAME: "x".repeat(51) }, "SHOP_UPI_NAME must be at most 50 characters"],
    [{ UPI_HOLD_HOURS: "0" }, "UPI_HOLD_HOURS must be more than 0"],
    [{ UPI_HOLD_HOURS: "soon" }, "UPI_HOLD_HOURS must be a number of hours"],
    [{ UPI_HOLD_HOURS: "721" }, "UPI_HOLD_HOURS must be at most 720"],
    [{ ...UPI, PREPAID_DISCOUNT_PERCENT: "0" }, "PREPAID_DISCOUNT_PERCENT must be more than 0"],
    [{ ...UPI, PREPAID_DISCOUNT_PERCENT: "51" }, "PREPAID_DISCOUNT_PERCENT must be at most 50"],
    [{ ...UPI, PREPAID_DISCOUNT_PERCENT: "2.505" }, "PREPAID_DISCOUNT_PERCENT must have at most 2 decimals"],
    [{ ...UPI, COD_MAX_RUPEES: "999.5" }, "COD_MAX_RUPEES must be a whole number of rupees"],
    [{ ...UPI, COD_MAX_RUPEES: "0" }, "COD_MAX_RUPEES must be at least 1"],
    [{ COD_FEE_RUPEES: "-1" }, "COD_FEE_RUPEES must be 0 or more"],
    [{ COD_FEE_RUPEES: "30.001" }, "COD_FEE_RUPEES must have at most 2 decimals (paise)"],
    [{ COD_FEE_RUPEES: "10001" }, "COD_FEE_RUPEES must be at most 10000"],
    [{ COD_CONFIRM: "yes" }, "COD_CONFIRM must be true or false"],
    [{ SHOP_WHATSAPP: "12345" }, "SHOP_WHATSAPP must be an Indian mobile number"],
  ])("refuses %o: %s", (vars, message) => {
    expect(() => parsePaymentSettings(vars)).toThrow(`Invalid environment: ${message}`);
  });

  it("refuses the rules that offer UPI instead of cash without SHOP_UPI_ID, and hours without COD_CONFIRM", () => {
    const needsUpi = "needs SHOP_UPI_ID (it offers UPI instead of cash)";
    expect(() => parsePaymentSettings({ PREPAID_DISCOUNT_PERCENT: "5" })).toThrow(
      `PREPAID_DISCOUNT_PERCENT ${needsUpi}`,
    );
    expect(() => parsePaymentSettings({ COD_MAX_RUPEES: "1000" })).toThrow(`COD_MAX_RUPEES ${needsUpi}`);
    expect(() => parsePaymentSettings({ COD_CONFIRM_HOURS: "48" })).toThrow("COD_CONFIRM_HOURS needs COD_CONFIRM=true");
    expect(() => parsePaymentSettings({ COD_CONFIRM: "false", COD_CONFIRM_HOURS: "48" })).toThrow(
      "COD_CONFIRM_HOURS needs COD_CONFIRM=true",
    );
    expect(parsePaymentSettings({ COD_CONFIRM: "1", COD_CONFIRM_HOURS: "48" }).codConfirmMs).toBe(48 * 3_600_000);
  });
});
