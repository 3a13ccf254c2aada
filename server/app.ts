// The React Router app as an Express handler, as in React Router's node-custom-server template.
// Built by Vite into build/server (the SSR entry chunk), loaded through Vite in development.
import { createRequestHandler } from "@react-router/express";
import type { Response } from "express";
import { RouterContextProvider } from "react-router";
import { OrderMailSender } from "~/models/flows/order-mail-sender.server";
import { requestInfo, requestOrigin } from "~/utils/request-context.server";

/**
 * The guest page cache's one entry point for the HTTP server (app/utils/page-cache.server.ts).
 * Handed over from here, with the app, so that the server reads the same cache the app's root
 * middleware fills: one bundle in production, one Vite module graph in development.
 */
export { servePageCache } from "~/utils/page-cache.server";

/** The hashes of the inline CSS pages carry, for the CSP's style-src (app/utils/page-styles.server.ts). */
export { inlineStyleHashes } from "~/utils/page-styles.server";

// Given a function, React Router calls it and re-derives its route tables and static handler on
// every request (so that development edits show at once); given the build, it derives them once.
// Measured on a logged-in /shop render: the per-request derivation was ~5% of the worker's CPU.
const build = import.meta.env.DEV
  ? () => import("virtual:react-router/server-build")
  : await import("virtual:react-router/server-build");

export const handler = createRequestHandler({
  build,
  getLoadContext(req, res: Response) {
    const context = new RouterContextProvider();
    // req.ip, req.host and req.protocol follow Express's `trust proxy`; the nonce is the one helmet
    // put in this response's CSP.
    context.set(requestInfo, {
      ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
      origin: requestOrigin(req),
      nonce: String(res.locals.cspNonce),
    });
    return context;
  },
});

/** The shop's database connection, closed once the last request of a stopping worker is done. */
export { closeDatabase } from "~/db/client.server";

/** Delivers the mail outbox in the background of each worker, outside every request (issue #23). */
export function startMailSender(): { stop(): Promise<void> } {
  return new OrderMailSender().start();
}
