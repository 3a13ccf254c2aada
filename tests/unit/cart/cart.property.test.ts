// Property tests of the cart cookie's parser and quantities.
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { coerceQty, MAX_LINES, MAX_QTY, parseCart } from "~/lib/cart";
import { hostileValue, polluter, qty } from "../../support/hostile-values";
import { expectNoPollution, RUNS } from "../../support/schema-properties";

afterEach(expectNoPollution);

describe("cart", () => {
  const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);
  const fewIds = fc.constantFrom("a".repeat(24), "b".repeat(24), "0123456789abcdef01234567");
  const cartId = fc.oneof(
    { weight: 3, arbitrary: fewIds },
    hexId,
    fc.constantFrom(
      "A".repeat(24),
      "a".repeat(23),
      "a".repeat(25),
      "g".repeat(24),
      ` ${"a".repeat(24)}`,
      `${"a".repeat(24)}\n`,
      "__proto__",
      "../../etc/passwd",
      "' OR 1=1",
    ),
    hostileValue,
  );
  const line = fc.oneof(
    { weight: 4, arbitrary: fc.record({ id: cartId, qty: fc.oneof(qty, hostileValue) }, { requiredKeys: [] }) },
    polluter,
    hostileValue,
  );
  const cookieValue = fc.oneof(
    { weight: 4, arbitrary: fc.array(line, { maxLength: 8 }) },
    fc.array(fc.record({ id: hexId, qty: fc.integer({ min: -5, max: 200 }) }), { minLength: 40, maxLength: 140 }),
    fc.array(fc.record({ id: fewIds, qty: fc.constant(60) }), { minLength: 2, maxLength: 5 }),
    hostileValue,
  );

  it("parseCart: never throws; at most 50 distinct lines of 24-hex ids with whole qty 1..99, and parsing again changes nothing", () => {
    fc.assert(
      fc.property(cookieValue, (value) => {
        const cart = parseCart(value);
        expect(Array.isArray(cart)).toBe(true);
        expect(cart.length).toBeLessThanOrEqual(MAX_LINES);
        expect(new Set(cart.map((e) => e.id)).size).toBe(cart.length);
        for (const entry of cart) {
          expect(Object.keys(entry).sort()).toEqual(["id", "qty"]);
          expect(entry.id).toMatch(/^[0-9a-f]{24}$/);
          expect(Number.isInteger(entry.qty)).toBe(true);
          expect(entry.qty).toBeGreaterThanOrEqual(1);
          expect(entry.qty).toBeLessThanOrEqual(MAX_QTY);
        }
        expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it("coerceQty: never throws; always a whole number 1..99, and keeps a sane quantity as it is", () => {
    fc.assert(
      fc.property(fc.oneof(hostileValue, qty, fc.integer({ min: 1, max: 99 }).map(String)), (value) => {
        const n = coerceQty(value);
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(MAX_QTY);
        expectNoPollution();
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        expect(coerceQty(n)).toBe(n);
        expect(coerceQty(String(n))).toBe(n);
        expect(coerceQty(` ${n}.7 `)).toBe(n);
      }),
      RUNS,
    );
  });
});
