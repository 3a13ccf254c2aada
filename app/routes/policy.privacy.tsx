import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.privacy";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Privacy") },
  { name: "description", content: "What we collect, why, and how we keep it safe." },
];

export default function Privacy() {
  return (
    <article className="prose">
      <h1>Privacy</h1>
      <p>
        We collect only what we need to deliver your order: your name, email, phone number and shipping address.
        Passwords are stored as one-way hashes. We never sell your data.
      </p>
      <p>
        Your cart is kept in a cookie on your device, and a session cookie keeps you logged in. We use no advertising or
        tracking cookies.
      </p>
      <p>We ship only within India; your address is shared only with the courier delivering your order.</p>
      <p>
        To see or delete your data, write to <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>.
      </p>
    </article>
  );
}
