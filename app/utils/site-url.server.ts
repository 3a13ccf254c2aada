// Absolute URLs for what other sites read (canonical links, Open Graph and Twitter cards, JSON-LD,
// the sitemap and robots.txt): PUBLIC_URL when set, else the request's origin, which Express
// builds from X-Forwarded-Host and -Proto behind TRUST_PROXY (server/http.ts).
import { env } from "~/env.server";

export function siteOrigin(request: Request): string {
  return env.siteUrl ?? new URL(request.url).origin;
}
