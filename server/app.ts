// The React Router app as an Express handler, as in React Router's node-custom-server template.
// Built by Vite into build/server (the SSR entry chunk), loaded through Vite in development.
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler, Response } from "express";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { cachedPage } from "~/models/page-cache.server";
import { requestInfo } from "~/models/request-context.server";

/**
 * A guest's public page still in the page cache is sent before React Router runs: routing, the
 * web Request and the middleware chain cost most of a hit otherwise (measured: 1.9 ms of CPU for
 * a bare /healthz through the router). It carries this response's nonce, so it is compressed
 * again each time, in one synchronous call at brotli q2 sized to the page (the compression
 * middleware's stream cost twice as much per page); compression then leaves it as it is.
 * Misses go on to the handler, whose root middleware renders and keeps them.
 */
export const pageCacheHits: RequestHandler = (req, res, next) => {
  if (req.method !== "GET") return next();
  const page = cachedPage({ method: req.method, headers: { has: (name) => req.headers[name] !== undefined } }, new URL(`http://x${req.originalUrl}`), String(res.locals.cspNonce));
  if (!page) return next();
  for (const [name, value] of page.headers) res.append(name, value);
  const html = Buffer.from(page.html);
  const encoding = html.length < 1024 ? false : req.acceptsEncodings("br", "gzip");
  res.vary("Accept-Encoding");
  if (encoding === "br") {
    res.set("Content-Encoding", "br").send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }));
  } else if (encoding === "gzip") res.set("Content-Encoding", "gzip").send(gzipSync(html));
  else res.send(html);
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
