import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { PublicUser } from "~/models/user.server";

type Props = { user: PublicUser | null; cartCount: number };

// NavLink marks the link active when the path equals it or starts with it; `end` makes "/"
// match only itself (spec §2).
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
          RK Candles
        </Link>
        <input
          type="checkbox"
          id="nav-toggle"
          className="nav-toggle"
          checked={open}
          onChange={(e) => setOpen(e.currentTarget.checked)}
          aria-controls="nav-menu"
        />
        <label htmlFor="nav-toggle" className="nav-toggle-label">
          <span aria-hidden="true">☰</span> Menu
        </label>
        <div id="nav-menu" className="nav-menu">
          <NavLink to="/" end className={linkClass}>
            Home
          </NavLink>
          <NavLink to="/shop" className={linkClass}>
            Shop
          </NavLink>
          {user ? (
            <NavLink to="/orders" className={linkClass}>
              My Orders
            </NavLink>
          ) : null}
          {user?.isAdmin ? (
            <NavLink to="/admin" className={linkClass}>
              Admin
            </NavLink>
          ) : null}
          {/* Spec: the Cart button is for logged-in users; a guest who has filled a cart sees it too. */}
          {user || cartCount > 0 ? (
            <NavLink to="/cart" className={({ isActive }) => `${linkClass({ isActive })} cart-button`}>
              Cart{" "}
              <span className="badge" aria-label={`${cartCount} items`}>
                {cartCount}
              </span>
            </NavLink>
          ) : null}
          {user ? (
            <Form method="post" action="/logout" className="nav-logout">
              <button type="submit" className="nav-link link-button">
                Logout
              </button>
            </Form>
          ) : (
            <>
              <NavLink to="/login" className={linkClass}>
                Login
              </NavLink>
              <NavLink to="/register" className={linkClass}>
                Sign up
              </NavLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
