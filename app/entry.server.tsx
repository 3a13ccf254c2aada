import { Writable } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { env } from "~/env.server";
import { hydrateAfterLoad } from "~/utils/hydrate-after-load.server";
import { withPageStyles } from "~/utils/page-styles.server";
import { nonceOf } from "~/utils/request-context.server";
import { markIfUnavailable } from "~/utils/unavailable.server";

export const streamTimeout = 5_000;

/**
 * A client's mistake (a POST to a page without a form: 405; an unknown route: 404) is answered
 * and already in the request log; only server faults are logged as errors, with where they hit.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  // The database is down: answered 503 (utils/unavailable.server.ts), logged in one line, not a stack per request.
  if (markIfUnavailable(cause, context)) console.error(`${where}: database unavailable (${String(cause)})`);
  // React Router's own cross-site check on actions (answered 400): a refusal, not a fault. Ours
  // (server/middleware.ts) compares hosts; React Router also the scheme a trusted proxy forwarded.
  // On a `.data` request React Router replaces its message with a bare "Bad Request" (the only
  // place it makes that error, react-router's single-fetch.ts).
  else if (
    cause instanceof Error &&
    (cause.message.endsWith("Aborting the action.") || cause.message === "Bad Request")
  )
    console.warn(`${where}: refused (${cause.message})`);
  else console.error(`${where}:`, cause);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD: the GET's headers without its body (a link
  // checker or a crawler reads the type from a HEAD).
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The nonce of this response's Content-Security-Policy (helmet sends it; server/app.ts): only
  // the app's own inline scripts may run.
  const nonce = nonceOf(loadContext);

  // The whole page is rendered, then sent as one piece. Loaders have resolved before rendering
  // and no page suspends, so streaming would only split the same bytes into many small chunks,
  // each paying its way through the web stream, compression and the socket (measured: a third
  // of the CPU of a /shop render). One buffer also gets a Content-Length.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    let failed: unknown = null;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary (the lazy review form) that completes after a shell of more than
        // progressiveChunkSize bytes (12,800 by default) is otherwise sent hidden, to be revealed by an
        // inline script: without JS it never shows. The page is sent whole anyway, so never outline.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          body.on("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const matches = routerContext.staticHandlerContext.matches;
            // The first response is enough to paint, and the scripts come after what it needs.
            const html = hydrateAfterLoad(
              withPageStyles(Buffer.concat(chunks).toString("utf8"), matches.at(-1)?.route.id),
              env.hydrateOn,
            );
            resolve(
              new Response(html, {
                headers: responseHeaders,
                status: failed ? 500 : responseStatusCode,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          failed = error;
          console.error(error);
        },
      },
    );
  });
}
