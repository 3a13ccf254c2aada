// Issue #34, item 6: the GST place of supply comes from the PIN where the PIN directory gives it
// one state, is fixed when the order is placed (orders.supply_state_code) and never changes when
// the invoice is drawn again; PINs that cannot be a civilian address are refused.
import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { checkoutSchema, orderRequestMessage, orderRequestSchema } from "~/lib/checkout-schema";
import { gstStateByCode } from "~/lib/gst-states";
import { PIN_INVALID } from "~/lib/pincode";
import type { GstSettings } from "~/lib/tax-invoice";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { toInvoiceOrder } from "~/models/invoices/order-invoice.server";
import { taxInvoiceFor } from "~/models/invoices/tax-invoice.server";
import { getOrderFor } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app);

const seller = (code: string): GstSettings => ({
  gstin: `${code}AAGCB7383J1Z4`,
  legalName: "RK Candles Private Limited",
  address: "12, 4th Cross, Indiranagar",
  state: gstStateByCode(code)!,
  ratePercent: 18,
});
const KARNATAKA = seller("29");
const DELHI = seller("07");

const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
const address = (pin: string, state: string) => ({ address: "1 Janpath", city: "New Delhi", state, pin });

let user: { id: string; isAdmin: boolean };
let product: string;
beforeAll(async () => {
  user = await createUser({ name: "Asha", email: "asha-supply@example.com", phone: "9876543210", password: "secret1" });
  product = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, 'Supply Jar', 118000, 100)", product);
  // The directory as India Post lists them: 110001 in Delhi; 160003 with offices in two states.
  const office = (pin: number, name: string, district: string, state: string) =>
    raw.run(
      "insert into pincodes (pin, name, block, district, state) values (?, ?, null, ?, ?)",
      pin,
      name,
      district,
      state,
    );
  await office(110001, "Connaught Place S.O", "Central Delhi", "Delhi");
  await office(110001, "Janpath S.O", "Central Delhi", "Delhi");
  await office(160003, "Sector 3 S.O", "Chandigarh", "Chandigarh");
  await office(160003, "Mullanpur B.O", "Mohali", "Punjab");
});

/** Places an order through the API's schema, as POST /api/orders does, and reads it back. */
async function place(pin: string, state: string) {
  const input = orderRequestSchema.parse({
    contact,
    shippingAddress: address(pin, state),
    items: [{ product, qty: 1 }],
  });
  const { id } = await placeOrder(user.id, input);
  const stored = await raw.value<string | null>("select supply_state_code from orders where id = ?", id);
  return { id, stored };
}

/** The tax invoice of a placed order, drawn from the stored order as My Orders draws it. */
async function figures(placed: { id: string }, settings: GstSettings) {
  const order = (await getOrderFor(user, placed.id))!;
  return taxInvoiceFor({ ...toInvoiceOrder(order), gstRatePercent: 18 }, settings)!;
}

describe("the place of supply, fixed when the order is placed", () => {
  it("PIN 110001 with the state typed as Karnataka: Delhi, so IGST for a Karnataka seller", async () => {
    const placed = await place("110001", "Karnataka");
    expect(placed.stored).toBe("07");
    // The shipping address keeps what was typed; the place of supply is the PIN's.
    expect(await raw.value("select state from orders where id = ?", placed.id)).toBe("Karnataka");
    const k = await figures(placed, KARNATAKA);
    expect(k.placeOfSupply.label).toBe("Delhi (07)");
    expect(k.kind).toBe("IGST");
    expect(k.totals.igst).toBe(k.totals.tax);
    expect(k.totals.cgst + k.totals.sgst).toBe(0);
    expect((await figures(placed, DELHI)).kind).toBe("CGST+SGST");
  });

  it("a PIN the directory lacks (1-8) is taken, and the typed state decides", async () => {
    const placed = await place("560099", "Karnataka");
    expect(placed.stored).toBe("29");
    expect((await figures(placed, KARNATAKA)).kind).toBe("CGST+SGST");
  });

  it("a PIN with offices in two states: the typed state decides", async () => {
    expect((await place("160003", "Punjab")).stored).toBe("03");
    expect((await place("160003", "Chandigarh")).stored).toBe("04");
  });

  it("no state recognised: none stored, the typed state printed, IGST", async () => {
    const placed = await place("560099", "Atlantis");
    expect(placed.stored).toBeNull();
    const f = await figures(placed, KARNATAKA);
    expect(f.placeOfSupply).toEqual({ name: "Atlantis", code: null, label: "Atlantis" });
    expect(f.kind).toBe("IGST");
  });

  it("an issued invoice never changes: not when the directory does, nor when the stored address is edited", async () => {
    const placed = await place("110001", "Delhi");
    const before = await figures(placed, DELHI);
    await raw.run("update pincodes set state = 'Haryana' where pin = 110001");
    await raw.run("update orders set state = 'Karnataka' where id = ?", placed.id);
    try {
      expect(await figures(placed, DELHI)).toEqual(before);
      expect(before.kind).toBe("CGST+SGST");
    } finally {
      await raw.run("update pincodes set state = 'Delhi' where pin = 110001");
    }
  });
});

describe("PINs that cannot be a civilian address", () => {
  const body = (pin: string) => ({ contact, shippingAddress: address(pin, "Delhi"), items: [{ product, qty: 1 }] });

  it("are refused with the PIN message through both doors' schema", () => {
    for (const pin of ["000000", "999999", "012345", "912345", "11000", "1100011"]) {
      expect(orderRequestMessage(orderRequestSchema.safeParse(body(pin)).error!), pin).toBe(PIN_INVALID);
      const form = checkoutSchema.safeParse({ ...contact, ...address(pin, "Delhi") });
      expect(
        form.error?.issues.map((i) => i.message),
        pin,
      ).toEqual([PIN_INVALID]);
    }
  });

  it("while any six digits starting 1-8 pass", () => {
    for (const pin of ["100000", "110001", "899999"])
      expect(orderRequestSchema.safeParse(body(pin)).success).toBe(true);
  });
});
