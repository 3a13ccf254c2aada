import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes PostgreSQL's migrations from app/db/schema.pg.ts (paths from the root).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.pg.ts",
  out: "./drizzle/pg",
});
