// The reference typo distance, measured word against word (the app's search walks a trie instead,
// app/lib/typo-trie.ts, and the tests hold the two to the same answers): the optimal string
// alignment (Damerau–Levenshtein) distance, where a swap of two neighbouring letters is one typo
// like a wrong, missing or extra letter. Counted in code points, so a Devanagari sign is one letter.

export type Distances = {
  /** Typos from `word` to the whole of `term`. */
  whole: number;
  /** Typos from `word` to the closest beginning of `term` (someone still typing, or a typo in it). */
  prefix: number;
};

/**
 * Both distances, or null once either surely exceeds `max` (the search only cares up to there,
 * which keeps a pass over the whole vocabulary cheap).
 */
export function typoDistances(word: string, term: string, max: number): Distances | null {
  const a = [...word];
  const b = [...term];
  if (b.length < a.length - max) return null;
  // Rows over `term`: prev2, prev, cur are rows i-2, i-1, i of the usual table (i letters of `word`).
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      if (d < best) best = d;
    }
    if (best > max) return null;
    prev2 = prev;
    prev = cur;
  }
  return { whole: prev[b.length]!, prefix: Math.min(...prev) };
}
