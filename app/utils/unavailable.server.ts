// The answer while the database is down (a PostgreSQL restart, SQLite's write lock held too
// long): 503 with Retry-After, never the 500 page. React Router turns a loader's or action's
// error into its own 500 before any middleware sees it, so entry.server's handleError, which does
// see the error, marks the request, and this root middleware replaces the answer.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "~/db/unavailable.server";

/** Seconds a client is asked to wait; a PostgreSQL restart takes a few. */
export const RETRY_AFTER_S = 5;
export const UNAVAILABLE_MESSAGE = "The shop is busy for a moment. Please try again in a moment.";

const marked = new WeakSet<Readonly<RouterContextProvider>>();

/** Called from handleError: true when the request failed for want of its database (and is marked so). */
export function markIfUnavailable(error: unknown, context: Readonly<RouterContextProvider> | undefined): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (context) marked.add(context);
  return true;
}

const HEADERS = { "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" };

// Small and self-contained: no script, no stylesheet, nothing more for a struggling server to send.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Try again in a moment</title></head><body><main><h1>Try again in a moment</h1><p>${UNAVAILABLE_MESSAGE}</p><p><a href="">Reload this page</a></p></main></body></html>`;

/** The 503: the API's one error shape under /api/, a plain page anywhere else. */
export function unavailableResponse(path: string): Response {
  if (path.startsWith("/api/"))
    return Response.json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: HEADERS });
  return new Response(PAGE, { status: 503, headers: { ...HEADERS, "Content-Type": "text/html; charset=utf-8" } });
}

/** Root middleware, outermost: a request marked by handleError is answered with the 503. */
export const databaseUnavailable: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (!marked.has(context)) return response;
  await response.body?.cancel();
  return unavailableResponse(new URL(request.url).pathname);
};
