import { Link } from "react-router";
import { pageTitle, SHOP_NAME } from "~/lib/shop";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("About") },
  { name: "description", content: "Who we are: a small studio hand-pouring soy wax candles in India." },
];

export default function About() {
  return (
    <article className="prose">
      <h1>About</h1>
      <p>
        {`${SHOP_NAME} is a small studio that hand-pours soy wax candles in small batches. We use natural soy wax, lead-free cotton wicks and fragrances inspired by Indian gardens, kitchens and monsoons.`}
      </p>
      <p>
        Every candle is poured, cured and packed by hand, then shipped anywhere in India with cash on delivery.
        Questions? Write to us from the links at the bottom of every page.
      </p>
      <p>
        <Link to="/shop" className="button primary">
          Shop candles
        </Link>
      </p>
    </article>
  );
}
