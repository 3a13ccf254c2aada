#!/usr/bin/env node
// npm run backup -- FILE: an online backup of the shop's SQLite database, safe while it serves.
// SQLite's backup API copies a consistent snapshot page by page; writers keep working meanwhile.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run backup -- FILE");
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = resolve(process.env.DATABASE_PATH ?? join(root, "data", "shop.db"));
if (!existsSync(source)) {
  console.error(`No database at ${source} (set DATABASE_PATH)`);
  process.exit(1);
}
const out = resolve(target);
if (existsSync(out)) {
  console.error(`${out} exists; choose a new file name`);
  process.exit(1);
}
mkdirSync(dirname(out), { recursive: true });

const db = new Database(source, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
const started = Date.now();
try {
  await db.backup(out);
} finally {
  db.close();
}
const copy = new Database(out, { readonly: true });
const check = copy.pragma("integrity_check", { simple: true });
const orders = copy.prepare("select count(*) from orders").pluck().get();
copy.close();
if (check !== "ok") {
  console.error(`Backup written to ${out} but integrity_check says: ${check}`);
  process.exit(1);
}
console.log(`Backed up ${source} to ${out} in ${Date.now() - started} ms (${orders} orders, integrity ok)`);
