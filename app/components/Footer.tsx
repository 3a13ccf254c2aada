import { Link } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { SUPPORT } from "~/lib/shop";

/** `chat`: the shop's WhatsApp link from SHOP_WHATSAPP; the identity module's otherwise. */
export function Footer({ chat = SUPPORT.chat }: { chat?: string }) {
  const t = useMessages();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">{t.footer.support}</h2>
          <ul>
            <li>
              <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
            </li>
            <li>
              <a href={`tel:${SUPPORT.phoneE164}`}>{SUPPORT.phone}</a>
            </li>
            <li>
              <a href={chat} rel="noopener noreferrer" target="_blank">
                {t.footer.whatsapp}
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">{t.footer.followUs}</h2>
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
          <h2 id="footer-policies">{t.footer.policies}</h2>
          <ul>
            <li>
              <Link to="/about">{t.footer.about}</Link>
            </li>
            <li>
              <Link to="/policy/terms">{t.footer.terms}</Link>
            </li>
            <li>
              <Link to="/policy/privacy">{t.footer.privacy}</Link>
            </li>
            <li>
              <Link to="/policy/refund">{t.footer.refund}</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="container fineprint">{t.footer.fineprint}</p>
    </footer>
  );
}
