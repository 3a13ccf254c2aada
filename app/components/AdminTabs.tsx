import { Link } from "react-router";

export type AdminTab = "overview" | "products" | "collections" | "orders" | "coupons" | "mail";

const TABS: { tab: AdminTab; label: string; href: string }[] = [
  { tab: "overview", label: "Overview", href: "/admin" },
  { tab: "products", label: "Products", href: "/admin/products" },
  { tab: "collections", label: "Collections", href: "/admin/collections" },
  { tab: "orders", label: "Orders", href: "/admin/orders" },
  { tab: "coupons", label: "Coupons", href: "/admin/coupons" },
  { tab: "mail", label: "Mail", href: "/admin/mail" },
];

/** The admin's sections; `failedMails` puts a count on the Mail tab when some could not be sent. */
export function AdminTabs({ current, failedMails = 0 }: { current: AdminTab; failedMails?: number }) {
  return (
    <nav className="tabs" aria-label="Admin sections">
      {TABS.map(({ tab, label, href }) => (
        <Link
          key={tab}
          to={href}
          className={tab === current ? "tab active" : "tab"}
          aria-current={tab === current ? "page" : undefined}
        >
          {label}
          {tab === "mail" && failedMails > 0 ? (
            <span className="badge badge-alert">
              {failedMails}
              <span className="visually-hidden"> not sent</span>
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
