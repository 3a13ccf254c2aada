// Every test title of the suite, one per line, sorted (issue #51): `npm run test:titles > before.txt`
// before tests move between layers, again after, and `diff` shows any title lost. A line is
// "<title path> [where it runs]": the unit suite's titles with their Vitest projects (databases),
// Playwright's with their projects (JS off, JS on) and databases. `--no-pg` leaves out the
// PostgreSQL listing of Playwright, which starts a throwaway cluster.
import { execFileSync } from "node:child_process";

const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, { encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });

/** title -> set of places it runs */
const titles = new Map();
const add = (title, where) => titles.set(title, (titles.get(title) ?? new Set()).add(where));

for (const line of run("npx", ["vitest", "list"]).split("\n")) {
  const m = /^\[(\w+)\] (.+)$/.exec(line.trim());
  if (m) add(`unit › ${m[2].replaceAll(" > ", " › ")}`, `unit:${m[1]}`);
}
const databases = process.argv.includes("--no-pg") ? ["sqlite"] : ["sqlite", "pg"];
for (const db of databases) {
  const out = run("npx", ["playwright", "test", "-c", "tests/playwright.config.ts", "--list"], {
    ...(db === "pg" ? { E2E_DATABASE: "pg" } : {}),
  });
  for (const line of out.split("\n")) {
    // "  [js-on] › file.spec.ts:12:1 › describe › title"; the request layer's specs, in a folder beside
    // e2e/ ("[request] › ../request/file.spec.ts…"), keep the titles of the browser specs they took over.
    const m = /^\s*\[([\w-]+)\] › (?:\.\.\/[\w-]+\/)?([^:]+):\d+:\d+ › (.+)$/.exec(line);
    if (m) add(`e2e › ${m[2]} › ${m[3]}`, `${m[1]}:${db}`);
  }
}
for (const title of [...titles.keys()].sort()) console.log(`${title} [${[...titles.get(title)].sort().join(", ")}]`);
