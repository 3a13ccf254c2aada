// One web worker: the Express app on the shared port, stopped gracefully on SIGTERM/SIGINT or
// when the primary retires it (a rolling restart). An uncaught error ends it (exit 1) after
// in-flight requests, and the primary starts another.
import type { Server } from "node:http";
import { join } from "node:path";
import closeWithGrace from "close-with-grace";
import type express from "express";
import type { ViteDevServer } from "vite";
import { projectRoot } from "~/env.server";
import { createHttpApp, listen, stop } from "./http";

/** The built client files (react-router build). */
const clientDir = join(projectRoot, "build", "client");

export async function serveWorker(options: { vite?: ViteDevServer } = {}) {
  let app: express.RequestHandler;
  let servePageCache: (securityHeaders: express.RequestHandler) => express.RequestHandler;
  let closeDatabase: () => Promise<void>;
  let startBackgroundWork: () => { stop(): Promise<void> };
  // In development Vite injects styles of its own, so the CSP allows any inline style there.
  let inlineStyleHashes: string[] = [];
  const vite = options.vite;
  if (vite) {
    // Development: the app is loaded through Vite on every request, so edits show at once.
    const load =
      (use: (mod: typeof import("./app")) => express.RequestHandler): express.RequestHandler =>
      async (req, res, next) => {
        try {
          use((await vite.ssrLoadModule("./server/app.ts")) as typeof import("./app"))(req, res, next);
        } catch (error) {
          if (error instanceof Error) vite.ssrFixStacktrace(error);
          next(error);
        }
      };
    app = load((mod) => mod.handler);
    servePageCache = (securityHeaders) => load((mod) => mod.servePageCache(securityHeaders));
    closeDatabase = async () => {};
    // The background work is loaded once: a long-running loop does not follow edits.
    startBackgroundWork = ((await vite.ssrLoadModule("./server/app.ts")) as typeof import("./app")).startBackgroundWork;
  } else {
    const mod = await import("./app");
    app = mod.handler;
    servePageCache = mod.servePageCache;
    closeDatabase = mod.closeDatabase;
    startBackgroundWork = mod.startBackgroundWork;
    inlineStyleHashes = mod.inlineStyleHashes;
  }
  const server: Server = await listen(createHttpApp({ app, servePageCache, inlineStyleHashes, clientDir, vite }));
  const background = startBackgroundWork();

  let closing = false;
  const closer = closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (closing) return;
    closing = true;
    if (err) console.error("Uncaught error; stopping this worker:", err);
    else if (signal && !process.send) console.log(`${signal}: finishing in-flight requests`);
    await Promise.all([stop(server), background.stop()]);
    await vite?.close();
    await closeDatabase();
  });
  // The primary asks a worker to stop with a message: a signal would reach close-with-grace twice
  // under systemd, which signals every process of the service.
  process.on("message", (message) => {
    if (message === "shutdown" && !closing) void closer.close();
  });
  return server;
}
