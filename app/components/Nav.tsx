import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { LANGUAGE_NAME, type Language, languageSwitchHref, localizedPath } from "~/lib/i18n/languages";
import { useLanguage, useMessages } from "~/lib/i18n/messages";
import { SHOP_NAME } from "~/lib/shop";
import { SearchIcon } from "./SearchIcon";

/** `languages`: the shop's languages when it has more than English (LANGUAGES), for the switch. */
/** The shopper as the header sees them: logged in (and the owner or not), or null for a guest. */
type Props = { user: { isAdmin: boolean } | null; cartCount: number; languages?: readonly Language[] };

// NavLink marks the link active when the path equals it or starts with it; `end` makes "/"
// match only itself.
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link active" : "nav-link");

export function Nav({ user, cartCount, languages }: Props) {
  const location = useLocation();
  const t = useMessages();
  const language = useLanguage();
  // Without JS the toggle is a plain checkbox and every navigation loads a closed menu;
  // with JS it is controlled so that client-side navigation closes it too.
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <header className="site-header">
      <nav className="nav container" aria-label={t.nav.mainLabel}>
        <Link to="/" className="brand">
          {SHOP_NAME}
        </Link>{" "}
        {/* The spaces between the bar's items keep their words apart without CSS (a flex row drops them).
            Issue #21: on a phone, search and the cart sit in the bar, not behind the menu. On a wide
            screen these two are hidden (the Shop link leads to search) and the menu's own Cart link
            shows: two links, one shown per width, so the focus order is the order on screen. */}
        <Link to="/shop#shop-q" className="nav-link nav-search">
          <SearchIcon />
          <span className="visually-hidden">{t.nav.search}</span>
        </Link>{" "}
        {/* The Cart button is for logged-in users; a guest who has filled a cart sees it too. */}
        {user || cartCount > 0 ? <CartLink count={cartCount} where="bar" /> : null}{" "}
        <input
          type="checkbox"
          id="nav-toggle"
          className="nav-toggle"
          checked={open}
          onChange={(e) => setOpen(e.currentTarget.checked)}
          aria-controls="nav-menu"
        />
        {/* CSS draws the ☰, so a text browser shows "[ ] Menu". */}
        <label htmlFor="nav-toggle" className="nav-toggle-label">
          {t.nav.menu}
        </label>{" "}
        {/* A list, so a text browser shows one link a line rather than "HomeShopLogin"; each item
            is display: contents, so the links lay out as the menu's own flex items. */}
        <ul id="nav-menu" className="nav-menu">
          <li>
            <NavLink to="/" end className={linkClass}>
              {t.nav.home}
            </NavLink>
          </li>
          <li>
            <NavLink to="/shop" className={linkClass}>
              {t.nav.shop}
            </NavLink>
          </li>
          {user ? (
            <li>
              <NavLink to="/orders" className={linkClass}>
                {t.nav.myOrders}
              </NavLink>
            </li>
          ) : null}
          {user ? (
            <li>
              <NavLink to="/account" className={linkClass}>
                {t.nav.account}
              </NavLink>
            </li>
          ) : null}
          {user?.isAdmin ? (
            <li>
              {language === "en" ? (
                <NavLink to="/admin" className={linkClass}>
                  {t.nav.admin}
                </NavLink>
              ) : (
                // The admin is the owner's, in English (issue #36): a page load out of the basename.
                <a href="/admin" className="nav-link">
                  {t.nav.admin}
                </a>
              )}
            </li>
          ) : null}
          {user || cartCount > 0 ? (
            <li>
              <CartLink count={cartCount} where="menu" />
            </li>
          ) : null}
          {user ? (
            <li>
              <Form method="post" action="/logout" className="nav-logout">
                <button type="submit" className="nav-link link-button">
                  {t.nav.logout}
                </button>
              </Form>
            </li>
          ) : (
            <>
              <li>
                <NavLink to="/login" className={linkClass}>
                  {t.nav.login}
                </NavLink>
              </li>
              <li>
                <NavLink to="/register" className={linkClass}>
                  {t.nav.signUp}
                </NavLink>
              </li>
            </>
          )}
          {languages ? <LanguageSwitch languages={languages} /> : null}
        </ul>
      </nav>
    </header>
  );
}

/** The Cart button with the cart's count of items; `where` says which of the two places it is for. */
function CartLink({ count, where }: { count: number; where: "bar" | "menu" }) {
  const t = useMessages();
  return (
    <NavLink to="/cart" className={({ isActive }) => `${linkClass({ isActive })} cart-button cart-in-${where}`}>
      {t.nav.cart}{" "}
      <span className="badge" aria-label={t.nav.cartItems(count)}>
        {count}
      </span>
    </NavLink>
  );
}

/**
 * "हिन्दी" on an English page, "English" on a Hindi one: a plain link to the same page in the other
 * language (a whole page load, as the other language is another basename), through /language,
 * which remembers the choice for the home page. Each name is in its own language, so that a
 * reader of either finds it. Search engines find the other page by the head's alternates.
 */
function LanguageSwitch({ languages }: { languages: readonly Language[] }) {
  const current = useLanguage();
  const { pathname, search } = useLocation();
  return languages
    .filter((l) => l !== current)
    .map((l) => (
      <li key={l}>
        <a href={languageSwitchHref(`${localizedPath(l, pathname)}${search}`)} className="nav-link" lang={l}>
          {LANGUAGE_NAME[l]}
        </a>
      </li>
    ));
}
