import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The production server (server/index.ts) is the SSR entry, so `node build/server/index.js` serves.
  build: isSsrBuild ? { rollupOptions: { input: "./server/index.ts" } } : {},
  // Native addons: loaded by Node, never bundled.
  ssr: { external: ["better-sqlite3", "sharp"] },
  plugins: [!process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/unit/setup.ts"],
  },
}));
