import { Link } from "react-router";
import { SUPPORT } from "~/lib/shop";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            <li>
              <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
            </li>
            <li>
              <a href={`tel:${SUPPORT.phoneE164}`}>{SUPPORT.phone}</a>
            </li>
            <li>
              <a href={SUPPORT.chat} rel="noopener noreferrer" target="_blank">
                Chat on WhatsApp
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul>
            {SUPPORT.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/policy/terms">Terms</Link>
            </li>
            <li>
              <Link to="/policy/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/policy/refund">Refund &amp; Returns</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="container fineprint">Hand-poured in India · Cash on delivery · Prices in ₹ (INR)</p>
    </footer>
  );
}
