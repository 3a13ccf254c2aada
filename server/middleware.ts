// The small middlewares of our own around the app: each applies one check of http-guards.ts.
// Security headers come from helmet, static files from sirv, compression from compression.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { env } from "~/env.server";
import { requestOrigin } from "~/utils/request-context.server";
import { RETRY_AFTER_S, UNAVAILABLE_MESSAGE } from "~/utils/unavailable.server";
import { ALLOW, bodyLimitFor, isCrossSite, methodPolicy, ownOrigins, usableHost, usableProto } from "./http-guards";

/** A refused body is still read (and dropped) up to this much, so the client reads our answer. */
const DRAIN_LIMIT = 16 * 1024 * 1024;
/**
 * How long a refused request's answer stays unfinished while its body is read and dropped. Past
 * this the answer ends anyway: a connection that closes may then reset a client that is still
 * sending (Apache's lingering close stops after 30 s too).
 */
const LINGER_MS = 30_000;

/**
 * Sends the answer at once but ends it only once the request's body has been read. Node closes a
 * connection as soon as its last answer ends (Connection: close, HTTP/1.0, or ours while stopping),
 * and a socket closed while request bytes still arrive answers them with a reset: the client's
 * next write fails (a broken pipe) and it drops the 413 it had not read yet. A client that reads
 * while it sends still sees the answer at once and can stop sending.
 */
function endOnceBodyRead(req: Request, res: Response, body: string) {
  if (req.complete) {
    res.end(body);
    return;
  }
  res.flushHeaders();
  if (body) res.write(body);
  const end = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(end, LINGER_MS);
  req.once("end", end);
  res.once("close", () => clearTimeout(timer));
}

/**
 * Answers a request the app will not see, in JSON for the API and in text otherwise. The body is
 * drained rather than cut off: closing a socket the client is still writing to gives it a broken
 * pipe (EPIPE) instead of our 413. Only a body too big to be worth reading closes the connection.
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const declared = Number(req.headers["content-length"] ?? 0);
  const chunked = req.headers["transfer-encoding"] !== undefined && req.headers["content-length"] === undefined;
  const json = req.path.startsWith("/api/") || (req.headers.accept ?? "").includes("application/json");
  const body = json ? JSON.stringify({ message }) : message;
  res
    .status(status)
    .set(headers)
    .type(json ? "json" : "text/plain")
    .set("Content-Length", String(Buffer.byteLength(body)));
  if (chunked || declared > DRAIN_LIMIT) {
    res.set("Connection", "close").end(body);
  } else {
    req.resume();
    endOnceBodyRead(req, res, body);
  }
}

export const HOST_REFUSED = "Bad request: the Host header is missing or is not a host name";
export const PROTO_REFUSED = "Bad request: X-Forwarded-Proto is not http or https";

/**
 * X-Forwarded-Host and -Proto from a peer TRUST_PROXY does not name are dropped, as Express's
 * req.host and req.protocol ignore them: React Router's adapter reads the port of X-Forwarded-Host
 * whenever `trust proxy` is on at all, whoever sent it.
 */
export const untrustedForwarding: RequestHandler = (req, _res, next) => {
  if (!env.trustProxy || !env.trustProxy(req.socket.remoteAddress ?? "", 0)) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
  }
  next();
};

/**
 * A request with no usable Host (or, from a trusted proxy, X-Forwarded-Host or -Proto) is refused
 * before anything builds a URL of it (a 500 before).
 */
export const knownHost: RequestHandler = (req, res, next) => {
  if (!usableHost(req.headers)) return refuse(req, res, 400, HOST_REFUSED);
  if (!usableProto(req.protocol)) return refuse(req, res, 400, PROTO_REFUSED);
  next();
};

/** Methods the web Request cannot carry never reach the app; OPTIONS runs no loader. */
export const methods: RequestHandler = (req, res, next) => {
  const policy = methodPolicy(req.method);
  if (policy === "app") return next();
  if (policy === "refuse") return refuse(req, res, 405, "Method not allowed", { Allow: ALLOW });
  req.resume();
  endOnceBodyRead(req, res.status(204).set("Allow", ALLOW), "");
};

/** Cross-site form posts and fetches are refused before the app runs any action. */
export const sameOrigin: RequestHandler = (req, res, next) => {
  if (!isCrossSite(req.method, req.headers, ownOrigins(requestOrigin(req), env.allowedOrigins))) return next();
  refuse(req, res, 403, "Cross-site request refused");
};

/**
 * A body the app answered without reading (logout, the delete confirmations, a guest sent to the
 * login page) is read and dropped once the answer is sent, as Node itself does for a body nobody
 * touched. The web Request React Router wraps it in had paused it, so with a body of a few hundred
 * KB the connection's next request waited behind it until the keep-alive timeout reset the
 * connection (the request fuzzer found it). Past DRAIN_LIMIT the connection is closed instead.
 */
export const dropUnreadBody: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.once("finish", () => {
    if (req.readableEnded) return;
    if (Number(req.headers["content-length"] ?? 0) > DRAIN_LIMIT) return req.destroy();
    req.removeAllListeners("data");
    req.resume();
  });
  next();
};

/** Oversized bodies are refused on their declared length, before they are read. */
export const bodyLimit: RequestHandler = (req, res, next) => {
  if (Number(req.headers["content-length"] ?? 0) > bodyLimitFor(req.path))
    return refuse(req, res, 413, "Request body too large");
  if (
    req.headers["transfer-encoding"] &&
    req.headers["content-length"] === undefined &&
    req.method !== "GET" &&
    req.method !== "HEAD"
  ) {
    return refuse(req, res, 411, "Content-Length required");
  }
  next();
};

/**
 * The static file server picks a precompressed copy by substring ("br;q=0" would get brotli):
 * Express's own negotiation (q-values, "*") says which of br and gzip the client really takes.
 */
export const offeredEncodings: RequestHandler = (req, _res, next) => {
  if (req.headers["accept-encoding"] !== undefined) {
    req.headers["accept-encoding"] = req
      .acceptsEncodings()
      .filter((e) => e === "br" || e === "gzip")
      .join(", ");
  }
  next();
};

/** Past the uploads folder: a missing picture is a 404 (not the app's catch-all), and only GET/HEAD. */
export const noSuchFile: RequestHandler = (req, res) => {
  if (req.method === "GET" || req.method === "HEAD") refuse(req, res, 404, "Not found");
  else refuse(req, res, 405, "Method not allowed", { Allow: "GET, HEAD" });
};

/**
 * A Range that is not one well-formed `bytes=a-b` (a ≤ b) is ignored, as RFC 9110 allows: the
 * static file server would otherwise try to read backwards and fail.
 */
export const plainRanges: RequestHandler = (req, _res, next) => {
  const range = req.headers.range;
  if (range !== undefined) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range);
    const ok =
      m !== null && (m[1] !== "" || m[2] !== "") && (m[1] === "" || m[2] === "" || Number(m[1]) <= Number(m[2]));
    if (!ok) delete req.headers.range;
  }
  next();
};

/** Anything that still throws is this request's 500, logged with its stack; the server goes on. */
export function serverError(error: unknown, req: Request, res: Response, _next: NextFunction) {
  const unavailable = isDatabaseUnavailable(error);
  console.error(`${req.method} ${req.path}:`, unavailable ? `database unavailable (${String(error)})` : error);
  if (res.headersSent) res.destroy();
  else if (unavailable)
    refuse(req, res, 503, UNAVAILABLE_MESSAGE, { "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" });
  else refuse(req, res, 500, "Internal server error");
}
