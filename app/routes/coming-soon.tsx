import { Link } from "react-router";
import { pageTitle } from "~/lib/shop";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Online payments coming soon") }];

// Served at /pay/online and /coming-soon (both say online payment is not offered yet).
export default function ComingSoon() {
  return (
    <section className="narrow">
      <h1>Online payments are coming soon</h1>
      <p>For now, every order is paid by cash on delivery.</p>
      <p>
        <Link to="/checkout" className="button primary">
          Back to checkout
        </Link>{" "}
        <Link to="/shop" className="button">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
