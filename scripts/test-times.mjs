// Where `npm test` spends its time (issue #51), from the reports the last run left in
// test-timings/: the steps (scripts/test-steps.mjs), each Vitest file (its JSON reporter) and each
// Playwright spec file per project and database (its JSON reporter). Prints Markdown tables: the
// steps, then the top costs (`--top N`, 20 by default) across unit files and spec files.
import { existsSync, readFileSync } from "node:fs";

const dir = "test-timings";
const topAt = process.argv.indexOf("--top");
const top = topAt === -1 ? 20 : Number(process.argv[topAt + 1]);
const read = (name) => (existsSync(`${dir}/${name}`) ? JSON.parse(readFileSync(`${dir}/${name}`, "utf8")) : null);
const s = (ms) => (ms / 1000).toFixed(1);

const steps = read("steps.json");
if (steps) {
  console.log("| step | seconds |\n| --- | ---: |");
  for (const { step, seconds } of steps.steps) console.log(`| ${step} | ${seconds} |`);
  console.log(`| total | ${Math.round(steps.total)} |\n`);
}

/** [layer, file, ms, tests] rows. */
const costs = [];
const vitest = read("vitest.json");
if (vitest) {
  // One entry per file and project; the file's wall time includes its imports and setup.
  for (const f of vitest.testResults) {
    costs.push([
      "unit",
      f.name.replace(/^.*?(tests\/unit\/)/, "$1"),
      f.endTime - f.startTime,
      f.assertionResults.length,
    ]);
  }
}
for (const db of ["sqlite", "pg"]) {
  const report = read(`playwright-${db}.json`);
  if (!report) continue;
  const byFile = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) {
          const key = `${file} (${t.projectName}, ${db})`;
          const row = byFile.get(key) ?? { ms: 0, tests: 0 };
          row.ms += r.duration;
          row.tests += 1;
          byFile.set(key, row);
        }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title);
  for (const [key, { ms, tests }] of byFile) costs.push(["e2e", key, ms, tests]);
}
const sum = (layer) => costs.filter((c) => c[0] === layer).reduce((t, c) => t + c[2], 0);
console.log(
  `Test time summed over files (workers run in parallel): unit ${s(sum("unit"))} s, e2e ${s(sum("e2e"))} s\n`,
);
console.log(`| # | layer | file | seconds | tests |\n| ---: | --- | --- | ---: | ---: |`);
costs
  .sort((a, b) => b[2] - a[2])
  .slice(0, top)
  .forEach(([layer, file, ms, tests], i) => console.log(`| ${i + 1} | ${layer} | ${file} | ${s(ms)} | ${tests} |`));
