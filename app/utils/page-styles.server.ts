// The first response is enough to paint (issue #24): each page carries the parts of the
// stylesheet it uses in a <style> in its <head>. The whole stylesheet is linked at the end of
// <body> without its address (in data-href): a page shown without JS never needs it, its own
// parts being inline. It was linked for print, which a browser fetches anyway, at the lowest
// priority: 5 kB on the same slow link as the first screen's pictures, the load event waiting
// for it (issue #35); a `disabled` one is fetched too, by the preload scanner. With JS, the
// script that starts hydration gives it its address first, before the scripts
// (app/utils/hydrate-after-load.server.ts; app/root.tsx too, for a page without that script),
// for the pages the app then renders in the browser; it is cached a year (its name changes with
// its content). The parts are the files of app/styles/, in app/app.css's order, so a page's
// inline CSS cascades as the whole stylesheet does, and the whole one, applied later, changes
// nothing a page's own parts styled.
//
// The Content-Security-Policy allows these inline styles by their hashes (never 'unsafe-inline'):
// there are a handful of combinations, fixed at build time, so every response names them all and
// a kept guest page (fixed bytes, app/utils/page-cache.server.ts) stays valid.
import { createHash } from "node:crypto";
import stylesheet from "~/app.css?url";
import { FULL_STYLESHEET_ID } from "~/lib/full-stylesheet";
import admin from "~/styles/admin.css?inline";
import cart from "~/styles/cart.css?inline";
import catalogueCards from "~/styles/catalogue.css?inline";
import checkout from "~/styles/checkout.css?inline";
import collections from "~/styles/collections.css?inline";
import forms from "~/styles/forms.css?inline";
import productPage from "~/styles/product.css?inline";
import shellTop from "~/styles/shell.css?inline";

// Two parts are two files each, in app/app.css's order.
const shell = shellTop + forms;
const catalogue = catalogueCards + productPage;
const PARTS = { catalogue, collections, cart, checkout, admin } as const;
type Part = keyof typeof PARTS;

/** What each page uses beside the shell, by route id; a page not named here gets every part. */
export const PAGE_PARTS: Readonly<Record<string, Part[]>> = {
  "routes/home": ["catalogue"],
  "routes/shop": ["catalogue"],
  "routes/product.$id": ["catalogue"],
  "routes/cart": ["catalogue", "cart"],
  "routes/checkout": ["catalogue", "cart", "checkout"],
  "routes/thank-you": ["catalogue", "cart", "checkout"],
  "routes/orders": ["catalogue", "cart", "checkout"],
  "routes/orders.$id.confirm": ["catalogue", "cart", "checkout"],
  "routes/coming-soon": ["checkout"],
  "pay-online": ["checkout"],
  "routes/login": ["checkout"],
  "routes/register": ["checkout"],
  "routes/logout": ["checkout"],
  "routes/forgot-password": ["checkout"],
  "routes/reset-password": ["checkout"],
  "routes/account": ["checkout"],
  "routes/orders.$id.pay": ["checkout"],
  "routes/about": [],
  "routes/policy.terms": [],
  "routes/policy.privacy": [],
  "routes/policy.refund": [],
};
const ALL = Object.keys(PARTS) as Part[];

/**
 * The collection links' CSS (issue #37) travels only in a page that shows them: a shop without
 * collections sends its pages byte for byte as before.
 */
const SHOWS_COLLECTIONS = /class="collection-(?:pills|cards)"/;
const withCollections = (parts: readonly Part[]): Part[] => [...parts, "collections"];

const sha256 = (css: string) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;

/** The inline CSS of a page made of these parts, in the stylesheet's order. */
function inlineCss(parts: readonly Part[]): string {
  return (
    shell +
    ALL.filter((p) => parts.includes(p))
      .map((p) => PARTS[p])
      .join("")
  );
}

const sheets = new Map<string, string>();
for (const parts of [...Object.values(PAGE_PARTS), ALL]) {
  sheets.set(parts.join(), inlineCss(parts));
  if (parts.includes("catalogue")) sheets.set(withCollections(parts).join(), inlineCss(withCollections(parts)));
}

/** For the CSP's style-src: every inline sheet a page can carry. */
export const inlineStyleHashes: string[] = [...new Set([...sheets.values()].map(sha256))];

/**
 * The page's CSS inline in its <head> and the whole stylesheet at the end of its <body>. `routeId`
 * is the deepest matched route's (an error page shows the route's own boundary, or the root's).
 */
export function withPageStyles(html: string, routeId: string | undefined): string {
  const parts = PAGE_PARTS[routeId ?? ""] ?? ALL;
  const shown = parts !== ALL && parts.includes("catalogue") && SHOWS_COLLECTIONS.test(html);
  const css = sheets.get((shown ? withCollections(parts) : parts).join())!;
  const head = html.indexOf("</head>");
  const body = html.lastIndexOf("</body>");
  if (head < 0 || body < 0) return html;
  return (
    html.slice(0, head) +
    `<style>${css}</style>` +
    html.slice(head, body) +
    `<link rel="stylesheet" data-href="${stylesheet}" id="${FULL_STYLESHEET_ID}"/>` +
    html.slice(body)
  );
}
