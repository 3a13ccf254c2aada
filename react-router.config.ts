import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Middleware and a typed load context (RouterContextProvider): the server hands the client's
  // address and the CSP nonce to routes (app/utils/request-context.server.ts), and the guest
  // page cache answers before any loader runs (app/utils/page-cache.server.ts).
  future: { v8_middleware: true },
  // The whole route manifest comes with the first page, so no navigation waits for a /__manifest
  // round trip first (issue #35: 1-2 more round trips per step at 400 ms each, for ~1.5 kB once).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
