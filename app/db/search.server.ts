// Product search, the one query that differs by database: name or description contains the
// text, case-insensitively. SQLite answers from its FTS5 trigram index (drizzle/sqlite/0002),
// PostgreSQL from pg_trgm GIN indexes under ILIKE (drizzle/pg). Shorter text than a trigram falls
// back to LIKE on SQLite; PostgreSQL's ILIKE takes any length. The clause's shape depends only
// on the kind of search, and the text is a parameter (`search`), so each shape is prepared once.
import { sql, type SQL } from "drizzle-orm";
import { dialect } from "./client.server";
import { products } from "./schema";

export type SearchKind = "none" | "fts" | "like";

/** User text inside LIKE is matched literally: %, _ and \ are escaped. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function searchKind(q: string): SearchKind {
  return !q ? "none" : [...q].length >= 3 ? "fts" : "like";
}

export function searchParam(kind: SearchKind, q: string): string | undefined {
  if (kind === "none") return undefined;
  // FTS5 takes the text as one quoted phrase, so no FTS syntax gets through.
  return kind === "fts" && dialect === "sqlite" ? `"${q.replace(/"/g, '""')}"` : likePattern(q);
}

export function searchClause(kind: SearchKind): SQL | undefined {
  const search = sql.placeholder("search");
  if (kind === "none") return undefined;
  if (dialect === "pg")
    return sql`(${products.name} ILIKE ${search} ESCAPE '\\' OR ${products.description} ILIKE ${search} ESCAPE '\\')`;
  if (kind === "fts")
    return sql`${products}.rowid IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${search})`;
  return sql`(${products.name} LIKE ${search} ESCAPE '\\' OR ${products.description} LIKE ${search} ESCAPE '\\')`;
}
