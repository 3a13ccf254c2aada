import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQLite's migrations from app/db/schema.sqlite.ts (paths from the root).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.sqlite.ts",
  out: "./drizzle/sqlite",
});
