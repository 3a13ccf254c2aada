import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Footer } from "~/components/Footer";
import { Nav } from "~/components/Nav";
import { Toaster } from "~/components/Toaster";
import { env } from "~/env.server";
import { cartCount } from "~/lib/cart";
import { linkFullStylesheet } from "~/lib/full-stylesheet";
import { HREFLANG, HTML_LANG, localizedPath } from "~/lib/i18n/languages";
import { metaMessages, useLanguage, useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import { SHOP_NAME } from "~/lib/shop";
import { waMe } from "~/lib/whatsapp";
import { getUser } from "~/models/accounts/auth.server";
import { readCart } from "~/models/cart/cart.server";
import { viewerOfCookies } from "~/models/flows/page-viewer.server";
import { requestLanguage } from "~/utils/language.server";
import { pageCache } from "~/utils/page-cache.server";
import { noStoreForPersonalPages } from "~/utils/personal-pages.server";
import { preloadShopperRoutes } from "~/utils/preload-routes.client";
import { siteOrigin } from "~/utils/site-url.server";
import { takeToasts } from "~/utils/toast.server";
import { databaseUnavailable } from "~/utils/unavailable.server";
import { NETWORK_ERROR } from "~/utils/use-error-toast";
import type { Route } from "./+types/root";

// The stylesheet is not here: each page carries its own CSS inline and links the whole stylesheet
// at its end, where it blocks no paint (app/utils/page-styles.server.ts).
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// databaseUnavailable first: its 503 replaces whatever the others made of a failed request.
export const middleware: Route.MiddlewareFunction[] = [
  databaseUnavailable,
  noStoreForPersonalPages,
  pageCache(viewerOfCookies),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { toasts, setCookie }, cart] = await Promise.all([
    getUser(request),
    takeToasts(request),
    readCart(request),
  ]);
  return data(
    // origin: for the absolute URLs of the head (canonical, link previews, JSON-LD).
    {
      // All the header shows of the shopper (Nav): no name or address, so a kept page of the public
      // catalogue serves every customer whose cart holds as many (app/utils/page-cache.server.ts).
      user: user ? { isAdmin: user.isAdmin } : null,
      cartCount: cartCount(cart),
      toasts,
      origin: siteOrigin(request, context),
      // Only when the shop speaks more than English, so that without LANGUAGES pages are as before.
      ...(env.languages.length > 1 ? { languages: env.languages, language: requestLanguage(request) } : {}),
      // The footer's chat link, when SHOP_WHATSAPP names the shop's number (the same for everyone,
      // so kept guest pages may hold it); otherwise the identity module's (issue #38).
      ...(env.payments.whatsapp ? { chat: waMe(env.payments.whatsapp) } : {}),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/**
 * The shell's data (user, cart count, toasts) changes through actions, which always revalidate.
 * Plain link navigations skip it: one query less per page, and a failed page load lands in that
 * page's own error boundary (e.g. My Orders' retry) instead of replacing the whole shell.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
};

/**
 * Every page names its canonical URL: its path without the query, so the shop's filters, sorts and
 * pages, and a product's ?image=, all point at one clean URL (issue #25). In each language its own
 * address, and with more than one language the page in each of them (issue #36).
 */
function Canonical() {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const language = useLanguage();
  // A page whose query names a page of its own (a collection: /shop?collection=floral, issue #37)
  // says which part of the query its canonical keeps, in its loader data.
  const search = (useMatches().at(-1)?.loaderData as { canonicalSearch?: unknown } | undefined)?.canonicalSearch ?? "";
  if (!root?.origin) return null;
  const languages = root.languages ?? [];
  const url = (l: Parameters<typeof localizedPath>[0]) => `${root.origin}${localizedPath(l, pathname)}${search}`;
  return (
    <>
      <link rel="canonical" href={url(language)} />
      {languages.map((l) => (
        <link key={l} rel="alternate" hrefLang={HREFLANG[l]} href={url(l)} />
      ))}
      {languages.length ? <link rel="alternate" hrefLang="x-default" href={url("en")} /> : null}
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={HTML_LANG[useLanguage()]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a4b2a" />
        <Meta />
        <Canonical />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  useEffect(() => {
    // The pages the app now renders in the browser need the whole stylesheet, not only the
    // first page's inline parts. The hydration loader linked it already; a page served without
    // that loader (no deferred boot script) gets it here (issue #24, #35).
    linkFullStylesheet();
    // Tests wait for this before clicking, so a click is never a no-JS post by accident.
    document.documentElement.dataset.hydrated = "true";
    preloadShopperRoutes();
  }, []);
  return (
    <>
      {/* First in the tab order, shown when focused: past the header to the page's own content. */}
      <a href="#main" className="skip-link">
        {t.nav.skipToContent}
      </a>{" "}
      <Nav user={loaderData.user} cartCount={loaderData.cartCount} languages={loaderData.languages} />
      <main id="main" className="container">
        {/* The flash message leads the content for a text browser or screen reader; CSS floats it
            as a toast (app/styles/forms.css). */}
        <Toaster toasts={loaderData.toasts} />
        <Outlet />
      </main>
      <Footer chat={loaderData.chat} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaMessages(matches);
  return [{ title: `${SHOP_NAME} · ${t.home.tagline}` }, { name: "description", content: t.home.siteDescription }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useMessages();
  const language = useLanguage();
  let title = t.errors.somethingWrong;
  let details = t.errors.tryAgain;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? t.errors.notFound : t.errors.status(error.status);
    // A thrown `data("…", { status })` carries the sentence to show (English, from shared code).
    const said = typeof error.data === "string" && error.data.length <= 200 ? translateFeedback(t, error.data) : "";
    details = error.status === 404 ? t.errors.notFoundDetails : said || error.statusText || details;
  } else if (error instanceof TypeError) {
    // A client-side navigation whose request never got an answer.
    details = translateFeedback(t, NETWORK_ERROR);
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }
  return (
    <main id="main" className="container narrow">
      <h1>{title}</h1>
      <p>{details}</p>
      <p>
        {/* A whole page load, in the page's language. */}
        <a href={localizedPath(language, "/")}>{t.errors.goHome}</a>
      </p>
    </main>
  );
}
