// The React Router app as an Express handler, as in React Router's node-custom-server template.
// Built by Vite into build/server (the SSR entry chunk), loaded through Vite in development.
import { createRequestHandler } from "@react-router/express";
import type { Request, RequestHandler, Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { env } from "~/env.server";
import { LANGUAGE_PREFIX, type Language, languageOfPath } from "~/lib/i18n/languages";
import { OrderMailSender } from "~/models/flows/order-mail-sender.server";
import { viewerOfCookies } from "~/models/flows/page-viewer.server";
import { startPaymentClock } from "~/models/payments/clock.server";
import { languageChoice } from "~/utils/language-choice.server";
import { handViewerToRender, servePageCache as serveKeptPages } from "~/utils/page-cache.server";
import { requestInfo, requestOrigin } from "~/utils/request-context.server";

/**
 * The page cache's one entry point for the HTTP server (app/utils/page-cache.server.ts), reading
 * its viewer as the root middleware does. Handed over from here, with the app, so that the server
 * reads the same cache the app's root middleware fills: one bundle in production, one Vite module
 * graph in development.
 */
export const servePageCache = (securityHeaders: RequestHandler) => serveKeptPages(securityHeaders, viewerOfCookies);

/** The hashes of the inline CSS pages carry, for the CSP's style-src (app/utils/page-styles.server.ts). */
export { inlineStyleHashes } from "~/utils/page-styles.server";

// Given a function, React Router calls it and re-derives its route tables and static handler on
// every request (so that development edits show at once); given the build, it derives them once.
// Measured on a logged-in /shop render: the per-request derivation was ~5% of the worker's CPU.
const build = import.meta.env.DEV
  ? () => import("virtual:react-router/server-build")
  : await import("virtual:react-router/server-build");

function getLoadContext(req: Request, res: Response) {
  const context = new RouterContextProvider();
  // req.ip, req.host and req.protocol follow Express's `trust proxy`; the nonce is the one helmet
  // put in this response's CSP.
  context.set(requestInfo, {
    ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
    origin: requestOrigin(req),
    nonce: String(res.locals.cspNonce),
  });
  handViewerToRender(res.locals, context);
  return context;
}

/**
 * The build with every route under `basename`: one route list for all languages (issue #36). React
 * Router strips the prefix before matching, writes it into every <Link>, <Form> and redirect the
 * app makes, and hands it to the browser's router, so a Hindi page's links stay Hindi ones.
 */
function underBasename(basename: string): ServerBuild | (() => Promise<ServerBuild>) {
  const withBasename = (b: ServerBuild): ServerBuild => ({ ...b, basename });
  return typeof build === "function" ? async () => withBasename(await build()) : withBasename(build);
}

const english = createRequestHandler({ build, getLoadContext });
const byLanguage: Partial<Record<Language, RequestHandler>> = Object.fromEntries(
  env.languages.map((l) => [
    l,
    l === "en" ? english : createRequestHandler({ build: underBasename(LANGUAGE_PREFIX[l]), getLoadContext }),
  ]),
);

/**
 * The app, in the language the path names, after the language cookie's two addresses
 * (languageChoice). With LANGUAGES unset it is the English handler itself: /hi/… and /language are
 * then unknown paths like any other, and redirect to /.
 */
export const handler: RequestHandler =
  env.languages.length === 1
    ? english
    : (req, res, next) => languageChoice(req, res, () => handlerFor(req.path)(req, res, next));

/**
 * The JSON API is not translated, and the sitemap and robots.txt name every language's pages from
 * their one address: /hi/api/…, /hi/sitemap.xml are unknown paths, as in English.
 */
const UNTRANSLATED = /^\/(?:api(?:\/|$)|sitemap\.xml$|robots\.txt$)/;

function handlerFor(path: string): RequestHandler {
  const language = languageOfPath(path, env.languages);
  if (language === "en" || UNTRANSLATED.test(path.slice(LANGUAGE_PREFIX[language].length))) return english;
  return byLanguage[language] ?? english;
}

/** The shop's database connection, closed once the last request of a stopping worker is done. */
export { closeDatabase } from "~/db/client.server";

/**
 * The work each worker does outside every request: delivering the mail outbox (issue #23) and the
 * payment clock's sweep (issue #38).
 */
export function startBackgroundWork(): { stop(): Promise<void> } {
  const sender = new OrderMailSender().start();
  const clock = startPaymentClock();
  return {
    async stop() {
      await Promise.all([sender.stop(), clock.stop()]);
    },
  };
}
