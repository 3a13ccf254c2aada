// The cart's rules (quantities, lines, count, shipping and totals), shared by server and browser.
import { en } from "./i18n/en";

export const CART_COOKIE = "rk_cart_v1";
export const MAX_QTY = 99;
export const MAX_LINES = 50;
export const SHIPPING_PAISE = 49_00;

/**
 * One cart line: a product, and the size chosen on its page (issue #37). An entry without `size`
 * (every cookie written before sizes, a product without sizes) is the product's default size.
 */
export type CartEntry = { id: string; qty: number; size?: string };

const ID = /^[0-9a-f]{24}$/;

/** Two entries are the same line when they name the same product and the same size (or none). */
const same = (e: CartEntry, id: string, size: string | undefined) => e.id === id && (e.size ?? "") === (size ?? "");

/** An entry as the cookie keeps it: no `size` key at all when there is none (old cookies' shape). */
const entry = (id: string, qty: number, size: string | undefined): CartEntry =>
  size ? { id, qty, size } : { id, qty };

/** A cart quantity: coerced to a number, floored, at least 1 (and at most MAX_QTY). */
export function coerceQty(value: unknown): number {
  const n = typeof value === "number" ? value : Number(typeof value === "string" ? value.trim() || NaN : NaN);
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_QTY, Math.max(1, Math.floor(n)));
}

/** Said when the product page's quantity is below 1 (or not a number): nothing is added. */
export const QTY_AT_LEAST_ONE = en.feedback.qtyAtLeastOne;

/**
 * The product page's quantity is at least 1. Below that, or not a number, it is refused
 * (null) rather than raised to 1, so a 0 never adds a candle; a missing field means 1.
 */
export function addQty(value: unknown): number | null {
  if (value === null || value === undefined) return 1;
  const n = typeof value === "number" ? value : Number(typeof value === "string" ? value.trim() || NaN : NaN);
  return Number.isFinite(n) && n >= 1 ? coerceQty(n) : null;
}

/** Whatever the cookie holds, the result is a valid cart: garbage becomes an empty one. */
export function parseCart(value: unknown): CartEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: CartEntry[] = [];
  for (const item of value.slice(0, MAX_LINES * 2)) {
    if (item === null || typeof item !== "object") continue;
    const { id, qty, size } = item as Record<string, unknown>;
    if (typeof id !== "string" || !ID.test(id)) continue;
    // A size is a size id or nothing; anything else makes the entry garbage.
    if (size !== undefined && (typeof size !== "string" || !ID.test(size))) continue;
    const existing = entries.find((e) => same(e, id, size));
    if (existing) existing.qty = Math.min(MAX_QTY, existing.qty + coerceQty(qty));
    else if (entries.length < MAX_LINES) entries.push(entry(id, coerceQty(qty), size));
  }
  return entries;
}

/** An existing line (product and size) grows; a new one is appended. */
export function addToCart(cart: CartEntry[], id: string, qty: number, size?: string): CartEntry[] {
  if (cart.some((e) => same(e, id, size))) {
    return cart.map((e) => (same(e, id, size) ? entry(id, Math.min(MAX_QTY, e.qty + coerceQty(qty)), size) : e));
  }
  return cart.length >= MAX_LINES ? cart : [...cart, entry(id, coerceQty(qty), size)];
}

export function setQty(cart: CartEntry[], id: string, qty: unknown, size?: string): CartEntry[] {
  return cart.map((e) => (same(e, id, size) ? entry(id, coerceQty(qty), size) : e));
}

export function removeFromCart(cart: CartEntry[], id: string, size?: string): CartEntry[] {
  return cart.filter((e) => !same(e, id, size));
}

/** The cart's count is the sum of its quantities. */
export const cartCount = (cart: readonly { qty: number }[]) => cart.reduce((n, e) => n + e.qty, 0);

/** Flat ₹49 shipping when the subtotal is above 0; total = subtotal + shipping (paise). */
export function cartTotals(lines: readonly { price: number; qty: number }[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  const shipping = subtotal > 0 ? SHIPPING_PAISE : 0;
  return { subtotal, shipping, total: subtotal + shipping, count: cartCount(lines) };
}
export type CartTotals = ReturnType<typeof cartTotals>;
