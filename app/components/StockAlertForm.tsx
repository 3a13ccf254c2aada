import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import type { action as alertAction } from "~/routes/stock-alerts";
import { showToast } from "~/utils/toast.client";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * "Tell me when it's back" on a sold-out product or size (issue #39): an e-mail field and a button.
 * Without JS it posts to /stock-alerts, which comes back here with a toast; with JS a fetcher posts
 * (reply=data) and the page stays. `email` is the logged-in customer's address, "" for a guest,
 * so a guest's (cached) page is the same for every guest. Plain HTML validation only: a guest's
 * product page loads no zod; the server's schema is the authority.
 */
export function StockAlertForm({ productId, size, email }: { productId: string; size: string; email: string }) {
  const fetcher = useFetcher<typeof alertAction>();
  const hydrated = useHydrated();
  const t = useMessages();
  const answer = fetcher.data;
  const toast = answer && "toast" in answer ? answer.toast : null;
  const error = answer && "error" in answer ? answer.error : null;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  const a = t.stockAlert;
  return (
    <fetcher.Form method="post" action="/stock-alerts" className="stock-alert" id="alert" aria-labelledby="alert-title">
      <h2 id="alert-title">{a.title}</h2>
      <p className="muted">{a.text}</p>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value={size} />
      {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
      <label htmlFor="alert-email">{a.email}</label>
      <div className="stock-alert-row">
        <input
          id="alert-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={email}
          aria-describedby="alert-error"
        />
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? a.sending : a.submit}
        </button>
      </div>
      <p id="alert-error" className="field-error" aria-live="polite">
        {error ? translateFeedback(t, error) : ""}
      </p>
    </fetcher.Form>
  );
}
