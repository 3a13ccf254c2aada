import { siteCacheControl, siteOrigin } from "~/utils/site-url.server";
import type { Route } from "./+types/robots.txt";

// GET /robots.txt: personal and admin pages stay out of search engines; the sitemap is named by
// its absolute URL, as the protocol asks (issue #25). /cart is not disallowed: a crawler only ever
// sees the empty cart, and issue #24 asks the cart page for Lighthouse's SEO 100 (crawlable).
export function loader({ request, context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /checkout",
    "Disallow: /orders",
    "Disallow: /account",
    "",
    `Sitemap: ${siteOrigin(request, context)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": siteCacheControl(3600) },
  });
}
