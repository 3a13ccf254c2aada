import { Link } from "react-router";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "RK Candles · Hand-poured soy candles" },
  { name: "description", content: "Hand-poured soy wax candles made in India. Cash on delivery, shipped across India." },
];

export default function Home() {
  return (
    <section className="hero-simple">
      <h1>Hand-poured soy candles</h1>
      <p>Small-batch soy wax, cotton wicks and scents from Indian gardens and kitchens.</p>
      <p>
        <Link to="/shop" className="button primary">
          Shop Now
        </Link>
      </p>
    </section>
  );
}
