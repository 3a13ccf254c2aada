// Absolute URLs for what other sites read (canonical links, Open Graph and Twitter cards, JSON-LD,
// the sitemap and robots.txt): PUBLIC_URL when set, else the origin the request was sent to. Behind
// TRUST_PROXY that is the proxy's X-Forwarded-Host and -Proto (first values), read here rather than
// from request.url, whose adapter gives a forwarded host without a port the port of the Host header
// (https://shop.example.in:3000 behind a proxy that left Host as 127.0.0.1:3000).
import { env } from "~/env.server";

const first = (value: string | null) => value?.split(",")[0]?.trim() || undefined;

export function siteOrigin(request: Request): string {
  if (env.siteUrl) return env.siteUrl;
  const url = new URL(request.url);
  if (!env.trustProxy) return url.origin;
  const host = first(request.headers.get("x-forwarded-host")) ?? url.host;
  const proto = first(request.headers.get("x-forwarded-proto"))?.toLowerCase() ?? url.protocol.replace(/:$/, "");
  // The request checks (server/http-guards.ts) let only hosts and http(s) this far; checked again.
  return URL.canParse(`${proto}://${host}`) && /^https?$/.test(proto)
    ? new URL(`${proto}://${host}`).origin
    : url.origin;
}
