import { data, Link } from "react-router";
import { env } from "~/env.server";
import { messagesFor, metaMessages, useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import { pageTitle } from "~/lib/shop";
import { stockAlertSchema } from "~/lib/stock-alert-schema";
import { getUser } from "~/models/accounts/auth.server";
import { AlertRefused, signUpForAlert } from "~/models/catalogue/stock-alerts.server";
import { readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/stock-alerts";

// "Tell me when it's back" (issue #39, STOCK_ALERTS): the sold-out page's form posts here. Without
// JS a sign-up redirects back to the product with a toast, and a refusal is this page (a 4xx) with
// its message and a link back; with JS the form's fetcher sends reply=data and stays on the page.
// The answer is the same whether or not the address was already waiting.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).stockAlert.title) },
  { name: "robots", content: "noindex" },
];

// By GET (the form lives on the product page) this page has only its link back to the shop. No
// redirect here: after a refused post React Router renders the page, running this loader too.
export const loader = () => null;

const FIELDS = { productId: 1, size: 1, email: 1, reply: 1 };
const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export async function action({ request, context }: Route.ActionArgs) {
  // The body is read first, whatever the answer: one left unread would hold a kept-alive connection.
  const form = await readForm(request, FIELDS);
  if (!env.stockAlerts) throw data({ message: "Not found" }, { status: 404 });
  const stay = form.get("reply") === "data";
  const productId = text(form.get("productId")).trim().slice(0, 64);
  const size = text(form.get("size")).trim().slice(0, 64);
  const back = productId
    ? `/product/${encodeURIComponent(productId)}${size ? `?size=${encodeURIComponent(size)}` : ""}#alert`
    : "/shop";
  const parsed = stockAlertSchema.safeParse({ productId, size, email: text(form.get("email")) });
  if (!parsed.success) return refused({ error: parsed.error.issues[0]!.message, back });
  const language = requestLanguage(request);
  const user = await getUser(request);
  try {
    await signUpForAlert(parsed.data, {
      ip: ipOf(context),
      // Kept with the alert only when it is the customer's own address.
      userId: user && user.email === parsed.data.email ? user.id : null,
      language,
    });
  } catch (error) {
    if (error instanceof RateLimited) return refused({ error: error.message, back }, 429);
    if (error instanceof AlertRefused) return refused({ error: error.message, back }, 409);
    throw error;
  }
  const toast = { type: "success" as const, title: messagesFor(language).stockAlert.saved };
  return stay ? data({ toast }) : redirectWithToast(request, back, toast);
}

/** A refused sign-up without JS: what was wrong, and the way back to the candle. */
export default function StockAlertRefused({ actionData }: Route.ComponentProps) {
  const t = useMessages();
  const answer = actionData && "error" in actionData ? actionData : null;
  return (
    <section className="narrow">
      <h1>{t.stockAlert.title}</h1>
      {answer ? (
        <p className="form-alert" role="alert">
          {translateFeedback(t, answer.error)}
        </p>
      ) : null}
      <p>
        <Link to={answer?.back ?? "/shop"} className="button primary">
          {t.stockAlert.backToShop}
        </Link>
      </p>
    </section>
  );
}
