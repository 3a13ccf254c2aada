// What search engines and link previews read in a page's head (issue #25): Open Graph and
// Twitter card tags, and JSON-LD (schema.org Product, BreadcrumbList, Organization). Every URL in
// them is absolute, made from the origin the root loader gives (PUBLIC_URL or the request's).
import type { MetaDescriptor } from "react-router";
import { LANGUAGES, languageOfPath } from "./i18n/languages";
import { paiseToRupees } from "./money";
import { SHOP_NAME, SUPPORT } from "./shop";

/** The origin the root loader put in its data, from a meta function's matches. */
export function originOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** A URL as other sites need it: a path on this site gets the origin, an http(s) URL stays. */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * The picture a link preview shows: chat apps show no SVG, so a demo picture is asked for as its
 * PNG copy (app/routes/images.demo.$file.ts); other pictures as they are.
 */
export function previewImage(origin: string, image: string): string {
  return absoluteUrl(origin, image.replace(/^(\/images\/demo\/[a-z0-9-]+-[1-4])\.svg$/, "$1.png"));
}

type Social = {
  origin: string;
  path: string;
  title: string;
  description: string;
  image?: string;
  /** A product's price in paise (Open Graph product tags, INR). */
  price?: number;
};

/** Open Graph's locale of a page at `path` (a Hindi page's path is under /hi, issue #36). */
const OG_LOCALE = { en: "en_IN", hi: "hi_IN" } as const;

/** Open Graph and Twitter card tags of a page (`path` as the page's language writes it: "/hi/shop"). */
export function socialMeta({ origin, path, title, description, image, price }: Social): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:type", content: price === undefined ? "website" : "product" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(origin, path) },
    { property: "og:locale", content: OG_LOCALE[languageOfPath(path, LANGUAGES)] },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    const url = previewImage(origin, image);
    tags.push(
      { property: "og:image", content: url },
      { property: "og:image:alt", content: title },
      { name: "twitter:image", content: url },
    );
  }
  if (price !== undefined)
    tags.push(
      { property: "product:price:amount", content: paiseToRupees(price).toFixed(2) },
      { property: "product:price:currency", content: "INR" },
    );
  return tags;
}

export type ProductFacts = {
  id: string;
  name: string;
  description: string;
  price: number;
  stock: number;
  images: string[];
  rating: number;
  numReviews: number;
};

/** schema.org Product with its Offer, and AggregateRating only when it has reviews. */
export function productJsonLd(
  origin: string,
  p: ProductFacts,
  /** The page's path, in its language (issue #36). */
  path = `/product/${encodeURIComponent(p.id)}`,
): MetaDescriptor {
  const url = absoluteUrl(origin, path);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      "@id": url,
      name: p.name,
      description: p.description,
      url,
      sku: p.id,
      image: p.images.map((i) => previewImage(origin, i)),
      brand: { "@type": "Brand", name: SHOP_NAME },
      offers: {
        "@type": "Offer",
        url,
        price: paiseToRupees(p.price).toFixed(2),
        priceCurrency: "INR",
        availability: p.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
      },
      ...(p.numReviews > 0
        ? { aggregateRating: { "@type": "AggregateRating", ratingValue: p.rating, reviewCount: p.numReviews } }
        : {}),
    },
  };
}

/** schema.org BreadcrumbList: the trail of names and paths, home first. */
export function breadcrumbJsonLd(origin: string, trail: { name: string; path: string }[]): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: trail.map((t, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: t.name,
        item: absoluteUrl(origin, t.path),
      })),
    },
  };
}

/** schema.org Organization: the shop, its logo and how to reach it. */
export function organizationJsonLd(origin: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: SHOP_NAME,
      url: absoluteUrl(origin, "/"),
      logo: absoluteUrl(origin, "/favicon.svg"),
      email: SUPPORT.email,
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer support",
        email: SUPPORT.email,
        telephone: SUPPORT.phoneE164,
        areaServed: "IN",
      },
      sameAs: SUPPORT.social.map((s) => s.href),
    },
  };
}
