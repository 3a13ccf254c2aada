// Typo candidates without a pass over the whole vocabulary (issue #34): the catalogue's words in a
// trie, walked with one column of the typo table per letter of the path, leaving a branch as soon as no value in its column is within
// reach. Words that share a beginning share its columns, and a query word only visits the branches
// a few typos from it, so the work follows the answer, not the size of the vocabulary.
//
// A typo is a wrong, missing or extra letter, or two neighbouring letters swapped (the optimal
// string alignment distance), counted in code points, so a Devanagari sign is one letter.

/** The trie in flat arrays (a few bytes a letter): node 0 is the root. */
export type TypoTrie = {
  terms: readonly string[];
  /** The node's letter (a code point), its first child, its next sibling, the term ending there. */
  letter: Int32Array;
  first: Int32Array;
  next: Int32Array;
  term: Int32Array;
  size: number;
};

/** The trie of `terms` (any order; sorted ones share their beginnings best). */
export function typoTrie(terms: readonly string[]): TypoTrie {
  const capacity = 1 + terms.reduce((n, t) => n + t.length, 0);
  const letter = new Int32Array(capacity);
  const first = new Int32Array(capacity).fill(-1);
  const next = new Int32Array(capacity).fill(-1);
  const term = new Int32Array(capacity).fill(-1);
  let size = 1;
  terms.forEach((t, index) => {
    let node = 0;
    for (const ch of t) {
      const cp = ch.codePointAt(0)!;
      let child = first[node]!;
      let last = -1;
      while (child !== -1 && letter[child] !== cp) {
        last = child;
        child = next[child]!;
      }
      if (child === -1) {
        child = size++;
        letter[child] = cp;
        if (last === -1) first[node] = child;
        else next[last] = child;
      }
      node = child;
    }
    term[node] = index;
  });
  return { terms, letter, first, next, term, size };
}

export type TypoMatch = { term: string; d: number };

/**
 * The nodes a search may still visit (`left`), shared by the words of one query so a query of
 * made-up words costs a bounded amount whatever the vocabulary; `cut` once a walk stopped short.
 */
export type TypoWork = { left: number; cut: boolean };

/** A walk that pauses (yields) now and then, and returns its answer when done. */
export type Steps<T> = Generator<void, T, void>;

/** A walk's answer, run through without pausing. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The trie's terms within `max` typos of `word`: of the whole term (`whole`), or else of its
 * closest beginning, leaving out terms that begin with `word` itself (those are prefix matches).
 * The same terms and distances as measuring every term on its own (tests/support/edit-distance.ts
 * is that measure); `visits` counts the nodes walked, for the tests that hold the work bounded.
 * With `work`, the walk stops when its nodes are spent: the terms found by then, `work.cut` set.
 */
export function typoMatches(
  trie: TypoTrie,
  word: string,
  max: number,
  whole: boolean,
  visits?: { n: number },
  work?: TypoWork,
): TypoMatch[] {
  return finish(typoSteps(trie, word, max, whole, work, Infinity, visits));
}

/**
 * typoMatches as steps: with `work`, the walk pauses each time `work.left` reaches a multiple of
 * `turn`, so the words of one query, walked one after the other with the same `work`, never walk
 * more than `turn` nodes between two pauses (issue #50).
 */
export function* typoSteps(
  trie: TypoTrie,
  word: string,
  max: number,
  whole: boolean,
  work?: TypoWork,
  turn = Infinity,
  visits?: { n: number },
): Steps<TypoMatch[]> {
  const a = Array.from(word, (ch) => ch.codePointAt(0)!);
  const n = a.length;
  const found: TypoMatch[] = [];
  if (max < 0) return found;
  // cols[j]: the column of the table for the path's first j letters (cols[j][i]: typos between
  // the word's first i letters and them); path[j]: the path's j-th letter.
  const cap = max + 1;
  const cols: Int32Array[] = [Int32Array.from({ length: n + 1 }, (_, i) => (i < cap ? i : cap))];
  const path: number[] = [];
  // Nodes until the next pause: where `work.left` next reaches a multiple of `turn`.
  let toPause = work ? work.left % turn || turn : Infinity;
  // The walk, depth first without recursion (so it can pause anywhere): at[j] is the child being
  // visited under the path's first j letters, best[j] the path's closest beginning's typos there.
  const at: number[] = [trie.first[0]!];
  const best: number[] = [n];
  // While a subtree is collected (every term under it the same typos away): the nodes from its
  // root down to the one being collected, visited in the order the recursive walk had.
  const under: number[] = [];
  let depth = 0;
  while (depth >= 0) {
    const child = at[depth]!;
    if (child === -1) {
      if (--depth >= 0) at[depth] = trie.next[at[depth]!]!;
      continue;
    }
    if (visits) visits.n++;
    if (work) {
      if (work.left-- <= 0) {
        work.left = 0;
        work.cut = true;
        return found;
      }
      if (--toPause === 0) {
        toPause = turn;
        yield;
      }
    }
    const b = trie.letter[child]!;
    const j = depth + 1;
    const prev = cols[j - 1]!;
    const before = j >= 2 ? cols[j - 2]! : null;
    // Only cells within `max` of the diagonal can be within reach (a cell is at least |i - j|):
    // the rest hold `cap`, which decides the same as their true values, all above `max`.
    const col = (cols[j] ??= new Int32Array(n + 1).fill(cap));
    col[0] = j <= max ? j : cap;
    let least = col[0]!;
    const lo = Math.max(1, j - max);
    const hi = Math.min(n, j + max);
    for (let i = lo; i <= hi; i++) {
      let d = prev[i - 1]! + (a[i - 1] === b ? 0 : 1);
      const up = prev[i]! + 1;
      if (up < d) d = up;
      const left = col[i - 1]! + 1;
      if (left < d) d = left;
      if (before && i > 1 && a[i - 1] === path[j - 2] && a[i - 2] === b) {
        const swap = before[i - 2]! + 1;
        if (swap < d) d = swap;
      }
      col[i] = d > cap ? cap : d;
      if (d < least) least = d;
    }
    const prefix = Math.min(best[depth]!, col[n]!);
    if (least > max) {
      // Nothing deeper comes back within reach; what began close enough still counts: every
      // term under `child`, `prefix` typos from the word's closest beginning.
      if (!whole && prefix <= max) {
        let node = child;
        under.length = 0;
        for (;;) {
          if (work) {
            if (work.left-- <= 0) {
              work.left = 0;
              work.cut = true;
              return found;
            }
            if (--toPause === 0) {
              toPause = turn;
              yield;
            }
          }
          const t = trie.term[node]!;
          if (t !== -1 && !trie.terms[t]!.startsWith(word)) found.push({ term: trie.terms[t]!, d: prefix });
          if (trie.first[node] !== -1) {
            under.push(node);
            node = trie.first[node]!;
            continue;
          }
          while (node !== child && trie.next[node] === -1) node = under.pop()!;
          if (node === child) break;
          node = trie.next[node]!;
        }
      }
      at[depth] = trie.next[child]!;
      continue;
    }
    const t = trie.term[child]!;
    if (t !== -1) {
      const d = whole ? col[n]! : prefix;
      if (d <= max && !trie.terms[t]!.startsWith(word)) found.push({ term: trie.terms[t]!, d });
    }
    path[j - 1] = b;
    if (trie.first[child] === -1) at[depth] = trie.next[child]!;
    else {
      depth = j;
      at[j] = trie.first[child]!;
      best[j] = prefix;
    }
  }
  return found;
}
