import { and, eq, inArray, isNull } from "drizzle-orm";
import { createCookie } from "react-router";
import { db } from "~/db/client.server";
import { products } from "~/db/schema";
import { env } from "~/env.server";
import { CART_COOKIE, cartTotals, parseCart, type CartEntry } from "~/lib/cart";
import { textIn } from "~/lib/catalogue-text";
import type { Language } from "~/lib/i18n/languages";

// The cart lives in the browser as product ids and quantities only; names, prices and images
// are read from the database whenever it is shown, so a price change shows at once.
const cartCookie = createCookie(CART_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: env.cookieSecure,
  maxAge: 60 * 60 * 24 * 60,
});

export async function readCart(request: Request): Promise<CartEntry[]> {
  try {
    return parseCart(await cartCookie.parse(request.headers.get("Cookie")));
  } catch {
    return [];
  }
}

export function commitCart(cart: CartEntry[]): Promise<string> {
  return cart.length === 0 ? cartCookie.serialize([], { maxAge: 0 }) : cartCookie.serialize(cart);
}

export type LineStatus = "ok" | "deleted" | "soldout" | "short";
export type CartLine = {
  id: string;
  name: string;
  image: string;
  price: number;
  qty: number;
  stock: number;
  status: LineStatus;
};

/** The cart joined with the catalogue, names in `language`; ids the shop never had are dropped. */
export async function cartLines(cart: CartEntry[], language: Language = "en"): Promise<CartLine[]> {
  if (cart.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      nameHi: products.nameHi,
      image: products.image,
      price: products.price,
      stock: products.stock,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        cart.map((e) => e.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cart.flatMap((entry) => {
    const p = byId.get(entry.id);
    if (!p) return [];
    const status: LineStatus = p.deletedAt
      ? "deleted"
      : p.stock <= 0
        ? "soldout"
        : entry.qty > p.stock
          ? "short"
          : "ok";
    return [
      {
        id: p.id,
        name: textIn(language, p.name, p.nameHi),
        image: p.image,
        price: p.price,
        qty: entry.qty,
        stock: p.stock,
        status,
      },
    ];
  });
}

/** A live product's id and stock, for adding it to a cart; undefined when there is none. */
export async function productForCart(id: string): Promise<{ id: string; stock: number } | undefined> {
  const [product] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return product;
}

/** Totals count only what can be bought; checkout needs every line available. */
export function cartSummary(lines: CartLine[]) {
  const buyable = lines.filter((l) => l.status === "ok");
  return { ...cartTotals(buyable), canCheckout: lines.length > 0 && buyable.length === lines.length };
}
