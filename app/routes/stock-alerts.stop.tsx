import { data, Form, Link, redirect } from "react-router";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { pageTitle } from "~/lib/shop";
import { stopAlerts, stopTokenMatches } from "~/models/catalogue/stock-alerts.server";
import { readForm } from "~/utils/http.server";
import type { Route } from "./+types/stock-alerts.stop";

// The stop link of the back-in-stock mail (issue #39): /stock-alerts/stop?e=<address>&t=<token>.
// Opening it changes nothing (mail scanners open links); its button posts the address and token
// back and deletes the address's waiting alerts. Works logged out and without JS. The token is an
// HMAC of the address, so one address's link stops nothing of another's.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).stockAlert.stopTitle) },
  { name: "robots", content: "noindex" },
];

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 512) : "");

export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  if (search.get("done") === "1") return { state: "done" as const, email: "", token: "" };
  const email = text(search.get("e"));
  const token = text(search.get("t"));
  if (!stopTokenMatches(email, token))
    return data({ state: "invalid" as const, email: "", token: "" }, { status: 404 });
  return { state: "ask" as const, email, token };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, { e: 1, t: 1 });
  if (!(await stopAlerts(text(form.get("e")), text(form.get("t"))))) return data({ invalid: true }, { status: 404 });
  return redirect("/stock-alerts/stop?done=1");
}

export default function StopStockAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages().stockAlert;
  const state = actionData?.invalid ? "invalid" : loaderData.state;
  return (
    <section className="narrow">
      <h1>{t.stopTitle}</h1>
      {state === "done" ? <p role="status">{t.stopped}</p> : null}
      {state === "invalid" ? <p role="alert">{t.stopInvalid}</p> : null}
      {state === "ask" ? (
        <Form method="post">
          <p>{t.stopText(loaderData.email)}</p>
          <input type="hidden" name="e" value={loaderData.email} />
          <input type="hidden" name="t" value={loaderData.token} />
          <button type="submit" className="button primary">
            {t.stopButton}
          </button>
        </Form>
      ) : null}
      <p>
        <Link to="/shop">{t.backToShop}</Link>
      </p>
    </section>
  );
}
