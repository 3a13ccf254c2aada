// Many rows in one INSERT … SELECT: the rows travel as one JSON parameter that the database takes
// apart itself (SQLite's json_each, PostgreSQL's json_array_elements), in the array's order. For
// the PIN directory (155k rows, once per new shop) this takes about 0.6 s on SQLite and 1 s on
// PostgreSQL, where 155 multi-row INSERTs built by drizzle took 4 and 7 s: the time went into
// building and binding 775k parameters, not into the database.
import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";

/**
 * A SELECT yielding `rows` as rows of `table` on database `dialect`, every column in the table's
 * order (what `tx.insert(table).select(…)` expects). Each row is sent as an array, so keys are not
 * repeated. Values go as JSON: text, numbers, booleans and nulls as they are, a Date as its ISO
 * text (PostgreSQL casts it to the column's type; SQLite columns hold timestamps as numbers, so
 * give those as numbers there).
 */
export function jsonRows<T extends Table>(dialect: "sqlite" | "pg", table: T, rows: T["$inferInsert"][]): SQL {
  const columns = Object.entries(getTableColumns(table));
  const json = JSON.stringify(rows.map((row) => columns.map(([key]) => (row as Record<string, unknown>)[key] ?? null)));
  if (dialect === "pg") {
    const values = columns.map(([, column], i) => sql`(r.e->>${sql.raw(String(i))})::${sql.raw(column.getSQLType())}`);
    return sql`SELECT ${sql.join(values, sql`, `)} FROM json_array_elements(${json}::json) WITH ORDINALITY AS r(e, n) ORDER BY r.n`;
  }
  const values = columns.map((_, i) => sql`value->>${sql.raw(String(i))}`);
  return sql`SELECT ${sql.join(values, sql`, `)} FROM json_each(${json}) ORDER BY key`;
}
