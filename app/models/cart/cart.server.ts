import { and, eq, inArray, isNull } from "drizzle-orm";
import { createCookie } from "react-router";
import { db } from "~/db/client.server";
import { products } from "~/db/schema";
import { env } from "~/env.server";
import { CART_COOKIE, cartTotals, parseCart, type CartEntry } from "~/lib/cart";
import { textIn } from "~/lib/catalogue-text";
import type { Language } from "~/lib/i18n/languages";
import { messagesFor } from "~/lib/i18n/messages";
import { chosenSize, sizesOf, sizesOfProduct } from "~/models/catalogue/sizes.server";
import { requestLanguage } from "~/utils/language.server";
import { redirectWithToast } from "~/utils/toast.server";

// The cart lives in the browser as product ids and quantities only; names, prices and images
// are read from the database whenever it is shown, so a price change shows at once.
const cartCookie = createCookie(CART_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: env.cookieSecure,
  maxAge: 60 * 60 * 24 * 60,
});

export const readCart = (request: Request): Promise<CartEntry[]> => readCartCookie(request.headers.get("Cookie"));

/** The cart a Cookie header carries (empty when it carries none, or a broken one). */
export async function readCartCookie(cookieHeader: string | null): Promise<CartEntry[]> {
  try {
    return parseCart(await cartCookie.parse(cookieHeader));
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
  /** The size as the cookie names it ("": none, the default size): the line's forms post it back. */
  size: string;
  /** The size the line sells (the default one when the cookie names none); null: no sizes. */
  sizeId: string | null;
  /** That size's label in the page's language; "" without sizes. */
  sizeLabel: string;
  name: string;
  image: string;
  price: number;
  qty: number;
  stock: number;
  status: LineStatus;
};

/**
 * The cart joined with the catalogue, names and size labels in `language`; ids the shop never
 * had are dropped. A line whose size was removed (soft-deleted, unknown) is dropped too and
 * named in `goneSizes`, for the page to say so and to store the cart without it (issue #37).
 */
export async function readCartLines(
  cart: CartEntry[],
  language: Language = "en",
): Promise<{ lines: CartLine[]; goneSizes: string[] }> {
  if (cart.length === 0) return { lines: [], goneSizes: [] };
  const ids = cart.map((e) => e.id);
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
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sizes = await sizesOf(ids, language);
  const goneSizes: string[] = [];
  const lines = cart.flatMap((entry) => {
    const p = byId.get(entry.id);
    if (!p) return [];
    const name = textIn(language, p.name, p.nameHi);
    const size = chosenSize(sizes.get(p.id), entry.size);
    if (size === undefined) {
      goneSizes.push(name);
      return [];
    }
    // A size sells at its own price and from its own stock; a product without sizes from its own.
    const stock = size ? size.stock : p.stock;
    const status: LineStatus = p.deletedAt ? "deleted" : stock <= 0 ? "soldout" : entry.qty > stock ? "short" : "ok";
    return [
      {
        id: p.id,
        size: entry.size ?? "",
        sizeId: size?.id ?? null,
        sizeLabel: size?.label ?? "",
        name,
        image: size?.image || p.image,
        price: size ? size.price : p.price,
        qty: entry.qty,
        stock,
        status,
      },
    ];
  });
  return { lines, goneSizes };
}

/** The cart's lines (those whose size was removed left out). */
export async function cartLines(cart: CartEntry[], language: Language = "en"): Promise<CartLine[]> {
  return (await readCartLines(cart, language)).lines;
}

/** The cart without the entries whose size was removed: what the cookie keeps once they were said. */
export function withoutGoneSizes(cart: CartEntry[], lines: CartLine[]): CartEntry[] {
  return cart.filter((e) => lines.some((l) => l.id === e.id && l.size === (e.size ?? "")));
}

/**
 * A line whose size the owner removed leaves the cart with a message, never a failure (issue
 * #37): the cookie is stored without it and the shopper lands on the cart, which says so.
 */
export async function dropGoneSizes(request: Request, cart: CartEntry[], lines: CartLine[], goneSizes: string[]) {
  const t = messagesFor(requestLanguage(request)).cart;
  return redirectWithToast(
    request,
    "/cart",
    { type: "error", title: t.sizeGone(goneSizes.join(", ")) },
    { headers: { "Set-Cookie": await commitCart(withoutGoneSizes(cart, lines)) } },
  );
}

/**
 * A live product's id and stock for adding it to a cart, in the size asked for (the default one
 * when none is): `size` is that size's id (undefined without sizes), `stock` its stock. Undefined
 * when there is no such product, or no such live size.
 */
export async function productForCart(
  id: string,
  sizeId?: string,
): Promise<{ id: string; stock: number; size?: string } | undefined> {
  const [product] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!product) return undefined;
  const size = chosenSize(await sizesOfProduct(id), sizeId);
  if (size === undefined) return undefined;
  return size ? { id: product.id, stock: size.stock, size: size.id } : product;
}

/** Totals count only what can be bought; checkout needs every line available. */
export function cartSummary(lines: CartLine[]) {
  const buyable = lines.filter((l) => l.status === "ok");
  return { ...cartTotals(buyable), canCheckout: lines.length > 0 && buyable.length === lines.length };
}
