import { env } from "~/env.server";
import { HREFLANG, localizedPath } from "~/lib/i18n/languages";
import { queryInt } from "~/lib/shop-query";
import {
  catalogueSummary,
  partStart,
  SITEMAP_PAGES,
  SITEMAP_PART,
  sitemapCollections,
  sitemapProducts,
} from "~/models/catalogue/sitemap.server";
import { keptResponse } from "~/utils/kept-response.server";
import { siteCacheControl, siteOrigin } from "~/utils/site-url.server";
import type { Route } from "./+types/sitemap.xml";

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const entry = (loc: string, lastmod: string | null, alternates = "") =>
  `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>`;

/**
 * A page's entries: one, or with more than one language (issue #36) one per language, each naming
 * the others as the page's alternates (Google's sitemap form of hreflang).
 */
function entries(origin: string, path: string, lastmod: string | null): string[] {
  const languages = env.languages;
  if (languages.length === 1) return [entry(`${origin}${path}`, lastmod)];
  const alternates = languages
    .map(
      (l) => `<xhtml:link rel="alternate" hreflang="${HREFLANG[l]}" href="${xml(origin + localizedPath(l, path))}"/>`,
    )
    .join("");
  return languages.map((l) => entry(`${origin}${localizedPath(l, path)}`, lastmod, alternates));
}
const day = (d: Date) => d.toISOString().slice(0, 10);

function answer(body: string) {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": siteCacheControl(300) },
  });
}

// GET /sitemap.xml: the public pages and every live product, with lastmod (issue #25). Past
// SITEMAP_PART products it is a sitemap index of /sitemap.xml?part=1…n, the pages in part 1.
// Each is built once per catalogue version and kept compressed (issue #34).
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  const params = new URL(request.url).searchParams;
  const part = queryInt(params.get("part"), { fallback: 0, min: 0, max: 1_000_000 });
  const key = `${origin} ${params.has("part") ? part : "index"}`;
  return keptResponse(request, key, () => sitemap(origin, params.has("part"), part));
}

async function sitemap(origin: string, asked: boolean, part: number): Promise<Response> {
  const { live, lastmod } = await catalogueSummary();
  // A file holds at most 50,000 URLs: each product is one per language.
  const perPart = Math.floor(SITEMAP_PART / env.languages.length);
  const parts = Math.max(1, Math.ceil(live / perPart));
  if (!asked && parts > 1) {
    const list = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${xml(`${origin}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
    );
    return answer(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list.join("\n")}\n</sitemapindex>`,
    );
  }
  const which = Math.max(part, 1);
  const after = which <= parts ? await partStart(which, perPart) : null;
  if (after === null) return new Response("Not found", { status: 404 });
  const catalogueDay = lastmod ? day(lastmod) : null;
  const pages =
    which === 1
      ? [
          ...SITEMAP_PAGES.flatMap((p) => entries(origin, p.path, p.lastmod ?? catalogueDay)),
          ...(await sitemapCollections()).flatMap((c) => entries(origin, c.path, day(c.lastmod))),
        ]
      : [];
  const items = (await sitemapProducts(after, perPart)).flatMap((p) =>
    entries(origin, `/product/${encodeURIComponent(p.id)}`, p.lastmod.toISOString()),
  );
  const xhtml = env.languages.length > 1 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return answer(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${[...pages, ...items].join("\n")}\n</urlset>`,
  );
}
