import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { SHOP_NAME } from "~/lib/shop";
import type { PublicUser } from "~/models/accounts/users.server";
import { SearchIcon } from "./SearchIcon";

type Props = { user: PublicUser | null; cartCount: number };

// NavLink marks the link active when the path equals it or starts with it; `end` makes "/"
// match only itself.
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link active" : "nav-link");

export function Nav({ user, cartCount }: Props) {
  const location = useLocation();
  // Without JS the toggle is a plain checkbox and every navigation loads a closed menu;
  // with JS it is controlled so that client-side navigation closes it too.
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <header className="site-header">
      <nav className="nav container" aria-label="Main">
        <Link to="/" className="brand">
          {SHOP_NAME}
        </Link>{" "}
        {/* The spaces between the bar's items keep their words apart without CSS (a flex row drops them).
            Issue #21: on a phone, search and the cart sit in the bar, not behind the menu. On a wide
            screen these two are hidden (the Shop link leads to search) and the menu's own Cart link
            shows: two links, one shown per width, so the focus order is the order on screen. */}
        <Link to="/shop#shop-q" className="nav-link nav-search">
          <SearchIcon />
          <span className="visually-hidden">Search</span>
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
          Menu
        </label>{" "}
        {/* A list, so a text browser shows one link a line rather than "HomeShopLogin"; each item
            is display: contents, so the links lay out as the menu's own flex items. */}
        <ul id="nav-menu" className="nav-menu">
          <li>
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/shop" className={linkClass}>
              Shop
            </NavLink>
          </li>
          {user ? (
            <li>
              <NavLink to="/orders" className={linkClass}>
                My Orders
              </NavLink>
            </li>
          ) : null}
          {user ? (
            <li>
              <NavLink to="/account" className={linkClass}>
                Account
              </NavLink>
            </li>
          ) : null}
          {user?.isAdmin ? (
            <li>
              <NavLink to="/admin" className={linkClass}>
                Admin
              </NavLink>
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
                  Logout
                </button>
              </Form>
            </li>
          ) : (
            <>
              <li>
                <NavLink to="/login" className={linkClass}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to="/register" className={linkClass}>
                  Sign up
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}

/** The Cart button with the cart's count of items; `where` says which of the two places it is for. */
function CartLink({ count, where }: { count: number; where: "bar" | "menu" }) {
  return (
    <NavLink to="/cart" className={({ isActive }) => `${linkClass({ isActive })} cart-button cart-in-${where}`}>
      Cart{" "}
      <span className="badge" aria-label={`${count} items`}>
        {count}
      </span>
    </NavLink>
  );
}
