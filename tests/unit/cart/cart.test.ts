import { describe, expect, it } from "vitest";
import {
  addQty,
  addToCart,
  cartCount,
  cartTotals,
  coerceQty,
  MAX_LINES,
  MAX_QTY,
  parseCart,
  removeFromCart,
  setQty,
  SHIPPING_PAISE,
} from "~/lib/cart";

const A = "a".repeat(24);
const B = "b".repeat(24);

describe("coerceQty (coerced to a number, floored at 1)", () => {
  it.each([
    [1, 1],
    [3, 3],
    ["2", 2],
    [" 4 ", 4],
    [2.9, 2],
    ["2.9", 2],
    [0, 1],
    [-5, 1],
    ["", 1],
    ["abc", 1],
    [NaN, 1],
    [Infinity, 1],
    [null, 1],
    [undefined, 1],
    [{}, 1],
    [[3], 1],
    [1e9, MAX_QTY],
    ["1e2", MAX_QTY],
  ])("%j → %i", (input, expected) => {
    expect(coerceQty(input)).toBe(expected);
  });
});

describe("addQty (the product page's quantity is at least 1; issue #21: below it adds nothing)", () => {
  it.each([
    ["1", 1],
    [" 3 ", 3],
    ["2.9", 2],
    [5, 5],
    ["150", MAX_QTY],
    [null, 1],
    [undefined, 1],
  ])("takes %j as %j", (value, expected) => {
    expect(addQty(value)).toBe(expected);
  });
  it.each(["0", "0.5", "-1", "", "  ", "abc", "NaN", "Infinity", 0, -2, Number.NaN, {}, []])("refuses %j", (value) => {
    expect(addQty(value)).toBeNull();
  });
});

describe("parseCart never fails: garbage is an empty cart", () => {
  it.each([
    null,
    undefined,
    "",
    "x",
    42,
    {},
    { id: A },
    [null],
    [1, 2],
    ["a"],
    [{ id: 5, qty: 1 }],
    [{ id: "../etc", qty: 1 }],
    [{ id: "__proto__", qty: 1 }],
  ])("%j → []", (value) => {
    expect(parseCart(value)).toEqual([]);
  });

  it("keeps valid lines, fixes quantities and merges duplicates", () => {
    expect(parseCart([{ id: A, qty: "2" }, { id: B, qty: -1 }, { id: A, qty: 3 }, { junk: true }])).toEqual([
      { id: A, qty: 5 },
      { id: B, qty: 1 },
    ]);
  });

  it("bounds the number of lines", () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: i.toString(16).padStart(24, "0"), qty: 1 }));
    expect(parseCart(many)).toHaveLength(MAX_LINES);
  });

  it("ignores extra fields such as a forged price", () => {
    expect(parseCart([{ id: A, qty: 1, price: 0.01, name: "<script>" }])).toEqual([{ id: A, qty: 1 }]);
  });
});

describe("cart operations (add, set, remove)", () => {
  it("adding an existing product grows its qty; a new one is appended", () => {
    let cart = addToCart([], A, 2);
    cart = addToCart(cart, B, 1);
    cart = addToCart(cart, A, 1);
    expect(cart).toEqual([
      { id: A, qty: 3 },
      { id: B, qty: 1 },
    ]);
    expect(cartCount(cart)).toBe(4);
  });
  it("qty changes are floored at 1; remove and clear", () => {
    const cart = [
      { id: A, qty: 3 },
      { id: B, qty: 1 },
    ];
    expect(setQty(cart, A, "0")).toEqual([
      { id: A, qty: 1 },
      { id: B, qty: 1 },
    ]);
    expect(setQty(cart, A, "7.8")).toEqual([
      { id: A, qty: 7 },
      { id: B, qty: 1 },
    ]);
    expect(removeFromCart(cart, A)).toEqual([{ id: B, qty: 1 }]);
    expect(addToCart([{ id: A, qty: MAX_QTY }], A, 5)).toEqual([{ id: A, qty: MAX_QTY }]);
  });
});

describe("cartTotals (flat ₹49 shipping above 0)", () => {
  it("charges flat ₹49 shipping when the subtotal is above 0", () => {
    expect(
      cartTotals([
        { price: 499_00, qty: 2 },
        { price: 349_50, qty: 1 },
      ]),
    ).toEqual({
      subtotal: 1347_50,
      shipping: SHIPPING_PAISE,
      total: 1396_50,
      count: 3,
    });
  });
  it("an empty cart costs nothing", () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, shipping: 0, total: 0, count: 0 });
  });
  it("stays exact in paise (no floating point drift)", () => {
    const t = cartTotals(Array.from({ length: 10 }, () => ({ price: 10, qty: 3 })));
    expect(t.subtotal).toBe(300);
    expect(t.total).toBe(300 + SHIPPING_PAISE);
  });
});

describe("cart entries with sizes (issue #37)", () => {
  const S = "c".repeat(24);
  const T = "d".repeat(24);
  it("keeps a size per entry; an old cookie's entries (no size) stay as they were", () => {
    expect(
      parseCart([
        { id: A, qty: 1 },
        { id: A, qty: 2, size: S },
        { id: A, qty: 1, size: S },
        { id: A, qty: 1, size: "../x" },
        { id: B, qty: 1, size: 5 },
      ]),
    ).toEqual([
      { id: A, qty: 1 },
      { id: A, qty: 3, size: S },
    ]);
    // No `size` key at all on an entry without one: the cookie keeps its old shape.
    expect(Object.keys(parseCart([{ id: A, qty: 1 }])[0]!)).toEqual(["id", "qty"]);
  });
  it("adds, sets and removes by product and size", () => {
    let cart = addToCart([{ id: A, qty: 1 }], A, 2, S);
    cart = addToCart(cart, A, 1, T);
    cart = addToCart(cart, A, 1, S);
    expect(cart).toEqual([
      { id: A, qty: 1 },
      { id: A, qty: 3, size: S },
      { id: A, qty: 1, size: T },
    ]);
    expect(setQty(cart, A, 5, T)[2]).toEqual({ id: A, qty: 5, size: T });
    expect(setQty(cart, A, 5)[0]).toEqual({ id: A, qty: 5 });
    expect(removeFromCart(cart, A, S)).toEqual([
      { id: A, qty: 1 },
      { id: A, qty: 1, size: T },
    ]);
    expect(removeFromCart(cart, A)).toHaveLength(2);
  });
});
