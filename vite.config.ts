import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { configDefaults, defineConfig } from "vitest/config";
import { NO_SQL } from "./tests/support/no-sql-files";
import { pgBinDir } from "./tests/support/pg-cluster";

// The unit suite runs on both databases the shop supports: SQLite always, PostgreSQL where its
// server binaries are installed (CI installs them; tests/support/pg-cluster.ts). Without them the pg
// project is left out, saying so once, rather than failing.
const postgres = Boolean(process.env.VITEST) && pgBinDir() !== null;
const noted = globalThis as { pgSkipNoted?: boolean }; // vitest reads this file twice
if (process.env.VITEST && !postgres && !noted.pgSkipNoted) {
  noted.pgSkipNoted = true;
  console.warn(
    "Unit tests on PostgreSQL SKIPPED: no server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)",
  );
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The production server (server/index.ts) is the SSR entry, so `node build/server/index.js` serves.
  // The browser's build: chunks under 4 kB of pure definitions join a chunk loaded with them.
  // Each file costs ~0.7 kB of response headers and, on a slow link, a place in the queue; 18 of
  // the client's chunks were under 1 kB (issue #35).
  // COVERAGE=1 (scripts/test-coverage.mjs): the server bundle with a source map, so the V8 coverage
  // of the servers the tests start maps back to app/ and server/. Never in the build that ships.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/index.ts" }, ...(process.env.COVERAGE === "1" && { sourcemap: true }) }
    : {
        rollupOptions: {
          output: {
            experimentalMinChunkSize: 4_000,
            // The Hindi catalogue is loaded by Hindi pages alone (app/entry.client.tsx): a chunk of
            // its own, which small shared chunks must not be merged into (every page would load it).
            manualChunks: (id) => (id.endsWith("/app/lib/i18n/hi.ts") ? "i18n-hi" : undefined),
          },
        },
      },
  // Native addons: loaded by Node, never bundled.
  ssr: { external: ["better-sqlite3", "sharp"] },
  plugins: [!process.env.VITEST && reactRouter()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // The page styles travel inline (app/utils/page-styles.server.ts): their tests need the CSS.
    css: { include: [/\/app\/(styles\/.+|app)\.css/] },
    // The two projects share two cores with each other and with other test runs: a time limit is
    // there to catch a hang, not to judge speed.
    testTimeout: 60_000,
    // Each file's time, for scripts/test-times.mjs (issue #51).
    reporters: ["default", "json"],
    outputFile: { json: "test-timings/vitest.json" },
    // `vitest run --coverage` (scripts/test-coverage.mjs): what the tests ran of app/ and server/, as
    // istanbul JSON, every file listed, loaded or not. Modules that only ever run in the browser are left out.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
      exclude: ["app/entry.client.tsx", "**/*.client.{ts,tsx}", "**/*.d.ts"],
      reporter: [["json", { file: "coverage-final.json" }]],
      reportsDirectory: "test-timings/coverage/vitest",
    },
    hookTimeout: 60_000,
    // Three files at a time on two cores: Vitest's default there is one (cores - 1), and two still
    // left the CPU idle a sixth of the time (1.66 cores busy) while a file waited on PostgreSQL, a
    // child process or a timer. Each file has its own database.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // pg-migrations.test.ts needs the pg project's cluster; db-copy.test.ts (SQLite to
        // PostgreSQL, whichever database the app uses) runs once, in the pg project.
        test: {
          name: "sqlite",
          setupFiles: ["tests/support/setup-sqlite.ts"],
          exclude: [
            ...configDefaults.exclude,
            "tests/unit/platform/pg-migrations.test.ts",
            "tests/unit/platform/db-copy.test.ts",
          ],
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "pg",
                globalSetup: ["tests/support/pg-global-setup.ts"],
                setupFiles: ["tests/support/setup-pg.ts"],
                // PDFs drawn from in-memory orders: no database, so once (in the sqlite project) is enough.
                // A failed login's time is bcrypt's on either path, whatever the database (the reset's
                // timing, whose account path writes rows, runs on both). The uploads file runs on both: where
                // good pictures go differs (files or rows); its bombs are encoded once per machine.
                // Files that open no database run once too (tests/support/no-sql-files.ts).
                exclude: [
                  ...configDefaults.exclude,
                  ...NO_SQL,
                  "tests/unit/accounts/login-timing.test.ts",
                  "tests/unit/invoices/packing-slips-hostile.test.ts",
                  "tests/unit/invoices/pdf-thread.test.ts",
                ],
              },
            },
          ]
        : []),
    ],
  },
}));
