// Property tests of the checkout schemas: the checkout form and the API's order.
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutSchema, orderRequestSchema } from "~/lib/checkout-schema";
import {
  blank,
  body,
  email,
  field,
  hex24,
  hostileNumber,
  hostileValue,
  mutate,
  name,
  over,
  phone,
  pin,
  price,
  productId,
  qty,
  type Sample,
  validEmail,
} from "../../support/hostile-values";
import { checkSchema, EMAIL_SHAPE, expectNoPollution, isTrimmed, keysWithin } from "../../support/schema-properties";

afterEach(expectNoPollution);

const contact: Sample = {
  valid: fc.record({
    name: fc.constantFrom("Asha Rao", " ज्योति ", "<b>Ravi</b>"),
    email: validEmail,
    phone: fc.constantFrom("9876543210", "+91 98765 43210", " 12 "),
  }),
  edges: {
    name: fc.oneof(blank, over(100)),
    email: fc.constantFrom("x", "a@b", `${"x".repeat(250)}@b.co`),
    phone: fc.oneof(blank, over(20)),
  },
};
const address: Sample = {
  valid: fc.record({
    address: fc.constantFrom("12 MG Road", "Flat 3, <b>Tower</b>", "'; DROP TABLE orders; --"),
    city: fc.constantFrom("Chennai", "मुंबई"),
    state: fc.constantFrom("Tamil Nadu", "Kerala"),
    pin: fc.constantFrom("110001", "560 001", "600-001"),
  }),
  edges: {
    address: fc.oneof(blank, over(300)),
    city: fc.oneof(blank, over(100)),
    state: fc.oneof(blank, over(100)),
    pin: fc.constantFrom("12345", "1234567", "abcdef", "١١٠٠٠١", "110001a1", "11 00 01 1", 110001),
  },
};
const checkout: Sample = {
  valid: fc.tuple(contact.valid, address.valid).map(([c, a]) => ({ ...c, ...a })),
  edges: { ...contact.edges, ...address.edges },
};
const orderItem: Sample = {
  valid: fc.record(
    { product: hex24, qty: fc.integer({ min: 1, max: 99 }), price: fc.integer({ min: 0, max: 5000 }) },
    { requiredKeys: ["product", "qty"] },
  ),
  edges: {
    product: fc.constantFrom("", "x".repeat(65), 5, null),
    // Fractions between 1 and 99 (fc.double would mostly give the bounds).
    qty: fc.oneof(
      fc.constantFrom(0, 100, 99.5, -1, "2", NaN, Infinity, 1e9),
      fc.integer({ min: 101, max: 9_899 }).map((n) => n / 100),
      fc.integer({ min: 100, max: 1_000 }),
    ),
    price: fc.constantFrom(-0.01, -1, Infinity, NaN, "100"),
  },
};
const order: Sample = {
  valid: fc.record({
    contact: contact.valid,
    shippingAddress: address.valid,
    items: fc.array(orderItem.valid, { minLength: 1, maxLength: 5 }),
    paymentMethod: fc.constant("COD"),
  }),
  edges: {
    contact: mutate(contact),
    shippingAddress: mutate(address),
    items: fc.oneof(
      fc.constant([]),
      fc.array(orderItem.valid, { minLength: 51, maxLength: 60 }),
      fc.tuple(fc.array(orderItem.valid, { maxLength: 3 }), mutate(orderItem)).map(([ok, bad]) => [...ok, bad]),
    ),
    paymentMethod: fc.constantFrom("cod", "CARD", "", null),
  },
};

const contactFields = { name: field(name), email: field(email), phone: field(phone, fc.string({ maxLength: 25 })) };
const addressFields = {
  address: field(fc.string({ minLength: 1, maxLength: 320 }), fc.constantFrom("12 MG Road", "  ")),
  city: field(fc.constantFrom("Chennai", "मुंबई", " "), fc.string({ maxLength: 110 })),
  state: field(fc.constantFrom("Tamil Nadu", "Kerala"), fc.string({ maxLength: 110 })),
  pin: field(pin),
};

function expectContact(d: { name: string; email: string; phone: string }) {
  for (const [key, max] of [
    ["name", 100],
    ["email", 254],
    ["phone", 20],
  ] as const) {
    expect(typeof d[key]).toBe("string");
    expect(isTrimmed(d[key])).toBe(true);
    expect(d[key].length).toBeGreaterThanOrEqual(1);
    expect(d[key].length).toBeLessThanOrEqual(max);
  }
  expect(d.email).toMatch(EMAIL_SHAPE);
}
function expectAddress(d: { address: string; city: string; state: string; pin: string }) {
  for (const [key, max] of [
    ["address", 300],
    ["city", 100],
    ["state", 100],
  ] as const) {
    expect(isTrimmed(d[key])).toBe(true);
    expect(d[key].length).toBeGreaterThanOrEqual(1);
    expect(d[key].length).toBeLessThanOrEqual(max);
  }
  expect(d.pin).toMatch(/^\d{6}$/);
}

describe("checkout schemas", () => {
  it("checkoutSchema: never throws; a success has every field trimmed, non-empty and bounded, a valid email and a 6-digit PIN", () => {
    checkSchema(
      body({ ...contactFields, ...addressFields }),
      (v) => checkoutSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["name", "email", "phone", "address", "city", "state", "pin"]);
        expectContact(d);
        expectAddress(d);
      },
      checkout,
    );
  });

  it("orderRequestSchema: never throws; a success has 1..50 items of whole qty 1..99, finite non-negative prices, COD only", () => {
    const item = body({ product: field(productId), qty: field(qty), price: field(price) });
    checkSchema(
      fc.oneof(
        body({
          contact: field(
            fc.record(contactFields, { requiredKeys: [] }),
            fc.record({ name, email, phone: fc.constant("9876543210") }),
          ),
          shippingAddress: field(
            fc.record(addressFields, { requiredKeys: [] }),
            fc.record({
              address: fc.constant("1 Road"),
              city: fc.constant("Chennai"),
              state: fc.constant("Tamil Nadu"),
              pin,
            }),
          ),
          items: field(
            fc.array(item, { maxLength: 3 }),
            fc.array(fc.record({ product: productId, qty: fc.integer({ min: 1, max: 99 }) }), {
              minLength: 1,
              maxLength: 55,
            }),
            fc.array(fc.record({ product: productId, qty, price }), { minLength: 1, maxLength: 3 }),
          ),
          paymentMethod: field(fc.constantFrom("COD", "cod", "CARD", "", undefined)),
        }),
        // Valid orders with one item whose product, qty or price is an edge or hostile value.
        {
          weight: 5,
          arbitrary: fc
            .tuple(
              order.valid,
              orderItem.valid,
              fc.constantFrom("product", "qty", "qty", "price"),
              fc.oneof(
                fc.record(orderItem.edges),
                fc.record({ product: hostileValue, qty: hostileNumber, price: hostileNumber }),
              ),
            )
            .map(([o, item, key, edge]) => ({
              ...o,
              items: [...(o.items as unknown[]), { ...item, [key]: edge[key] }],
            })),
        },
      ),
      (v) => orderRequestSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["contact", "shippingAddress", "items", "paymentMethod"]);
        expectContact(d.contact);
        expectAddress(d.shippingAddress);
        expect(d.items.length).toBeGreaterThanOrEqual(1);
        expect(d.items.length).toBeLessThanOrEqual(50);
        for (const it of d.items) {
          keysWithin(it, ["product", "qty", "price"]);
          expect(typeof it.product).toBe("string");
          expect(it.product.length).toBeGreaterThanOrEqual(1);
          expect(it.product.length).toBeLessThanOrEqual(64);
          expect(Number.isInteger(it.qty)).toBe(true);
          expect(it.qty).toBeGreaterThanOrEqual(1);
          expect(it.qty).toBeLessThanOrEqual(99);
          if (it.price !== undefined) {
            expect(Number.isFinite(it.price)).toBe(true);
            expect(it.price).toBeGreaterThanOrEqual(0);
          }
        }
        expect(d.paymentMethod === undefined || d.paymentMethod === "COD").toBe(true);
      },
      order,
    );
  });
});
