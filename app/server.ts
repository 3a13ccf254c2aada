// The production server: `node build/server/index.js`. Vite builds this file as the SSR entry
// (vite.config.ts), so it carries the app build inside it.
import { createRequestListener } from "@react-router/node";
import { createReadStream, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { sqlite } from "~/db/client.server";
import { env } from "~/env.server";

const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "client");

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
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) return false;
    size = st.size;
  } catch {
    return false;
  }
  res.writeHead(200, {
    "Content-Type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": size,
    "Cache-Control": cache,
    "X-Content-Type-Options": "nosniff",
  });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
  return true;
}

const app = createRequestListener({ build, mode: process.env.NODE_ENV ?? "production" });

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (req.method === "GET" || req.method === "HEAD") {
    if (path.startsWith("/assets/") && serveFile(req, res, clientDir, path, "public, max-age=31536000, immutable")) return;
    if (path.startsWith("/uploads/") && serveFile(req, res, env.uploadDir, path.slice("/uploads".length), "public, max-age=31536000, immutable")) return;
    if (!path.startsWith("/assets/") && path !== "/" && serveFile(req, res, clientDir, path, "public, max-age=3600")) return;
  }
  void app(req, res);
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  console.log(`Candle shop listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

function shutdown(signal: string) {
  console.log(`${signal}: finishing in-flight requests`);
  server.close(() => {
    sqlite.close();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
