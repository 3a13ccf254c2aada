import { queryInt } from "~/lib/shop-query";
import {
  catalogueSummary,
  partStart,
  SITEMAP_PAGES,
  SITEMAP_PART,
  sitemapProducts,
} from "~/models/catalogue/sitemap.server";
import { keptResponse } from "~/utils/kept-response.server";
import { siteCacheControl, siteOrigin } from "~/utils/site-url.server";
import type { Route } from "./+types/sitemap.xml";

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const entry = (loc: string, lastmod: string | null) =>
  `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
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
  const parts = Math.max(1, Math.ceil(live / SITEMAP_PART));
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
  const after = which <= parts ? await partStart(which) : null;
  if (after === null) return new Response("Not found", { status: 404 });
  const catalogueDay = lastmod ? day(lastmod) : null;
  const pages =
    which === 1
      ? SITEMAP_PAGES.map((p) => entry(`${origin}${p.path === "/" ? "/" : p.path}`, p.lastmod ?? catalogueDay))
      : [];
  const items = (await sitemapProducts(after, SITEMAP_PART)).map((p) =>
    entry(`${origin}/product/${encodeURIComponent(p.id)}`, p.lastmod.toISOString()),
  );
  return answer(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...items].join("\n")}\n</urlset>`,
  );
}
