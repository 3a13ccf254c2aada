// The production server: `node build/server/index.js`. Vite builds this file as the SSR entry
// (vite.config.ts), so it carries the app build inside it.
import { createRequestListener } from "@react-router/node";
import compression from "compression";
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import * as build from "virtual:react-router/server-build";
import { sqlite } from "~/db/client.server";
import { env } from "~/env.server";
import { ALLOW, bodyLimitFor, collapsedTarget, clientIp, contentSecurityPolicy, isCrossSite, isPersonalPath, methodPolicy, newNonce, ownOrigins, PRIVATE_NO_STORE, SECURITY_HEADERS } from "~/lib/http-guards";
import { cacheablePage, cachedPage, keepPage, pageVersion, type CachedPage } from "~/models/page-cache.server";

const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "client");
/** The files of public/ (favicon, robots.txt…), listed once: pages do not cost a stat() each. */
const publicFiles = new Set(
  (existsSync(clientDir) ? readdirSync(clientDir, { withFileTypes: true }) : []).filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name)).map((e) => `/${e.name}`),
);
const trustProxy = process.env.TRUST_PROXY === "true" || process.env.TRUST_PROXY === "1";
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean);

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

/** An Accept-Encoding that offers `name`, unless with q=0. */
const offers = (name: string) => new RegExp(`\\b${name}\\b(?!\\s*;\\s*q=0(\\.0*)?\\b)`);
const OFFERS_BR = offers("br");
const OFFERS_GZIP = offers("gzip");

/** Which precompressed copy (app/ops/precompress.mjs) of a file to send, by the client's Accept-Encoding. */
function encodings(req: IncomingMessage): { suffix: string; encoding: string }[] {
  const accept = String(req.headers["accept-encoding"] ?? "");
  const out: { suffix: string; encoding: string }[] = [];
  if (OFFERS_BR.test(accept)) out.push({ suffix: ".br", encoding: "br" });
  if (OFFERS_GZIP.test(accept)) out.push({ suffix: ".gz", encoding: "gzip" });
  return out;
}

function fileSize(file: string): number | null {
  try {
    const st = statSync(file);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

/** Serves a file under `root` for GET/HEAD, or returns false to let the app answer. */
function serveFile(req: IncomingMessage, res: ServerResponse, root: string, urlPath: string, cache: string): boolean {
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(urlPath));
  } catch {
    return false;
  }
  const file = join(root, rel);
  if (!file.startsWith(root + sep)) return false;
  const size = fileSize(file);
  if (size === null) return false;
  const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
  // Text files were compressed once at build time; send that copy rather than compress per request.
  let send = { file, size, encoding: "" };
  if (type.startsWith("text/") || type === "image/svg+xml" || type === "application/json") {
    for (const { suffix, encoding } of encodings(req)) {
      const copy = fileSize(file + suffix);
      if (copy !== null) {
        send = { file: file + suffix, size: copy, encoding };
        break;
      }
    }
  }
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Length": send.size,
    "Cache-Control": cache,
    ...(send.encoding ? { "Content-Encoding": send.encoding } : {}),
    ...(send.file !== file || type.startsWith("text/") ? { Vary: "Accept-Encoding" } : {}),
  });
  if (req.method === "HEAD") res.end();
  else createReadStream(send.file).pipe(res);
  return true;
}

/** Build assets, uploads and public files: sent as they are, or as their precompressed copy. */
function serveStatic(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path.startsWith("/assets/")) return serveFile(req, res, clientDir, path, "public, max-age=31536000, immutable");
  if (path.startsWith("/uploads/")) return serveFile(req, res, env.uploadDir, path.slice("/uploads".length), "public, max-age=31536000, immutable");
  return publicFiles.has(path) && serveFile(req, res, clientDir, path, "public, max-age=3600");
}

function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  const wantsJson = (req.url ?? "").startsWith("/api/") || (req.headers.accept ?? "").includes("application/json");
  res.writeHead(status, { ...headers, "Content-Type": wantsJson ? "application/json" : "text/plain; charset=utf-8", Connection: "close" });
  res.end(wantsJson ? JSON.stringify({ message }) : message);
  // Do not read a refused body.
  req.resume();
}

/** One JSON line per request; no query strings, cookies or bodies, so no secrets. */
function logRequest(req: IncomingMessage, res: ServerResponse, path: string, ip: string, started: bigint) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(
    `${JSON.stringify({ t: new Date().toISOString(), method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ip })}\n`,
  );
}

type HeaderArg = Record<string, string | number | string[]> | (string | number)[] | undefined;

/**
 * Adds headers to whatever this response writes. Not res.setHeader(): Node then merges the app's
 * raw header list key by key, and all but one Set-Cookie would be lost.
 */
function addHeaders(res: ServerResponse, extra: Record<string, string>) {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headersIndex = typeof rest[0] === "string" ? 1 : 0;
    const headers = rest[headersIndex] as HeaderArg;
    if (Array.isArray(headers)) {
      const present = new Set(headers.filter((_, i) => i % 2 === 0).map((k) => String(k).toLowerCase()));
      for (const [k, v] of Object.entries(extra)) if (!present.has(k.toLowerCase())) headers.push(k, v);
    } else {
      const merged: Record<string, string | number | string[]> = { ...extra, ...(headers ?? {}) };
      rest[headersIndex] = merged;
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}

const app = createRequestListener({ build, mode: process.env.NODE_ENV ?? "production" });
// gzip/deflate (brotli where the client offers it) for HTML, JSON, CSS, JS and SVG over 1 KB.
const compress = compression({ threshold: 1024 });
const quiet = process.env.LOG_REQUESTS === "false";
let stopping = false;

const server = createServer((req, res) => {
  try {
    handle(req, res);
  } catch (error) {
    failed(req, res, error);
  }
});

/** A fault while answering one request: logged with its stack, a 500 for that request only. */
function failed(req: IncomingMessage, res: ServerResponse, error: unknown) {
  console.error(`${req.method} ${(req.url ?? "/").split("?")[0]}:`, error);
  if (res.headersSent) res.destroy();
  else refuse(req, res, 500, "Internal server error");
}

// CONNECT never reaches the request handler; without this Node drops the socket unanswered.
server.on("connect", (_req, socket) => {
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
});

function handle(req: IncomingMessage, res: ServerResponse) {
  const started = process.hrtime.bigint();
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const method = req.method ?? "GET";
  const ip = clientIp(req.headers, req.socket.remoteAddress, trustProxy);
  if (!quiet) res.on("finish", () => logRequest(req, res, path, ip, started));

  const https = (req.socket as TLSSocket).encrypted === true || (trustProxy && req.headers["x-forwarded-proto"] === "https");
  addHeaders(res, {
    ...SECURITY_HEADERS,
    ...(env.isProduction && https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
    // While shutting down, tell keep-alive clients not to reuse the connection.
    ...(stopping ? { Connection: "close" } : {}),
    ...(isPersonalPath(path) ? { "Cache-Control": PRIVATE_NO_STORE } : {}),
  });

  // Methods the web Request cannot carry never reach the app; OPTIONS runs no loader.
  const policy = methodPolicy(method);
  if (policy === "refuse") return refuse(req, res, 405, "Method not allowed", { Allow: ALLOW });
  if (policy === "options") {
    res.writeHead(204, { Allow: ALLOW });
    res.end();
    req.resume();
    return;
  }

  const collapsed = collapsedTarget(req.url ?? "/");
  if (collapsed !== null) {
    if (method !== "GET" && method !== "HEAD") return refuse(req, res, 400, "Bad request path");
    res.writeHead(301, { Location: collapsed });
    res.end();
    return;
  }

  // Cross-site form posts and fetches are refused before the app runs any action.
  if (isCrossSite(method, req.headers, ownOrigins(req.headers, https, trustProxy, allowedOrigins))) {
    return refuse(req, res, 403, "Cross-site request refused");
  }
  // Oversized bodies are refused on their declared length, before they are read.
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > bodyLimitFor(path)) return refuse(req, res, 413, "Request body too large");
  if (req.headers["transfer-encoding"] && !req.headers["content-length"] && method !== "GET" && method !== "HEAD") {
    return refuse(req, res, 411, "Content-Length required");
  }

  if ((method === "GET" || method === "HEAD") && serveStatic(req, res, path)) return;
  compress(req as never, res as never, () => route(req, res, path, ip));
}

/**
 * A cached guest page, with a nonce of its own (the CSP must never repeat one), so it is
 * compressed again each time: synchronously, at brotli quality 2. Measured on a 22 KB /shop page:
 * 6% more bytes than quality 4 (5.3 KB, not 4.9 KB) for less than half the CPU, which nearly
 * doubled the pages a core serves.
 */
function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  const nonce = newNonce();
  const html = Buffer.from(page.html.replaceAll(page.nonce, nonce));
  const encoding = encodings(req)[0]?.encoding;
  const body =
    encoding === "br"
      ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : encoding === "gzip"
        ? gzipSync(html)
        : html;
  const headers = page.headers.flat();
  headers.push("content-security-policy", contentSecurityPolicy(nonce), "content-length", String(body.length), "vary", "Accept-Encoding", "x-page-cache", "hit");
  if (encoding) headers.push("content-encoding", encoding);
  res.writeHead(200, headers);
  res.end(body);
}

/** Records what the app writes for a cacheable request, and keeps it once the response ends. */
function keepWhatIsSent(res: ServerResponse, url: string) {
  const version = pageVersion();
  let status = 0;
  let headers: [string, string][] = [];
  const chunks: Buffer[] = [];
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const raw = rest[typeof rest[0] === "string" ? 1 : 0];
    if (Array.isArray(raw)) {
      for (let i = 0; i < raw.length; i += 2) headers.push([String(raw[i]).toLowerCase(), String(raw[i + 1])]);
      raw.push("x-page-cache", "miss");
    } else headers = [];
    return writeHead(code, ...rest);
  }) as typeof res.writeHead;
  const record = (chunk: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    record(chunk);
    return write(chunk, ...rest);
  }) as typeof res.write;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") record(chunk);
    const csp = headers.find(([k]) => k === "content-security-policy")?.[1] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
    keepPage(url, version, status, headers, Buffer.concat(chunks).toString("utf8"), nonce);
    return end(chunk, ...rest);
  }) as typeof res.end;
}

function route(req: IncomingMessage, res: ServerResponse, path: string, ip: string) {
  if (cacheablePage(req.method, path, req.headers)) {
    const url = req.url ?? "/";
    const page = cachedPage(url);
    if (page) return sendCachedPage(req, res, page);
    keepWhatIsSent(res, url);
  }
  // The app builds its Request from rawHeaders: drop any client-sent address header, add ours.
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (name.toLowerCase() === "x-shop-client-ip") continue;
    if (trustProxy && name.toLowerCase() === "host" && req.headers["x-forwarded-host"]) {
      raw.push(name, String(req.headers["x-forwarded-host"]).split(",")[0]!.trim());
    } else raw.push(name, req.rawHeaders[i + 1]!);
  }
  raw.push("x-shop-client-ip", ip);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  // Behind a trusted TLS proxy the app must see https:// URLs, or React Router's own origin check
  // refuses every form post (Origin https://… against an http:// request URL).
  if (trustProxy && !(req.socket as TLSSocket).encrypted) {
    Object.defineProperty(req.socket, "encrypted", { value: req.headers["x-forwarded-proto"] === "https", configurable: true, writable: true });
  }
  // The listener is async (its type says void): a rejection is this request's 500, not a crash.
  Promise.resolve<unknown>(app(req, res)).catch((error: unknown) => failed(req, res, error));
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  console.log(`Candle shop listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests`);
  server.close(() => {
    sqlite.close();
    console.log("Stopped.");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
