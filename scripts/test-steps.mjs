// `npm test`, step by step (issue #51): runs each npm script in order, stops at the first that
// fails, and writes how long each took to test-timings/steps.json, which
// `node scripts/test-times.mjs` reads beside Vitest's and Playwright's JSON reports. `--only a,b`
// runs some of the steps (e.g. `npm test -- --only test:unit`).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const STEPS = [
  "format:check",
  "typecheck",
  "lint",
  "test:unit",
  "build",
  "e2e:sqlite",
  "e2e:pg",
  "chaos:smoke",
  "bench:smoke",
];

const onlyAt = process.argv.indexOf("--only");
const only = onlyAt === -1 ? null : new Set(process.argv[onlyAt + 1]?.split(","));
const dir = "test-timings";
mkdirSync(dir, { recursive: true });
const done = [];
const started = Date.now();
let failed = null;
for (const step of STEPS.filter((s) => !only || only.has(s))) {
  const t0 = Date.now();
  const { status } = spawnSync("npm", ["run", step], { stdio: "inherit" });
  done.push({ step, seconds: Math.round((Date.now() - t0) / 100) / 10, status });
  writeFileSync(`${dir}/steps.json`, JSON.stringify({ total: (Date.now() - started) / 1000, steps: done }, null, 2));
  if (status !== 0) {
    failed = step;
    break;
  }
}
console.log("\nnpm test, step by step:");
for (const { step, seconds, status } of done)
  console.log(`  ${step.padEnd(14)} ${String(seconds).padStart(7)} s${status === 0 ? "" : "  FAILED"}`);
console.log(`  ${"total".padEnd(14)} ${String(Math.round((Date.now() - started) / 1000)).padStart(7)} s`);
process.exit(failed ? 1 : 0);
