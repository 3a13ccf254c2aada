// `npm run dev`: the same Express app as production (server/http.ts), in one process, with Vite
// in middleware mode for hot reload. Run by tsx; the app itself is loaded through Vite.
import { createServer } from "vite";
import { serveWorker } from "./worker";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { prepare } = (await vite.ssrLoadModule("./server/prepare.ts")) as typeof import("./prepare");
await prepare();
await serveWorker({ vite });
const { env } = await import("~/env.server");
for (const warning of env.startWarnings) console.warn(warning);
console.log(`Candle shop (development) on http://localhost:${env.port}`);
