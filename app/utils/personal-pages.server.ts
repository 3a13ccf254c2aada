// Pages and answers with one person's data are never kept by a browser or a proxy cache. Root
// middleware, so it sees the app's own Response and only adds what a route did not set itself.
import type { MiddlewareFunction } from "react-router";
import { withHeader } from "./http.server";
import { appPath } from "./language.server";

/**
 * Pages and API answers that hold one person's data: never stored by a browser or proxy cache.
 * (stock-alerts: the back-in-stock stop page shows its address, issue #39.)
 * React Router's data requests (`/orders.data`) are the same pages; so are they in every language
 * (`/hi/orders`).
 */
const PERSONAL_PATH =
  /^\/(?:orders|account|reset-password|checkout|cart|thank-you|admin|api\/orders|api\/auth|stock-alerts)(?:[/.]|$)/;
export const isPersonalPath = (path: string) => PERSONAL_PATH.test(path);
const PRIVATE_NO_STORE = "private, no-store";

export const noStoreForPersonalPages: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (!isPersonalPath(appPath(new URL(request.url).pathname)) || response.headers.has("cache-control")) return response;
  return withHeader(response, "Cache-Control", PRIVATE_NO_STORE);
};
