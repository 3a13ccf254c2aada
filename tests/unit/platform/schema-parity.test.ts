import { getTableColumns, is, SQL, type Column } from "drizzle-orm";
import { getTableConfig as pgTableConfig, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as pg from "~/db/schema.pg";
import * as sqlite from "~/db/schema.sqlite";

// The models run unchanged on either schema module, so both must describe the same database:
// tables, columns (SQL and JS names, NOT NULL, primary key, default), keys and indexes. Column
// types differ on purpose (see schema.pg.ts); the JS types they give must not.

/** Everything that must match, in one comparable shape, whatever the dialect. */
function shape(table: SQLiteTable | PgTable) {
  const sqliteTable = is(table, SQLiteTable);
  const config = sqliteTable ? sqliteTableConfig(table) : pgTableConfig(table as PgTable);
  const render = (where: SQL | undefined) =>
    where && (sqliteTable ? new SQLiteSyncDialect().sqlToQuery(where) : new PgDialect().sqlToQuery(where)).sql;
  const names = (columns: (Column | SQL | { name?: string })[]) =>
    columns.map((c) => (is(c, SQL) ? "<expression>" : c.name));
  return {
    name: config.name,
    columns: Object.entries(getTableColumns(table)).map(([key, c]) => ({
      key,
      name: c.name,
      notNull: c.notNull,
      primary: c.primary,
      unique: c.isUnique,
      hasDefault: c.hasDefault,
      // Plain defaults ("", 0, false, "Placed") must be equal; SQL ones (now, unixepoch) differ.
      default: is(c.default, SQL) ? "<sql>" : c.default,
      enum: c.enumValues,
    })),
    primaryKeys: config.primaryKeys.map((k) => names(k.columns)),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return {
          columns: names(ref.columns),
          foreignTable: (is(ref.foreignTable, SQLiteTable)
            ? sqliteTableConfig(ref.foreignTable)
            : pgTableConfig(ref.foreignTable as PgTable)
          ).name,
          foreignColumns: names(ref.foreignColumns),
          onDelete: fk.onDelete ?? "no action",
          onUpdate: fk.onUpdate ?? "no action",
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({ name: u.name, columns: names(u.columns) })),
    checks: config.checks.map((c) => c.name),
    indexes: config.indexes
      .map(({ config: ix }) => ({
        name: ix.name,
        columns: names(ix.columns as (Column | SQL)[]),
        unique: ix.unique,
        partial: ix.where !== undefined,
        where: render(ix.where),
      }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
  };
}

const tablesOf = (module: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable) =>
  Object.fromEntries(Object.entries(module).filter(([, value]) => is(value, kind))) as Record<
    string,
    SQLiteTable | PgTable
  >;

/** Per exported table, the row it reads and the row it writes. */
type Rows<M> = {
  [K in keyof M as M[K] extends { $inferSelect: unknown } ? K : never]: M[K] extends {
    $inferSelect: infer S;
    $inferInsert: infer I;
  }
    ? { select: S; insert: I }
    : never;
};

const sqliteTables = tablesOf(sqlite, SQLiteTable);
const pgTables = tablesOf(pg, PgTable);

describe("SQLite and PostgreSQL schemas", () => {
  it("export the same tables", () => {
    expect(Object.keys(pgTables).sort()).toEqual(Object.keys(sqliteTables).sort());
    expect(Object.keys(sqliteTables).length).toBeGreaterThanOrEqual(10);
  });

  it.each(Object.keys(sqliteTables))("%s: same SQL name, columns, keys and indexes", (name) => {
    expect(pgTables[name], `${name} is missing from schema.pg.ts`).toBeDefined();
    expect(shape(pgTables[name]!)).toEqual(shape(sqliteTables[name]!));
  });

  // Checked by the typecheck (npm run typecheck), not at run time.
  it("give the models the same row types, read and written", () => {
    expectTypeOf<Rows<typeof pg>>().toEqualTypeOf<Rows<typeof sqlite>>();
    expectTypeOf<pg.User>().toEqualTypeOf<sqlite.User>();
    expectTypeOf<pg.Product>().toEqualTypeOf<sqlite.Product>();
    expectTypeOf<pg.Review>().toEqualTypeOf<sqlite.Review>();
    expectTypeOf<pg.Order>().toEqualTypeOf<sqlite.Order>();
    expectTypeOf<pg.OrderItem>().toEqualTypeOf<sqlite.OrderItem>();
  });
});
