// `npm run test:coverage` (issue #51, "Nothing lost"): how much of app/ and server/ the whole suite
// runs, lines and branches per file, so that moving tests between layers can be checked for code
// that no test reaches any more. Most of the server runs in other processes than the tests: the
// Playwright webServer and the servers the specs start (tests/e2e/support/server.ts), so their V8
// coverage is collected too, not only Vitest's.
//
//   build       COVERAGE=1 npm run build: build/ with a source map of the server bundle (vite.config.ts)
//   unit        vitest run --coverage: both projects, istanbul JSON (vite.config.ts's test.coverage)
//   e2e:sqlite  npm run e2e:sqlite, NODE_V8_COVERAGE set: every server process writes its raw
//   e2e:pg      V8 coverage as it exits (one killed with SIGKILL writes nothing; a few specs do that)
//   report      the raw coverage of the server bundle, mapped back to app/ and server/ as Vitest maps
//               its own, joined with Vitest's: per file and in all, to test-timings/coverage-summary.json
//               and as a table
//
// `--only a,b` runs some steps (`--only report` reports on what the last run of each step left);
// other arguments filter the test files of both runners, e.g. `npm run test:coverage --
// tests/unit/coupons tests/request/coupons`. `--compare <an older coverage-summary.json>` prints
// the totals and the files that moved by more than half a point, as a Markdown table.
// It rebuilds build/ (as `npm run test:e2e` does), so it must not run beside other runs of this checkout.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mergeProcessCovs } from "@bcoe/v8-coverage";
import convert from "ast-v8-to-istanbul";
import libCoverage from "istanbul-lib-coverage";
import { parseAstAsync } from "vite";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "test-timings", "coverage");
const STEPS = ["build", "unit", "e2e:sqlite", "e2e:pg", "report"];

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const steps = onlyAt === -1 ? STEPS : args[onlyAt + 1].split(",");
const filters = args.filter((a, i) => a !== "--only" && i !== onlyAt + 1);
for (const s of steps) if (!STEPS.includes(s)) throw new Error(`no step ${s}: ${STEPS.join(", ")}`);

const failed = [];
function run(step, command, commandArgs, env = {}) {
  console.log(`\n=== ${step}: ${[command, ...commandArgs].join(" ")}`);
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  // A failing test does not void what the others ran: the report still comes, and the exit code says so.
  if (r.status !== 0) failed.push(step);
}

/** Vitest's istanbul JSON: every file of app/ and server/ the coverage config includes, loaded or not. */
function unitCoverage() {
  const file = join(out, "vitest", "coverage-final.json");
  return libCoverage.createCoverageMap(existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});
}

/**
 * The servers' coverage as istanbul's, per file of app/ and server/: the raw V8 coverage of every
 * process, summed per script of build/server, then mapped through the bundle's source map by
 * ast-v8-to-istanbul, the converter @vitest/coverage-v8 uses, so both sides count the same
 * statements and branches of the same code (c8's v8-to-istanbul counts every line of a file,
 * blank, comment, type or dropped by the bundler, as run unless V8 says otherwise).
 */
async function serverCoverage() {
  const bundle = pathToFileURL(join(root, "build", "server")).href + "/";
  let merged = { result: [] };
  const dirs = existsSync(join(out, "v8")) ? readdirSync(join(out, "v8")).map((d) => join(out, "v8", d)) : [];
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      // Every Node process of the run writes a file (npm, Playwright's runner and workers too): only
      // the server bundle's scripts are kept, summed as they come, to hold one file's data at a time.
      const { result } = JSON.parse(readFileSync(join(dir, name), "utf8"));
      merged = mergeProcessCovs([merged, { result: result.filter((script) => script.url.startsWith(bundle)) }]);
    }
  }
  const map = libCoverage.createCoverageMap({});
  for (const { url, functions } of merged.result) {
    const path = fileURLToPath(url);
    const code = readFileSync(path, "utf8");
    const sourceMap = JSON.parse(readFileSync(`${path}.map`, "utf8"));
    map.merge(await convert({ code, ast: parseAstAsync(code), sourceMap, coverage: { url, functions } }));
  }
  return map;
}

// A position's key; a column past the line's end is null in the JSON and Infinity in memory.
const at = ({ line, column }) => `${line}:${Number.isFinite(column) ? column : "end"}`;

/**
 * Hits per line of a file, the lines being those Vitest's coverage counts (where a statement
 * starts), the hits the most of any statement starting there, on either side. The two sides parse
 * the same source but through different builds, so a server statement is matched to Vitest's by
 * where it starts, or failing that by its line (`export const` becomes `const`: a column apart), or
 * by where it ends (the bundle's map may start a JSX arrow at the parenthesis a line up). One that
 * matches nothing is the build's own (React Router wraps each route component in a call) and is
 * left out.
 */
function lineHits(unit, server) {
  const byStart = new Map();
  const byLine = new Map();
  const byEnd = new Map();
  const most = (m, k, v) => m.set(k, Math.max(m.get(k) ?? 0, v));
  for (const [id, loc] of Object.entries(server?.statementMap ?? {})) {
    most(byStart, at(loc.start), server.s[id]);
    most(byLine, loc.start.line, server.s[id]);
    most(byEnd, at(loc.end), server.s[id]);
  }
  const lines = new Map();
  for (const [id, loc] of Object.entries(unit.statementMap)) {
    const s = byStart.get(at(loc.start)) ?? byLine.get(loc.start.line) ?? byEnd.get(at(loc.end)) ?? 0;
    const hits = lines.get(loc.start.line) ?? { unit: 0, server: 0 };
    lines.set(loc.start.line, { unit: Math.max(hits.unit, unit.s[id]), server: Math.max(hits.server, s) });
  }
  return lines;
}

/**
 * Hits per arm of each branch Vitest's coverage counts, on either side; a server branch is matched
 * by its kind, line and order on that line (or its kind and where it ends), as statements are.
 */
function armHits(unit, server) {
  const key = (branches) => {
    const seen = new Map();
    return Object.entries(branches).map(([id, { type, loc }]) => {
      const n = (seen.get(`${type}@${loc.start.line}`) ?? 0) + 1;
      seen.set(`${type}@${loc.start.line}`, n);
      return [id, `${type}@${loc.start.line}#${n}`, `${type}@${at(loc.end)}`];
    });
  };
  const byKey = new Map();
  for (const [id, k, end] of key(server?.branchMap ?? {})) byKey.set(k, server.b[id]).set(end, server.b[id]);
  return key(unit.branchMap).flatMap(([id, k, end]) => {
    const s = byKey.get(k) ?? byKey.get(end) ?? [];
    const line = unit.branchMap[id].loc.start.line;
    return unit.b[id].map((hits, arm) => ({ line, unit: hits, server: s[arm] ?? 0 }));
  });
}

function pct(covered, total) {
  return total === 0 ? 100 : Math.round((covered / total) * 10_000) / 100;
}

/**
 * A line or branch arm counts as covered when either side ran it. The union is taken line by line
 * and arm by arm, not with istanbul's merge, which credits a statement it cannot match with the
 * hits of whatever encloses it on the other side (a function body would count as run because the
 * module was loaded).
 */
async function report() {
  const unit = unitCoverage();
  const server = await serverCoverage();
  const files = {};
  const total = { lines: [0, 0], branches: [0, 0], serverLines: 0 };
  for (const file of unit.files().sort()) {
    const u = unit.fileCoverageFor(file).data;
    const s = server.data[file] && server.fileCoverageFor(file).data;
    const lines = [...lineHits(u, s)].sort(([a], [b]) => a - b);
    const missed = lines.filter(([, h]) => h.unit === 0 && h.server === 0).map(([line]) => line);
    const serverLines = lines.filter(([, h]) => h.server > 0).length;
    const arms = armHits(u, s);
    const armsCovered = arms.filter((h) => h.unit > 0 || h.server > 0).length;
    files[relative(root, file)] = {
      lines: {
        total: lines.length,
        covered: lines.length - missed.length,
        pct: pct(lines.length - missed.length, lines.length),
      },
      branches: { total: arms.length, covered: armsCovered, pct: pct(armsCovered, arms.length) },
      // What the servers alone ran, and the lines nothing ran: where a drop shows.
      serverLines,
      missedLines: missed,
      // The line of each branch arm nothing ran (a line twice: two arms there).
      missedArms: arms.filter((h) => h.unit === 0 && h.server === 0).map((h) => h.line),
    };
    total.lines[0] += lines.length - missed.length;
    total.lines[1] += lines.length;
    total.branches[0] += armsCovered;
    total.branches[1] += arms.length;
    total.serverLines += serverLines;
  }
  const summary = {
    total: {
      lines: { total: total.lines[1], covered: total.lines[0], pct: pct(...total.lines) },
      branches: { total: total.branches[1], covered: total.branches[0], pct: pct(...total.branches) },
      serverLines: total.serverLines,
    },
    files,
  };
  writeFileSync(join(root, "test-timings", "coverage-summary.json"), `${JSON.stringify(summary, null, 1)}\n`);

  const row = (name, l, b) => `${name.padEnd(60)} ${String(l.pct).padStart(6)} ${String(b.pct).padStart(6)}`;
  console.log(`\n${"file".padEnd(60)} ${"lines%".padStart(6)} ${"branch%".padStart(6)}`);
  for (const [name, f] of Object.entries(files)) console.log(row(name, f.lines, f.branches));
  console.log(row("total", summary.total.lines, summary.total.branches));
  console.log(
    `lines ${summary.total.lines.covered}/${summary.total.lines.total}, branches ${summary.total.branches.covered}/${summary.total.branches.total}; written to test-timings/coverage-summary.json`,
  );
}

/** `--compare <before.json>`: the totals, and each file whose lines or branches moved by more than 0.5 points. */
function compare(beforeFile) {
  const before = JSON.parse(readFileSync(beforeFile, "utf8"));
  const after = JSON.parse(readFileSync(join(root, "test-timings", "coverage-summary.json"), "utf8"));
  const cell = (b, a) => `${b?.pct ?? "–"} → ${a?.pct ?? "–"}`;
  console.log("| file | lines % | branches % |\n| --- | --- | --- |");
  console.log(
    `| total | ${cell(before.total.lines, after.total.lines)} | ${cell(before.total.branches, after.total.branches)} |`,
  );
  for (const name of [...new Set([...Object.keys(before.files), ...Object.keys(after.files)])].sort()) {
    const [b, a] = [before.files[name], after.files[name]];
    const moved = (k) => !a || !b || Math.abs(a[k].pct - b[k].pct) > 0.5;
    if (moved("lines") || moved("branches"))
      console.log(`| ${name} | ${cell(b?.lines, a?.lines)} | ${cell(b?.branches, a?.branches)} |`);
  }
}

const compareAt = args.indexOf("--compare");
if (compareAt !== -1) {
  compare(args[compareAt + 1]);
  process.exit(0);
}
if (steps.includes("build")) {
  run("build", "npm", ["run", "build"], { COVERAGE: "1" });
  if (!existsSync(join(root, "build/server/index.js.map"))) throw new Error("build/server/index.js.map is missing");
}
if (steps.includes("unit")) run("unit", "npx", ["vitest", "run", "--coverage", "--passWithNoTests", ...filters]);
for (const step of ["e2e:sqlite", "e2e:pg"].filter((s) => steps.includes(s))) {
  const dir = join(out, "v8", step);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Test results of our own: other runs of the suite may be writing to test-results/.
  const results = mkdtempSync(join(tmpdir(), "candle-coverage-results-"));
  run(step, "npm", ["run", step, "--", "--output", results, "--pass-with-no-tests", ...filters], {
    NODE_V8_COVERAGE: dir,
  });
  rmSync(results, { recursive: true, force: true });
}
if (steps.includes("report")) await report();
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(", ")} (the coverage above counts what ran)`);
  process.exit(1);
}
