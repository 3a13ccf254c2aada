import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

const NAV = ["Home", "Shop", "About", "Cart", "My Orders", "Account", "Login", "Register"];
const FOOTER = ["Terms", "Privacy", "Refunds", "Contact", "Instagram", "WhatsApp"];
const href = (label: string) => `/${label.toLowerCase().replace(/\s+/g, "-")}`;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header>
          <nav aria-label="Main">
            {NAV.map((label) => (
              <a key={label} href={href(label)}>
                {label}
              </a>
            ))}
          </nav>
        </header>
        {children}
        <footer>
          {FOOTER.map((label) => (
            <a key={label} href={href(label)}>
              {label}
            </a>
          ))}
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
