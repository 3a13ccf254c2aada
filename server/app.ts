// The React Router app as an Express handler, as in React Router's node-custom-server template.
// Built by Vite into build/server (the SSR entry chunk), loaded through Vite in development.
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler, Response } from "express";
import { RouterContextProvider } from "react-router";
import { cachedPage } from "~/utils/page-cache.server";
import { requestInfo } from "~/utils/request-context.server";

/**
 * A guest's public page still in the page cache is found before anything else runs, so that the
 * CSP can name its scripts' hashes and the page goes out before routing, the web Request and the
 * middleware chain (server/http.ts sends it). Misses go on to the handler, whose root middleware
 * renders and keeps them.
 */
export const findCachedPage: RequestHandler = (req, res, next) => {
  if (req.method === "GET") {
    const page = cachedPage({ method: req.method, headers: { has: (name) => req.headers[name] !== undefined } }, new URL(`http://x${req.originalUrl}`));
    if (page) res.locals.page = page;
  }
  next();
};

// Given a function, React Router calls it and re-derives its route tables and static handler on
// every request (so that development edits show at once); given the build, it derives them once.
// Measured on a logged-in /shop render: the per-request derivation was ~5% of the worker's CPU.
const build = import.meta.env.DEV ? () => import("virtual:react-router/server-build") : await import("virtual:react-router/server-build");

export const handler = createRequestHandler({
  build,
  getLoadContext(req, res: Response) {
    const context = new RouterContextProvider();
    // req.ip follows Express's `trust proxy`; the nonce is the one helmet put in this response's CSP.
    context.set(requestInfo, { ip: req.ip ?? req.socket.remoteAddress ?? "unknown", nonce: String(res.locals.cspNonce) });
    return context;
  },
});

/** The shop's database connection, closed once the last request of a stopping worker is done. */
export { closeDatabase } from "~/db/client.server";
