// The GST settings (app/env.server.ts): off without SHOP_GSTIN; with it, a missing or bad setting
// stops the start with a message naming it, as every other setting does.
import { describe, expect, it } from "vitest";
import { env, parseGstSettings } from "~/env.server";

const GOOD = {
  SHOP_GSTIN: "29AAGCB7383J1Z4",
  SHOP_LEGAL_NAME: "RK Candles Private Limited",
  SHOP_ADDRESS: "12, 4th Cross, Indiranagar, Bengaluru 560038",
  SHOP_STATE: "Karnataka",
  GST_RATE_PERCENT: "18",
};

describe("GST settings", () => {
  it("without SHOP_GSTIN invoices stay plain, whatever else is set", () => {
    expect(parseGstSettings({})).toBeNull();
    expect(parseGstSettings({ ...GOOD, SHOP_GSTIN: undefined })).toBeNull();
    expect(env.gst).toBeNull();
    expect(env.invoicePrefix).toBe("RK");
  });

  it("reads a registration, forgiving case and spelling", () => {
    expect(
      parseGstSettings({ ...GOOD, SHOP_GSTIN: " 29aagcb7383j1z4 ", SHOP_STATE: "KARNATAKA", GST_RATE_PERCENT: "2.5" }),
    ).toEqual({
      gstin: "29AAGCB7383J1Z4",
      legalName: "RK Candles Private Limited",
      address: "12, 4th Cross, Indiranagar, Bengaluru 560038",
      state: { code: "29", name: "Karnataka" },
      ratePercent: 2.5,
    });
    expect(parseGstSettings({ ...GOOD, SHOP_GSTIN: "07AAACI1681G1ZR", SHOP_STATE: "NCT of Delhi" })?.state).toEqual({
      code: "07",
      name: "Delhi",
    });
  });

  it.each([
    [{ SHOP_LEGAL_NAME: undefined }, "Invalid environment: SHOP_LEGAL_NAME must be set when SHOP_GSTIN is"],
    [{ SHOP_ADDRESS: " " }, "Invalid environment: SHOP_ADDRESS must not be empty"],
    [{ SHOP_STATE: undefined }, "Invalid environment: SHOP_STATE must be set when SHOP_GSTIN is"],
    [{ GST_RATE_PERCENT: undefined }, "Invalid environment: GST_RATE_PERCENT must be set when SHOP_GSTIN is"],
    [
      { SHOP_STATE: "Atlantis" },
      "Invalid environment: SHOP_STATE must be an Indian state or union territory, e.g. Karnataka",
    ],
    [{ GST_RATE_PERCENT: "0" }, "Invalid environment: GST_RATE_PERCENT must be more than 0"],
    [{ GST_RATE_PERCENT: "40" }, "Invalid environment: GST_RATE_PERCENT must be at most 28"],
    [{ GST_RATE_PERCENT: "eighteen" }, "Invalid environment: GST_RATE_PERCENT must be a number, e.g. 18"],
    [{ GST_RATE_PERCENT: "12.125" }, "Invalid environment: GST_RATE_PERCENT must have at most 2 decimals"],
    [
      { SHOP_GSTIN: "29AAGCB7383J1Z5" },
      "Invalid environment: SHOP_GSTIN has a wrong check character (5; expected 4): a typo?",
    ],
    [{ SHOP_GSTIN: "29AAGCB7383J1Z" }, "Invalid environment: SHOP_GSTIN must be a 15-character GSTIN"],
    [{ SHOP_GSTIN: "" }, "Invalid environment: SHOP_GSTIN must be a 15-character GSTIN"],
    [{ SHOP_STATE: "Maharashtra" }, "Invalid environment: SHOP_GSTIN starts with 29, but SHOP_STATE Maharashtra is 27"],
  ])("%j stops the start: %s", (change, message) => {
    expect(() => parseGstSettings({ ...GOOD, ...change })).toThrow(message);
  });
});
