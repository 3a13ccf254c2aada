import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createPgDatabase } from "./pg-cluster";

// The pg project (vite.config.ts): each test file gets its own empty database on the run's
// cluster (pg-global-setup.ts), named in DATABASE_URL before any app module reads the
// environment. The app's database module applies drizzle/pg when it first opens it.
process.env.DATABASE_URL = createPgDatabase(inject("pgCluster"), `unit_${randomBytes(8).toString("hex")}`);
process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";
