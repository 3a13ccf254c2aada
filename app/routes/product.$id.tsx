import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, isRouteErrorResponse, Link, useFetcher } from "react-router";
import { Price } from "~/components/Price";
import { ProductImage } from "~/components/ProductImage";
import { SizePicker } from "~/components/SizePicker";
import { Stars } from "~/components/Stars";
import { StockAlertForm } from "~/components/StockAlertForm";
import { env } from "~/env.server";
import { DELIVERY_DAYS, DISPATCH_DAYS, formatDate } from "~/lib/dates";
import { localizedPath } from "~/lib/i18n/languages";
import { metaLanguage, metaMessages, useLanguage, useMessages } from "~/lib/i18n/messages";
import { reviewSchema } from "~/lib/review-schema";
import { REVIEW_SUBMITTED, REVIEW_UPDATED } from "~/lib/review-texts";
import { breadcrumbJsonLd, originOf, productJsonLd, socialMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop";
import { queryInt } from "~/lib/shop-query";
import { FEW_LEFT, shownStock } from "~/lib/stock-shown";
import { getUser, requireUser } from "~/models/accounts/auth.server";
import { getProduct } from "~/models/catalogue/products.server";
import { postReview, reviewBy } from "~/models/catalogue/reviews.server";
import { sizesOfProduct } from "~/models/catalogue/sizes.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { markPersonal } from "~/utils/page-cache.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { showToast } from "~/utils/toast.client";
import { redirectWithToast } from "~/utils/toast.server";
import { useErrorToast } from "~/utils/use-error-toast";
import { useHydrated } from "~/utils/use-hydrated";
import type { Route } from "./+types/product.$id";
import type { action as cartAction } from "./cart";

// Only logged-in shoppers see the review form: its zod and conform code is fetched when it is
// rendered, so a guest's product page does not download it.
const ReviewForm = lazy(() => import("~/components/ReviewForm"));

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaMessages(matches);
  if (!loaderData) return [{ title: pageTitle(t.product.notFound) }];
  const { product } = loaderData;
  const origin = originOf(matches);
  const language = metaLanguage(matches);
  const path = localizedPath(language, `/product/${encodeURIComponent(product.id)}`);
  const description = product.description.slice(0, 155);
  return [
    { title: pageTitle(product.name) },
    { name: "description", content: description },
    ...socialMeta({
      origin,
      path,
      title: product.name,
      description,
      image: product.images[0] ?? product.image,
      price: product.price,
    }),
    productJsonLd(origin, product, path),
    breadcrumbJsonLd(origin, [
      { name: t.nav.home, path: localizedPath(language, "/") },
      { name: t.nav.shop, path: localizedPath(language, "/shop") },
      { name: product.name, path },
    ]),
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const product = await getProduct(params.id, language);
  if (!product) throw data({ message: "Product not found" }, { status: 404 });
  const search = new URL(request.url).searchParams;
  // Issue #37: the product's sizes; ?size=<id> checks one, else the first one in stock (else the default).
  // The stock as the page shows it (shownStock), so that its bytes, and its kept copy, stay the
  // same while an order leaves more than FEW_LEFT.
  const sizes = (await sizesOfProduct(product.id, language)).map(({ id, label, price, mrp, stock, image }) => ({
    id,
    label,
    price,
    mrp,
    stock: shownStock(stock),
    image,
  }));
  const size = (sizes.find((s) => s.id === search.get("size")) ?? sizes.find((s) => s.stock > 0) ?? sizes[0])?.id ?? "";
  // ?image=n picks the nth picture; anything else (or past the last) shows the first.
  const image = queryInt(search.get("image"), {
    fallback: 1,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  });
  const selected = image >= 1 && image <= product.images.length ? image - 1 : 0;
  const user = await getUser(request);
  // Issue #39 (STOCK_ALERTS): the sold-out form, prefilled on a logged-in customer's page where
  // something is sold out (the form can show: with JS, a sold-out size can be picked).
  const soldOutSomewhere = sizes.length > 0 ? sizes.some((s) => s.stock <= 0) : product.stock <= 0;
  const email = env.stockAlerts && soldOutSomewhere ? (user?.email ?? "") : "";
  // The customer's own review: one per customer per product, so posting again replaces it.
  const mine = user ? await reviewBy(product.id, user.id) : null;
  // Either is this one customer's: the page is theirs alone, never kept for others (issue #40).
  if (email || mine) markPersonal(context);
  return {
    product: { ...product, stock: shownStock(product.stock) },
    sizes,
    size,
    selected,
    loggedIn: user !== null,
    alerts: env.stockAlerts ? { email } : null,
    mine,
  };
}

const REVIEW_FIELDS = formFields(reviewSchema);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request, REVIEW_FIELDS);
  // The schema reads a rating from a number or its digits only; conform's own coercion (Number())
  // would take "0x5" or "1e0" first, which the JSON door refuses.
  const submission = parseWithZod(formData, { schema: reviewSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return refused(submission.reply());
  let done;
  try {
    done = await postReview(params.id, user, submission.value);
  } catch (error) {
    if (error instanceof RateLimited) return refused(submission.reply({ formErrors: [error.message] }), 429);
    throw error;
  }
  if (!done) throw data({ message: "Product not found" }, { status: 404 });
  return redirectWithToast(request, `/product/${params.id}#reviews`, {
    type: "success",
    title: done === "updated" ? REVIEW_UPDATED : REVIEW_SUBMITTED,
  });
}

function Gallery({ name, images, initial }: { name: string; images: string[]; initial: number }) {
  // Without JS the thumbnails are links (?image=n); with JS they switch instantly.
  const [selected, setSelected] = useState(initial);
  const t = useMessages().product;
  const main = images[selected] ?? "";
  return (
    <div className="gallery">
      <ProductImage
        src={main}
        alt={name}
        width={600}
        height={600}
        eager
        className="gallery-main"
        sizes="(min-width: 800px) 540px, 100vw"
      />
      {images.length > 1 ? (
        <ul className="thumbs" aria-label={t.morePictures}>
          {images.map((url, i) => (
            <li key={url}>
              <a
                href={`?image=${i + 1}`}
                aria-current={i === selected ? "true" : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  setSelected(i);
                }}
              >
                {/* The picture's words name the link, for a text browser as for a screen reader. */}
                <ProductImage src={url} alt={t.pictureOf(i + 1, images.length)} width={80} height={80} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const BUY_FORM = "buy-form";

/**
 * Quantity and Add to Cart: a bar that stays at the foot of a phone's screen (CSS) until the
 * shopper scrolls past it. Without JS it posts and comes back to #buy; with JS a fetcher posts
 * (reply=data, rendered only once hydrated) and the page stays where it is. Issues #21, #35.
 */
function BuyBox({ productId, stock }: { productId: string; stock: number }) {
  // The size radios sit above the bar (SizePicker) and join this form by its id.
  const fetcher = useFetcher<typeof cartAction>();
  const hydrated = useHydrated();
  const toast = fetcher.data && "toast" in fetcher.data ? fetcher.data.toast : null;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  const t = useMessages().product;
  const soldOut = stock <= 0;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/cart" className="add-to-cart buy-bar" id={BUY_FORM}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`/product/${productId}#buy`} />
      {/* Only the script adds it: a plain browser sends every field of the HTML, disabled or not. */}
      {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
      <label htmlFor="qty">{t.quantity}</label>
      <input
        id="qty"
        name="qty"
        type="number"
        min={1}
        max={stock <= FEW_LEFT ? Math.max(1, stock) : undefined}
        step={1}
        defaultValue={1}
        inputMode="numeric"
        required
        disabled={soldOut}
      />
      <button type="submit" className="button primary" disabled={soldOut || busy}>
        {busy ? t.adding : t.addToCart}
      </button>
    </fetcher.Form>
  );
}

/** What a cash-on-delivery shopper asks before buying, from the refund policy. */
function BuyFacts() {
  const t = useMessages().product;
  return (
    <ul className="buy-facts">
      <li>
        <strong>{t.cod}</strong>
        {t.codText}
      </li>
      <li>{t.dispatch(DISPATCH_DAYS, DELIVERY_DAYS)}</li>
      <li>
        {t.broken} <Link to="/policy/refund">{t.refundPolicy}</Link>
      </li>
    </ul>
  );
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sizes, size, selected, loggedIn, mine, alerts } = loaderData;
  // The checked size (issue #37) decides the price, MRP, stock and first picture shown: with JS
  // at once, from the loader's sizes; without JS each radio's label says its own price.
  const [sizeId, setSizeId] = useState(size);
  useEffect(() => setSizeId(size), [size]);
  const chosen = sizes.find((s) => s.id === sizeId);
  const { price, mrp, stock } = chosen ?? product;
  const images = chosen?.image ? [chosen.image, ...product.images.filter((i) => i !== chosen.image)] : product.images;
  const soldOut = stock <= 0;
  const m = useMessages();
  const language = useLanguage();
  const t = m.product;
  return (
    <article className="product">
      {/* key: a new ?image= link (or product) resets the gallery's state */}
      <Gallery
        key={`${product.id}-${selected}-${images[0] ?? ""}`}
        name={product.name}
        images={images}
        initial={chosen?.image ? 0 : selected}
      />
      <div className="product-info" id="buy">
        <h1>{product.name}</h1>
        <p className="product-price">
          <Price price={price} mrp={mrp} /> <span className="muted tax-note">{t.inclTaxes}</span>
        </p>
        <p>
          <Stars rating={product.rating} />{" "}
          <a href="#reviews">
            {product.numReviews} {t.reviews(product.numReviews)}
          </a>
        </p>
        {sizes.length > 0 ? (
          <SizePicker sizes={sizes} selected={sizeId} form={BUY_FORM} onSelect={setSizeId} alerts={alerts !== null} />
        ) : null}
        <p className={soldOut ? "stock out" : "stock"}>
          {soldOut ? t.soldOut : stock <= FEW_LEFT ? t.onlyLeft(stock) : t.inStock}
        </p>
        {soldOut && alerts ? (
          <StockAlertForm
            key={`${product.id}:${chosen?.id ?? ""}`}
            productId={product.id}
            size={chosen?.id ?? ""}
            email={alerts.email}
          />
        ) : null}
        <BuyBox productId={product.id} stock={stock} />
        <BuyFacts />
        <p>{product.description}</p>
      </div>
      <section id="reviews" className="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{m.reviews.title}</h2>
        {product.reviews.length === 0 ? <p>{m.reviews.none}</p> : null}
        <ul className="review-list">
          {product.reviews.map((r) => (
            <li key={r.id}>
              <p>
                <strong>{r.name || m.reviews.anonymous}</strong> <Stars rating={r.rating} />{" "}
                <time dateTime={r.createdAt.toISOString()} className="muted">
                  {formatDate(r.createdAt, language)}
                </time>
              </p>
              {r.comment ? <p>{r.comment}</p> : null}
            </li>
          ))}
        </ul>
        {loggedIn ? (
          <>
            {mine ? (
              <p className="muted" id="review-note">
                {m.feedback.reviewedAlready}
              </p>
            ) : null}
            {/* key: a posted review remounts the form, so it starts from what is now stored */}
            <Suspense fallback={<div className="review-form-placeholder" />}>
              <ReviewForm key={mine ? `${mine.rating}:${mine.comment}` : "new"} lastResult={actionData} mine={mine} />
            </Suspense>
          </>
        ) : (
          <p>
            {m.reviews.loginToReview}{" "}
            <Link to={`/login?redirect=${encodeURIComponent(`/product/${product.id}`)}`}>{m.reviews.login}</Link>
          </p>
        )}
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useMessages().product;
  useErrorToast(error);
  return (
    <section className="narrow">
      <h1>{notFound ? t.notFound : t.somethingWrong}</h1>
      <p>{notFound ? t.notFoundText : t.tryAgain}</p>
      <p>
        <Link to="/shop" className="button primary">
          {t.backToShop}
        </Link>
      </p>
    </section>
  );
}
