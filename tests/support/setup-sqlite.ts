import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The sqlite project (vite.config.ts): each test file gets its own empty database, created on
// first import of the db client.
const dir = mkdtempSync(join(tmpdir(), "candle-unit-"));
process.env.DATABASE_PATH = join(dir, "shop.db");
process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";
