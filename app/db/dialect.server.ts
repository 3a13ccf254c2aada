// Which database the shop runs on, decided here once: PostgreSQL when DATABASE_URL is set (several
// app servers), the SQLite file at DATABASE_PATH otherwise. Every other module asks this one.
import { env } from "~/env.server";

export type Dialect = "sqlite" | "pg";

export const connection =
  env.databaseUrl !== undefined
    ? ({ dialect: "pg", url: env.databaseUrl, poolSize: env.databasePoolSize } as const)
    : ({ dialect: "sqlite", path: env.databasePath } as const);

export const dialect: Dialect = connection.dialect;
