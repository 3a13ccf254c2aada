import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "~/demo/prng.server";
import { corrections, planSearch, queryWork, suggestion, vocabulary } from "~/lib/search-plan";
import { typoMatches, typoTrie } from "~/lib/typo-trie";
import { typoDistances } from "../../support/edit-distance";

/** The answer of a pass over every term, as the search made it before the trie (issue #34). */
function scan(terms: readonly string[], word: string, max: number, whole: boolean) {
  const found: { term: string; d: number }[] = [];
  for (const term of terms) {
    if (term.startsWith(word)) continue;
    const d = typoDistances(word, term, max);
    const distance = d && (whole ? d.whole : Math.min(d.whole, d.prefix));
    if (distance !== null && distance !== undefined && distance <= max) found.push({ term, d: distance });
  }
  return found;
}
const sorted = (list: { term: string; d: number }[]) =>
  [...list].sort((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : x.d - y.d));

// Few letters, so that words are often a typo or two apart; a Devanagari sign and a vowel sign
// among them, each one letter.
const letter = fc.constantFrom("a", "b", "c", "n", "o", "क", "ि", "्");
const term = fc.array(letter, { minLength: 1, maxLength: 10 }).map((l) => l.join(""));

describe("typo trie: the same corrections as measuring every word", () => {
  it("finds exactly the terms and distances a full scan finds, whole words and beginnings", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(term, { maxLength: 60 }),
        term,
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (terms, word, max, whole) => {
          const trie = typoTrie([...terms].sort());
          expect(sorted(typoMatches(trie, word, max, whole))).toEqual(sorted(scan(terms, word, max, whole)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps the search's order: closest first, then the most used word", () => {
    const vocab = vocabulary([
      { term: "lavender", docs: 2 },
      { term: "lavenders", docs: 9 },
      { term: "lantern", docs: 5 },
      { term: "lavendar", docs: 1 },
    ]);
    // One typo from "lavender" and from the beginning of "lavenders" (the more used), two from "lavendar".
    expect(corrections(vocab, "lavendre", 2)).toEqual(["lavenders", "lavender", "lavendar"]);
  });
});

describe("typo trie: the work follows the answer, not the vocabulary", () => {
  // 50,000 made-up words of 4 to 12 letters, as a catalogue of long descriptions could grow.
  const random = mulberry32(34);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const made = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * 26)]).join("");
  const terms = [...new Set(Array.from({ length: 50_000 }, () => made(4 + Math.floor(random() * 9))))].sort();
  const trie = typoTrie(terms);

  // Uniform random letters are a trie's worst case (every short beginning exists); a pass over
  // every word would measure all 50,000 of them for each query word, letter by letter.
  it("eight made-up 9-letter words (two typos each) walk under a sixth of a 50,000-word trie", () => {
    const visits = { n: 0 };
    for (let i = 0; i < 8; i++) typoMatches(trie, made(9), 2, false, visits);
    expect(terms.length).toBeGreaterThan(49_000);
    expect(visits.n / 8).toBeLessThan(trie.size / 6);
  });

  it("and a 'Did you mean' reach of three typos, whole words, under a third of it", () => {
    const visits = { n: 0 };
    for (let i = 0; i < 8; i++) typoMatches(trie, made(9), 3, true, visits);
    expect(visits.n / 8).toBeLessThan(trie.size / 3);
  });
});

describe("'Did you mean': each word's suggestion is worked out once per vocabulary", () => {
  it("remembers a word's closest catalogue word, and offers what it remembers", () => {
    const vocab = vocabulary([{ term: "lavender", docs: 2 }]);
    const memo = new Map<string, string | null>();
    const groups = planSearch("lavendr", vocab);
    expect(suggestion(groups, vocab, memo)).toBe("lavender");
    expect(memo.get("lavendr")).toBe("lavender");
    memo.set("lavendr", "rose");
    expect(suggestion(groups, vocab, memo)).toBe("rose");
  });
});

describe("a query's typo work", () => {
  const vocab = vocabulary([
    { term: "lavender", docs: 2 },
    { term: "lavish", docs: 1 },
  ]);
  it("a word cut short goes uncorrected and is not remembered; with work to spare it is", () => {
    const memo = new Map<string, string[]>();
    const short = { left: 3, cut: false };
    expect(planSearch("lavendr", vocab, memo, short)[0]!.typos).toEqual([]);
    expect(short.cut).toBe(true);
    expect(memo.has("lavendr")).toBe(false);
    const spare = queryWork();
    expect(planSearch("lavendr", vocab, memo, spare)[0]!.typos).toEqual(["lavender"]);
    expect(spare.cut).toBe(false);
    expect(memo.get("lavendr")).toEqual(["lavender"]);
  });
  it("a suggestion whose search ran out is skipped, not guessed from what was found", () => {
    const groups = planSearch("lavendr", vocab);
    const memo = new Map<string, string | null>();
    expect(suggestion(groups, vocab, memo, { left: 5, cut: false })).toBeNull();
    expect(memo.size).toBe(0);
    expect(suggestion(groups, vocab, memo, queryWork())).toBe("lavender");
  });
});
