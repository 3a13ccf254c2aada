import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Middleware and a typed load context (RouterContextProvider): the server hands the client's
  // address and the CSP nonce to routes (app/utils/request-context.server.ts), and the guest
  // page cache answers before any loader runs (app/utils/page-cache.server.ts).
  future: { v8_middleware: true },
} satisfies Config;
