// npx tsx tests/bench/typos.ts
//
// What finding typo corrections costs at a large vocabulary (issue #34): 50,000 made-up words,
// then 8 made-up 9-letter query words (the longest query: every word unknown, two typos each)
// through corrections(), and the same words' "Did you mean" reach (three typos, whole words).
// CPU time of one process, median and max of 20 runs after a warm-up; the budget is 20 ms for
// the corrections of one such query.
import { mulberry32 } from "~/demo/prng.server";
import { corrections, vocabulary } from "~/lib/search-plan";
import { suggestionReach, typosForgiven } from "~/lib/search-words";
import { table } from "./lib";

const random = mulberry32(34);
const letters = "abcdefghijklmnopqrstuvwxyz";
const made = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * 26)]).join("");
const rows = Array.from({ length: 50_000 }, () => ({ term: made(4 + Math.floor(random() * 9)), docs: 1 }));
const vocab = vocabulary(rows);
const BUDGET_MS = 20;

function time(label: string, fn: (word: string) => void) {
  const runs: number[] = [];
  for (let run = 0; run < 21; run++) {
    const words = Array.from({ length: 8 }, () => made(9));
    const started = process.cpuUsage();
    for (const w of words) fn(w);
    const used = process.cpuUsage(started);
    if (run > 0) runs.push((used.user + used.system) / 1000);
  }
  runs.sort((a, b) => a - b);
  return { label, median: runs[Math.floor(runs.length / 2)]!, max: runs.at(-1)! };
}

const results = [
  time("corrections, 8 words", (w) => corrections(vocab, w, typosForgiven(w))),
  time("'Did you mean' reach, 8 words", (w) => corrections(vocab, w, suggestionReach(w), true)),
];
console.log(`Typo corrections at ${vocab.terms.length} words (CPU ms per query of 8 unknown 9-letter words)`);
console.log(
  table(
    ["", "median", "max"],
    results.map((r) => [r.label, r.median.toFixed(1), r.max.toFixed(1)]),
  ),
);
const over = results[0]!.median > BUDGET_MS;
console.log(over ? `OVER the ${BUDGET_MS} ms budget` : `within the ${BUDGET_MS} ms budget`);
process.exitCode = over ? 1 : 0;
