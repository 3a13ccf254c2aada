// `node build/server/index.js` (npm start): the production server. Vite builds this file as the
// SSR entry (vite.config.ts), so the app build comes with it. One program, three roles: the
// primary, the one-off start-up step, and the web workers (server/primary.ts); and a web worker's
// PDF thread.
import cluster from "node:cluster";
import { isMainThread, workerData } from "node:worker_threads";

process.env.NODE_ENV ??= "production";
if (!isMainThread && (workerData as { role?: string } | null)?.role === "pdf") {
  // A web worker's PDF thread (app/models/invoices/pdf-thread.server.ts).
  await import("../app/models/invoices/pdf-worker.server");
} else if (cluster.isPrimary) {
  const primary = await import("./primary").catch((error: Error) => {
    // A bad setting stops the start here, with the message that names it.
    console.error(error.message);
    process.exit(1);
  });
  await primary.runPrimary();
} else if (process.env.SHOP_ROLE === "prepare") {
  const { prepareAndExit } = await import("./prepare");
  await prepareAndExit();
} else {
  const { serveWorker } = await import("./worker");
  await serveWorker();
}
