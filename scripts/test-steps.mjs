// `npm test`, step by step (issue #51): runs the npm scripts below, stops after the first stage in
// which one fails, and writes how long each took to test-timings/steps.json, which
// `node scripts/test-times.mjs` reads beside Vitest's and Playwright's JSON reports. `--only a,b`
// runs some of the steps (e.g. `npm test -- --only test:unit`).
//
// A stage's steps run at once, their output held and printed whole as each ends, so the log reads
// step by step. The static checks and the build are one process on one core each for long
// stretches (Prettier, tsc, ESLint, Vite): side by side they fill both cores. The unit and the
// SQLite browser runs use both cores on their own (measured: the unit run beside the static checks
// took longer than the two one after the other) and run alone. PostgreSQL's browser run goes beside
// the chaos and bench smokes, which load a server for a fixed time and judge what it answered,
// not how fast; a test's time limit is a hang's (issue #51, item 7), so a busy machine slows a
// test but does not fail it.
//
// `--rebuild-sqlite` (CI, after `npm ci --ignore-scripts`): better-sqlite3's native addon compiles
// in the first stage, on one core for about 95 s, beside the static checks and the build, which
// do not load it; during `npm ci` that compile left the other core idle. It is the stage's longest
// step, so the others run at a lower priority (nice 10) and fill what it leaves of the cores.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const STAGES = [
  [
    "format:check",
    "typecheck",
    "lint",
    "build",
    ...(process.argv.includes("--rebuild-sqlite") ? ["rebuild:sqlite"] : []),
  ],
  ["test:unit"],
  ["e2e:sqlite"],
  ["e2e:pg", "chaos:smoke", "bench:smoke"],
];

const onlyAt = process.argv.indexOf("--only");
const only = onlyAt === -1 ? null : new Set(process.argv[onlyAt + 1]?.split(","));
const dir = "test-timings";
mkdirSync(dir, { recursive: true });
const done = [];
const started = Date.now();

/** One npm script; alone, its output goes straight through; beside others, it is held and printed at its end. */
function run(step, alone, yielding = false) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const [command, args] = yielding ? ["nice", ["-n", "10", "npm", "run", step]] : ["npm", ["run", step]];
    const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    const held = [];
    child.stdout?.on("data", (chunk) => held.push(chunk));
    child.stderr?.on("data", (chunk) => held.push(chunk));
    child.on("close", (code, signal) => {
      if (!alone) process.stdout.write(Buffer.concat(held));
      const status = code ?? (signal ? 1 : 0);
      done.push({ step, seconds: Math.round((Date.now() - t0) / 100) / 10, status });
      writeFileSync(
        `${dir}/steps.json`,
        JSON.stringify({ total: (Date.now() - started) / 1000, steps: done }, null, 2),
      );
      resolve(status);
    });
  });
}

let failed = false;
for (const stage of STAGES) {
  const steps = stage.filter((s) => !only || only.has(s));
  if (steps.length === 0) continue;
  const compiling = steps.includes("rebuild:sqlite");
  const statuses = await Promise.all(
    steps.map((step) => run(step, steps.length === 1, compiling && step !== "rebuild:sqlite")),
  );
  if (statuses.some((s) => s !== 0)) {
    failed = true;
    break;
  }
}
console.log("\nnpm test, step by step (steps of a stage run side by side):");
for (const { step, seconds, status } of done)
  console.log(`  ${step.padEnd(14)} ${String(seconds).padStart(7)} s${status === 0 ? "" : "  FAILED"}`);
console.log(`  ${"total".padEnd(14)} ${String(Math.round((Date.now() - started) / 1000)).padStart(7)} s`);
process.exit(failed ? 1 : 0);
