import { data, Form, Link, redirect, useRouteLoaderData, useSubmit } from "react-router";
import { CouponField } from "~/components/CouponField";
import { ProductImage } from "~/components/ProductImage";
import { Totals } from "~/components/Totals";
import { safeRedirect } from "~/lib/auth-schemas";
import { addQty, addToCart, type CartEntry, MAX_QTY, QTY_AT_LEAST_ONE, removeFromCart, setQty } from "~/lib/cart";
import { couponCodeSchema } from "~/lib/checkout-schema";
import { en } from "~/lib/i18n/en";
import { messagesFor, metaMessages, useMessages } from "~/lib/i18n/messages";
import { lineName } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { pageTitle, SHOP_NAME } from "~/lib/shop";
import { getUser } from "~/models/accounts/auth.server";
import {
  cartLines,
  cartSummary,
  commitCart,
  productForCart,
  readCart,
  readCartLines,
  dropGoneSizes,
  type CartLine,
} from "~/models/cart/cart.server";
import { appliedCoupon, commitCouponCode } from "~/models/coupons/applied.server";
import { checkCoupon } from "~/models/coupons/check.server";
import { countCouponTry } from "~/models/coupons/tries.server";
import { cartPricing } from "~/models/payments/pricing.server";
import type { loader as rootLoader } from "~/root";
import { type FormFields, readForm } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";
import type { Route } from "./+types/cart";

// Not noindex (issue #24 asks SEO 100 here): a crawler has no cookie, so it only ever sees the
// empty cart, and the page is never cached (Cache-Control: private, no-store).
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaMessages(matches).cart;
  return [{ title: pageTitle(t.title) }, { name: "description", content: t.description(SHOP_NAME) }];
};

const goodsOf = (lines: CartLine[]) => lines.reduce((sum, l) => (l.status === "ok" ? sum + l.price * l.qty : sum), 0);

export async function loader({ request }: Route.LoaderArgs) {
  const cart = await readCart(request);
  const { lines, goneSizes } = await readCartLines(cart, requestLanguage(request));
  if (goneSizes.length > 0) throw await dropGoneSizes(request, cart, lines, goneSizes);
  // Issue #39: the applied code, judged again on this cart (one that stopped applying is dropped).
  const user = lines.length > 0 ? await getUser(request) : null;
  const { coupon, showField } = await appliedCoupon(request, goodsOf(lines), user?.id ?? null, "/cart");
  return {
    lines,
    summary: cartSummary(lines),
    couponCode: coupon?.code ?? null,
    showCouponField: showField,
    ...cartPricing(
      lines.filter((l) => l.status === "ok"),
      coupon,
    ),
  };
}

const CART_FIELDS: FormFields = {
  intent: 1,
  productId: 1,
  sizeId: 1,
  qty: 1,
  redirectTo: 1,
  reply: 1,
  couponCode: 1,
};

/**
 * Apply (or remove) a coupon code (issue #39): judged on this cart and customer; applied, it is kept
 * in its cookie and the shopper goes back with a toast; refused, the page says why (400).
 */
async function applyCoupon(request: Request, ip: string, form: FormData, cart: CartEntry[]) {
  const back = safeRedirect(form.get("redirectTo"), "/cart");
  if (form.get("intent") === "uncoupon")
    return redirect(back, { headers: { "Set-Cookie": await commitCouponCode(null) } });
  const parsed = couponCodeSchema.safeParse(form.get("couponCode"));
  if (!parsed.success || !parsed.data) return data({ couponError: en.feedback.couponCodeInvalid }, { status: 400 });
  const user = await getUser(request);
  try {
    await countCouponTry({ ip, shopper: user?.id ?? ((await getSession(request)).id || null) });
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return data({ couponError: error.message }, { status: 429 });
  }
  const check = await checkCoupon(parsed.data, goodsOf(await cartLines(cart)), user?.id ?? null);
  if (!check.ok) return data({ couponError: check.message }, { status: 400 });
  const t = messagesFor(requestLanguage(request)).cart;
  return redirectWithToast(
    request,
    back,
    { type: "success", title: t.couponApplied(check.coupon.code) },
    { headers: { "Set-Cookie": await commitCouponCode(check.coupon.code) } },
  );
}

/**
 * Add to Cart from the product page. Without JS the shopper is sent back to where they were
 * (redirectTo) with a toast; with JS the page posts through a fetcher with reply=data and stays
 * put, so the answer is the toast itself (a redirect would navigate). Issue #21.
 */
async function add(request: Request, form: FormData, cart: CartEntry[]) {
  const t = messagesFor(requestLanguage(request)).cart;
  const stay = form.get("reply") === "data";
  const back = safeRedirect(form.get("redirectTo"), "/cart");
  const answer = (toast: Omit<Toast, "id">, to: string, headers?: HeadersInit) =>
    stay ? data({ toast }, { headers }) : redirectWithToast(request, to, toast, { headers });

  // No sizeId (an old page, a product without sizes): the product's default size.
  const product = await productForCart(String(form.get("productId") ?? ""), String(form.get("sizeId") ?? ""));
  if (!product) return answer({ type: "error", title: t.productGone }, "/shop");
  if (product.stock <= 0) return answer({ type: "error", title: t.soldOutToast }, back);
  const qty = addQty(form.get("qty"));
  if (qty === null) return answer({ type: "error", title: QTY_AT_LEAST_ONE }, back);
  let next = addToCart(cart, product.id, qty, product.size);
  const inCart = next.find((e) => e.id === product.id && e.size === product.size)?.qty ?? 0;
  // Never hold more than the shop has; say so rather than fail at checkout.
  if (inCart > product.stock) next = setQty(next, product.id, product.stock, product.size);
  return answer(
    {
      type: "success",
      title: t.added,
      description: inCart > product.stock ? t.onlyInStock(product.stock) : undefined,
      link: { href: "/cart", label: t.viewCart },
    },
    back,
    { "Set-Cookie": await commitCart(next) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, CART_FIELDS);
  const intent = form.get("intent");
  const productId = String(form.get("productId") ?? "");
  // The line's size as its cookie entry names it ("": the entry without a size).
  const sizeId = String(form.get("sizeId") ?? "") || undefined;
  let cart = await readCart(request);

  if (intent === "add") return add(request, form, cart);
  if (intent === "coupon" || intent === "uncoupon") return applyCoupon(request, ipOf(context), form, cart);
  if (intent === "update") cart = setQty(cart, productId, form.get("qty"), sizeId);
  else if (intent === "remove") cart = removeFromCart(cart, productId, sizeId);
  else if (intent === "clear") cart = [];
  else return redirect("/cart");
  return redirect("/cart", { headers: { "Set-Cookie": await commitCart(cart) } });
}

/** The lines a phone shows on its first screen: their pictures load with the page, not lazily. */
const FIRST_SCREEN_LINES = 3;

const lineKey = (line: CartLine) => (line.size ? `${line.id}-${line.size}` : line.id);

function Line({ line, eager }: { line: CartLine; eager: boolean }) {
  const submit = useSubmit();
  const t = useMessages().cart;
  const note = { ok: null, deleted: t.gone, soldout: t.soldOut, short: t.onlyLeft(line.stock) }[line.status];
  // Two sizes of one product are two lines: their ids and names tell them apart.
  const key = lineKey(line);
  const name = lineName(line.name, line.sizeLabel);
  return (
    <li className={line.status === "ok" ? "cart-line" : "cart-line unavailable"}>
      <ProductImage src={line.image} alt="" width={80} height={80} eager={eager} />
      <div className="cart-line-info">
        {line.status === "deleted" ? <strong>{line.name}</strong> : <Link to={`/product/${line.id}`}>{line.name}</Link>}{" "}
        {line.sizeLabel ? <span className="line-size">{line.sizeLabel}</span> : null}
        <span>
          {formatPaise(line.price)}
          {t.each}
        </span>
        {note ? <span className="line-warning">{note}</span> : null}
      </div>
      {/* noValidate: a 0 or junk quantity goes to the server, which floors it at 1. */}
      <Form method="post" className="cart-qty" noValidate>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="productId" value={line.id} />
        {line.size ? <input type="hidden" name="sizeId" value={line.size} /> : null}
        <label htmlFor={`qty-${key}`} className="visually-hidden">
          {t.quantityOf(name)}
        </label>
        <input
          id={`qty-${key}`}
          name="qty"
          type="number"
          min={1}
          max={MAX_QTY}
          step={1}
          inputMode="numeric"
          defaultValue={line.qty}
          key={line.qty}
          onChange={(e) => {
            if (e.currentTarget.value !== "") void submit(e.currentTarget.form, { preventScrollReset: true });
          }}
        />
        <button type="submit" className="button small">
          {t.update}
        </button>
      </Form>
      <span className="cart-line-total">{formatPaise(line.price * line.qty)}</span>
      <Form method="post" className="cart-remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={line.id} />
        {line.size ? <input type="hidden" name="sizeId" value={line.size} /> : null}
        <button type="submit" className="button small danger" aria-label={t.removeName(name)}>
          {t.remove}
        </button>
      </Form>
    </li>
  );
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, summary, prices, upiSaves, couponCode, showCouponField } = loaderData;
  const couponError = actionData && "couponError" in actionData ? actionData.couponError : null;
  // A guest goes straight to the login page that says why (checkout would send them there anyway):
  // one round trip less on a slow phone.
  const loggedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const t = useMessages().cart;
  if (lines.length === 0) {
    return (
      <section className="narrow">
        <h1>{t.title}</h1>
        <p>{t.empty}</p>
        <Link to="/shop" className="button primary">
          {t.goToShop}
        </Link>
      </section>
    );
  }
  return (
    <section>
      <h1>{t.title}</h1>
      <div className="cart">
        <ul className="cart-lines">
          {lines.map((line, i) => (
            <Line key={lineKey(line)} line={line} eager={i < FIRST_SCREEN_LINES} />
          ))}
        </ul>
        <aside className="summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t.summary}</h2>
          <Totals
            subtotal={prices.goods}
            prepaidDiscount={prices.prepaidDiscount}
            shipping={prices.shipping}
            codFee={prices.codFee}
            couponCode={couponCode}
            couponDiscount={prices.couponDiscount}
            total={prices.total}
          />
          {showCouponField ? <CouponField code={couponCode} error={couponError} /> : null}
          {upiSaves > 0 ? <p className="muted">{t.upiSaves(formatPaise(upiSaves))}</p> : null}
          {summary.canCheckout ? (
            <Link
              to={loggedIn ? "/checkout" : `/login?redirect=${encodeURIComponent("/checkout")}`}
              className="button primary block"
            >
              {t.proceed}
            </Link>
          ) : (
            <p className="line-warning" role="status">
              {t.removeUnavailable}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="button block">
              {t.clear}
            </button>
          </Form>
        </aside>
      </div>
    </section>
  );
}
