import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A copy of the migrations `folder` as it was up to (and including) journal entry `last`: a
 * database migrated with it is one a live shop had before the later migrations.
 */
export function migrationsUpTo(folder: string, last: number): string {
  const dir = mkdtempSync(join(tmpdir(), "candle-migrations-"));
  cpSync(folder, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}
