import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { ALIASES, GST_STATES } from "~/lib/gst-states";
import { placeOfSupply } from "~/lib/tax-invoice";
import { testDb } from "../../support/db";
import { migrateWith, migrationsUpTo } from "../../support/migrations";

// drizzle/sqlite/0016 and drizzle/pg/0014 store each order's place of supply (issue #34). Orders
// placed before keep the one their invoice printed, which placeOfSupply() read from the typed
// state: the migration gives each the same code, so a redrawn invoice never changes. Run on a
// database migrated to the step before, holding orders, the way a live shop's is. This file opens
// no database module of the app: on the pg project the database setup-pg.ts named for it is empty.

const onPostgres = Boolean(process.env.DATABASE_URL);
const MIGRATIONS = resolve(__dirname, "../../../drizzle", onPostgres ? "pg" : "sqlite");
const BEFORE = onPostgres ? 13 : 15; // the last migration without the column

/** Every name and spelling the invoice knew, as shoppers type them, and some it did not know. */
const TYPED = [
  ...GST_STATES.map((s) => s.name),
  ...GST_STATES.map((s) => `  ${s.name.toUpperCase().replace(/ /g, "   ")} `),
  ...Object.keys(ALIASES),
  ...Object.keys(ALIASES).map((a) => a.replace(/ and /g, " & ").toUpperCase()),
  "Jammu & Kashmir",
  "N.C.T. of Delhi",
  "Tamil\nNadu",
  "Tamil\r\n Nadu",
  "Dadra-Nagar-Haveli",
  "Andaman & Nicobar Island",
  "Delhi NCR",
  "Atlantis",
  "Karnataka state",
  "",
];

it(`gives existing orders the place of supply their invoice printed (${onPostgres ? "drizzle/pg/0014" : "drizzle/sqlite/0016"})`, async () => {
  const address = onPostgres ? process.env.DATABASE_URL! : join(mkdtempSync(join(tmpdir(), "candle-m16-")), "shop.db");
  await migrateWith(address, migrationsUpTo(MIGRATIONS, BEFORE));
  const db = testDb(address);
  for (const [i, state] of TYPED.entries())
    await db.run(
      `INSERT INTO orders (id, status, contact_name, contact_email, contact_phone, address, city, state, pin, subtotal, shipping, grand_total)
       VALUES (?, 'Placed', 'Asha', 'asha@example.com', '9876543210', '1 MG Road', 'Somewhere', ?, '560001', 100, 0, 100)`,
      `o${String(i).padStart(3, "0")}`,
      state,
    );

  await migrateWith(address, MIGRATIONS);

  const rows = await db.all<{ state: string; code: string | null }>(
    "SELECT state, supply_state_code AS code FROM orders ORDER BY id",
  );
  expect(rows.map((r) => [r.state, r.code])).toEqual(TYPED.map((state) => [state, placeOfSupply(state).code]));
  // Recognised and not: both kinds are among them.
  expect(rows.filter((r) => r.code === null).map((r) => r.state)).toEqual([
    "N.C.T. of Delhi",
    "Delhi NCR",
    "Atlantis",
    "Karnataka state",
    "",
  ]);
});
