import { beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import { products } from "~/db/schema";
import { mulberry32 } from "~/demo/prng.server";
import { queryWork } from "~/lib/search-plan";
import { SEARCH_WORK } from "~/lib/search-words";
import type { TypoWork } from "~/lib/typo-trie";
import { searchPlan, suggestFor } from "~/models/catalogue/search.server";
import { newId } from "~/utils/id.server";

// Issue #50, item 8: 20 unique typo searches at once held a worker's /healthz over half a second
// at a 30,000-word vocabulary. Their typo work was bounded (SEARCH_WORK), but a word's walk ran
// whole between two turns of the event loop, and a "Did you mean" word at three typos may walk all
// the query's work has left (here up to 120,000 nodes). Counted in trie nodes, not timed: what the
// worker walks for these searches between two turns of its event loop (a /healthz can only be
// answered there), and what each search walks in all. Their time is tests/bench/search-flood.ts's.

const random = mulberry32(5050);
const letters = "abcdefghijklmnopqrstuvwxyz";
const made = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * 26)]).join("");
const nonsense = () => Array.from({ length: 8 }, () => made(9)).join(" ");

/**
 * The nodes 20 searches may walk together between two turns: 2,000 each, about 5 ms of one core
 * here (0.13 µs a node), so a /healthz waits a few turns, well under 200 ms.
 */
const MOST_BETWEEN_TURNS = 40_000;

describe("20 typo searches at once at a 30,000-word vocabulary (issue #50)", () => {
  beforeAll(async () => {
    const words = new Set<string>();
    while (words.size < 30_000) words.add(made(4 + Math.floor(random() * 9)));
    const all = [...words];
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: newId(),
      name: `Wordy ${i}`,
      description: all.slice(i * 100, i * 100 + 100).join(" "),
      price: 300_00,
      stock: 5,
    }));
    await writeTransaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 100) await tx.insert(products).values(rows.slice(i, i + 100));
    });
    await searchPlan("warm"); // reads the vocabulary and builds its trie
  }, 120_000);

  it("each walks at most SEARCH_WORK nodes, suggestion included, and the worker gets a turn every 40,000 of theirs", async () => {
    const works = Array.from({ length: 20 }, queryWork);
    const walked = (w: TypoWork) => SEARCH_WORK - w.left;
    // A turn of the event loop: what every search walked since the last one.
    let last = 0;
    let most = 0;
    let searching = true;
    const turn = () => {
      const now = works.reduce((sum, w) => sum + walked(w), 0);
      most = Math.max(most, now - last);
      last = now;
      if (searching) setImmediate(turn);
    };
    setImmediate(turn);
    const suggesting: number[] = [];
    await Promise.all(
      works.map(async (work, i) => {
        // As listProducts does for a search that found nothing: its plan, its suggestion, and the
        // plan of the suggestion, all on the one request's work.
        const plan = (await searchPlan(nonsense(), work))!;
        const before = walked(work);
        const offer = await suggestFor(plan);
        if (offer) await searchPlan(offer, work);
        suggesting[i] = walked(work) - before;
      }),
    );
    searching = false;
    await new Promise((done) => setImmediate(done));

    for (const [i, work] of works.entries()) {
      expect(walked(work)).toBeLessThanOrEqual(SEARCH_WORK);
      // The "Did you mean" pass did walk, on the same work as the corrections.
      expect(suggesting[i]).toBeGreaterThan(0);
    }
    expect(most).toBeLessThanOrEqual(MOST_BETWEEN_TURNS);
  });
});
