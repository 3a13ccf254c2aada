// `node build/server/index.js` (npm start): the production server. Vite builds this file as the
// SSR entry (vite.config.ts), so the app build comes with it. One program, three roles: the
// primary, the one-off start-up step, and the web workers (server/primary.ts).
import cluster from "node:cluster";

process.env.NODE_ENV ??= "production";
if (cluster.isPrimary) {
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
