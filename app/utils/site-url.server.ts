// Absolute URLs for what other sites read (canonical links, Open Graph and Twitter cards, JSON-LD,
// the sitemap and robots.txt): PUBLIC_URL when set, else the origin the request was sent to, as
// Express reads it (X-Forwarded-Host and -Proto from a proxy TRUST_PROXY names, through the load
// context).
import type { RouterContextProvider } from "react-router";
import { env } from "~/env.server";
import { originOf } from "./request-context.server";

export function siteOrigin(request: Request, context: Readonly<RouterContextProvider>): string {
  return env.siteUrl ?? (originOf(context) || new URL(request.url).origin);
}

/**
 * Cache-Control for a response that carries siteOrigin's URLs. Without PUBLIC_URL they name the
 * host the request gave, so a shared cache (a CDN) must not keep one answer for everyone: a
 * forged host would be served to all (issue #34).
 */
export const siteCacheControl = (maxAge: number) => `${env.siteUrl ? "public" : "private"}, max-age=${maxAge}`;
