import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { rememberLastOrder } from "~/utils/last-order.client";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = () => [
  { title: "Thank you · RK Candles" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("o") ?? "";
  // Only an id of our own shape is echoed back into the page.
  if (!/^[0-9a-f]{24}$/.test(id)) throw redirect("/");
  return { id };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { id } = loaderData;
  useEffect(() => rememberLastOrder(id), [id]);
  return (
    <section className="narrow thank-you">
      <h1>Thank you!</h1>
      <p>
        Your order <strong>#{id.slice(-6)}</strong> has been placed. You will pay cash on delivery.
      </p>
      <p>We dispatch within 2-4 business days; delivery takes 5-9 business days.</p>
      <p>
        <Link to={`/orders?o=${id}`} className="button primary">
          View my orders
        </Link>{" "}
        <Link to="/shop" className="button">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
