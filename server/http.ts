// The Express app around React Router, the same in development (Vite in middleware mode) and in
// production (the built files), and the graceful stop of one HTTP server.
import { createServer, type Server } from "node:http";
import { Server as NetServer } from "node:net";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import morgan from "morgan";
import sirv from "sirv";
import type { ViteDevServer } from "vite";
import { dialect } from "~/db/dialect.server";
import { env } from "~/env.server";
import { ALLOW, cspDirectives, HSTS, newNonce, PERMISSIONS_POLICY } from "./http-guards";
import {
  bodyLimit,
  dropUnreadBody,
  knownHost,
  methods,
  noSuchFile,
  offeredEncodings,
  plainRanges,
  sameOrigin,
  serverError,
  untrustedForwarding,
} from "./middleware";

const YEAR = "public, max-age=31536000, immutable";
/**
 * Headers a browser reads on documents alone: on the build's scripts and stylesheets they are
 * bytes for nothing, about 400 with each of the 20-odd a first visit fetches (issues #35, #40).
 * Kept there: X-Content-Type-Options and Cross-Origin-Resource-Policy (they guard subresources) and
 * Referrer-Policy (a stylesheet's own requests follow it).
 */
const DOCUMENT_ONLY = [
  "Content-Security-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "X-Frame-Options",
  "X-XSS-Protection",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Permitted-Cross-Domain-Policies",
];
let stopping = false;

/**
 * One JSON line per request: no query strings, cookies or bodies, so no secrets and no search
 * terms. `pid` says which worker answered.
 */
const requestLog = morgan((tokens, req, res) =>
  JSON.stringify({
    t: new Date().toISOString(),
    method: req.method,
    path: (req as express.Request).originalUrl.split("?")[0],
    status: res.statusCode,
    ms: Math.round(Number(tokens["response-time"]!(req, res) ?? 0) * 10) / 10,
    ip: (req as express.Request).ip,
    pid: process.pid,
  }),
);

/** sirv answers any method; files are only for GET and HEAD. */
const readOnly =
  (files: RequestHandler): RequestHandler =>
  (req, res, next) =>
    req.method === "GET" || req.method === "HEAD" ? files(req, res, next) : next();

type Options = {
  app: RequestHandler;
  /** The guest page cache's entry point (app/utils/page-cache.server.ts, through server/app.ts). */
  servePageCache: (securityHeaders: RequestHandler) => RequestHandler;
  /** The CSP's hashes of the inline CSS pages carry (app/utils/page-styles.server.ts, through server/app.ts). */
  inlineStyleHashes: string[];
  clientDir: string;
  vite?: ViteDevServer;
};

export function createHttpApp(options: Options) {
  const http = express();
  http.disable("x-powered-by");
  // Rendered pages carry a new CSP nonce each time, so an ETag of the body could never match;
  // kept guest pages carry their own (app/utils/page-cache.server.ts).
  http.set("etag", false);
  // Behind a reverse proxy (TRUST_PROXY, compiled once in app/env.server.ts): req.ip, req.host and
  // req.protocol take X-Forwarded-For, -Host and -Proto from trusted peers only, and everything
  // else reads those three (server/middleware.ts, the request context in server/app.ts).
  http.set("trust proxy", env.trustProxy);
  if (env.logRequests) http.use(requestLog);
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(
        (res) => String((res as express.Response).locals.scriptSources),
        options.inlineStyleHashes,
        !!options.vite,
      ),
    },
    // Sent below, and only in production over HTTPS: a development host must not be pinned to it.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  /** The headers every answer carries, a kept guest page too: helmet's, then ours. */
  const securityHeaders: RequestHandler = (req, res, next) => {
    // A kept page's scripts are allowed by their hashes (the page cache has put them here);
    // anything rendered now by a new nonce.
    res.locals.scriptSources ??= `'nonce-${(res.locals.cspNonce = newNonce())}'`;
    helmetHeaders(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.set("Permissions-Policy", PERMISSIONS_POLICY);
      // A policy applies to the document (or worker) it comes with: the build's scripts and
      // stylesheets have no use for the CSP's ~600 bytes of hashes (issue #35) or the other
      // document-only headers (issue #40).
      if (req.path.startsWith("/assets/")) for (const name of DOCUMENT_ONLY) res.removeHeader(name);
      if (env.isProduction && req.secure) res.set("Strict-Transport-Security", HSTS);
      // While stopping, keep-alive clients are told not to send another request on this connection.
      if (stopping) res.set("Connection", "close");
      next();
    });
  };
  // A guest's kept page is answered first, with the security headers; anything else gets them here.
  http.use(
    untrustedForwarding,
    knownHost,
    options.servePageCache(securityHeaders),
    securityHeaders,
    methods,
    sameOrigin,
    bodyLimit,
  );
  // Brotli at quality 5 for what is compressed per response (rendered pages and data; assets are
  // precompressed at q11, kept guest pages at q6). Since pages carry their CSS inline (issue #24)
  // a rendered /shop is 36 KB: q5 sends 8.3 KB where q2 sent 9.5, for about 0.5 ms more of a
  // ~10 ms render. (Before the page cache, cached pages were compressed per response, and q2 was
  // chosen when q4 was a third of a cached page's CPU.)
  http.use(compression({ threshold: 1024, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));
  http.use(plainRanges, offeredEncodings);
  // Uploads arrive while the shop runs, so their folder is looked up on each request (dev mode).
  // On PostgreSQL pictures are rows every app server reads (app/routes/uploads.$name.ts).
  if (dialect === "sqlite") {
    http.use(
      "/uploads",
      readOnly(
        sirv(env.uploadDir, { dev: true, etag: true, setHeaders: (res) => res.setHeader("Cache-Control", YEAR) }),
      ),
      noSuchFile,
    );
  }
  if (options.vite) http.use(options.vite.middlewares);
  else {
    // The build's files, sent as their build-time brotli/gzip copies (scripts/precompress.mjs).
    const files = sirv(options.clientDir, {
      etag: true,
      gzip: true,
      brotli: true,
      setHeaders: (res, path) =>
        res.setHeader("Cache-Control", path.startsWith("/assets/") ? YEAR : "public, max-age=3600"),
    });
    http.use(readOnly(files));
  }
  http.use(dropUnreadBody, options.app);
  http.use(serverError);
  return http;
}

/** Idle keep-alive connections are closed after this, and clients are told so (Keep-Alive: timeout=5). */
const KEEP_ALIVE_MS = 5_000;

/**
 * Listens, and answers CONNECT (which never reaches Express: without a handler Node drops the
 * socket unanswered). Resolves once listening.
 *
 * A client that sends its headers or body a byte at a time costs a worker only an open socket,
 * never its event loop; these timeouts bound how long it keeps one. HEADERS_TIMEOUT (20 s) is
 * far more than headers need even on 2G, and ends the classic slowloris; REQUEST_TIMEOUT (120 s)
 * is the whole request with its body, which is enough for a 5 MB picture at 350 kbit/s. Node
 * looks for late requests every 30 s by default, which would let one take up to 50 s for its
 * headers: here it looks 4 times per headers timeout, at least every 5 s.
 */
export function listen(http: express.Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(
      {
        headersTimeout: env.headersTimeoutMs,
        requestTimeout: env.requestTimeoutMs,
        keepAliveTimeout: KEEP_ALIVE_MS,
        connectionsCheckingInterval: Math.min(5_000, env.headersTimeoutMs / 4),
      },
      http,
    );
    server.once("error", reject);
    server.listen(env.port, env.host, () => {
      server.off("error", reject);
      resolve(server);
    });
    server.on("connect", (_req, socket) => {
      socket.end(
        `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
    });
  });
}

/**
 * Stops taking connections at once and lets open ones finish: a request in flight is answered
 * (with Connection: close), and an idle keep-alive connection ends at its keep-alive timeout,
 * which the client was told, so no client sends on a socket as it is being closed.
 * (http.Server#close would close idle connections at once, and race the client's next request.)
 */
export function stop(server: Server): Promise<void> {
  stopping = true;
  return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
}
