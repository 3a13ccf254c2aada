// What a query searches for, given the catalogue's words (issue #25): each query word becomes a
// group of alternatives, and a product must match every group. A group holds prefixes (the word as
// typed and its synonyms) and typo corrections (catalogue words a typo or two away). The two
// databases turn groups into their own match syntax (app/db/search.server.ts).
import { isWord, queryWords, suggestionReach, SYNONYMS, typosForgiven } from "./search-words";
import { type TypoTrie, typoMatches, typoTrie } from "./typo-trie";

/** The catalogue's words: sorted, each with the number of live products that use it. */
export type Vocabulary = { terms: readonly string[]; docs: ReadonlyMap<string, number> };

export type SearchGroup = { word: string; prefixes: string[]; typos: string[] };

/** At most this many corrections per word: the closest, then the most used. */
const MAX_TYPOS = 10;

/**
 * The vocabulary from an index's terms: only whole words as a query has them (SQLite's tokenizer
 * knows Unicode 6.1, so a newer emoji is a "word" to it; no query ever asks for one).
 */
export function vocabulary(rows: Iterable<{ term: string; docs: number }>): Vocabulary {
  const docs = new Map<string, number>();
  for (const r of rows) if (isWord(r.term)) docs.set(r.term, (docs.get(r.term) ?? 0) + r.docs);
  return { terms: [...docs.keys()].sort(), docs };
}

/** Whether some catalogue word begins with `prefix`. */
export function hasPrefix(vocab: Vocabulary, prefix: string): boolean {
  const { terms } = vocab;
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < terms.length && terms[lo]!.startsWith(prefix);
}

const tries = new WeakMap<Vocabulary, TypoTrie>();
/** The vocabulary's typo trie, built the first time a word is corrected against it. */
function trieOf(vocab: Vocabulary): TypoTrie {
  let trie = tries.get(vocab);
  if (!trie) tries.set(vocab, (trie = typoTrie(vocab.terms)));
  return trie;
}

/** Catalogue words within `max` typos of `word` (whole, or a beginning of them), closest first. */
export function corrections(vocab: Vocabulary, word: string, max: number, whole = false): string[] {
  if (max <= 0) return [];
  const found = typoMatches(trieOf(vocab), word, max, whole).map((m) => ({ ...m, docs: vocab.docs.get(m.term) ?? 0 }));
  found.sort((x, y) => x.d - y.d || y.docs - x.docs || (x.term < y.term ? -1 : 1));
  return found.map((f) => f.term);
}

/** `word`'s answer from `memo` (at most 1,000 words kept), worked out by `find` the first time. */
function remembered<T>(memo: Map<string, T> | undefined, word: string, find: () => T): T {
  if (memo?.has(word)) return memo.get(word)!;
  const found = find();
  if (memo) {
    if (memo.size > 1000) memo.clear();
    memo.set(word, found);
  }
  return found;
}

/** The groups of a query; empty when it has no words (punctuation only, say). */
export function planSearch(q: string, vocab: Vocabulary, memo?: Map<string, string[]>): SearchGroup[] {
  return queryWords(q).map((word) => {
    const typos = remembered(memo, word, () => corrections(vocab, word, typosForgiven(word)).slice(0, MAX_TYPOS));
    return { word, prefixes: [word, ...(SYNONYMS[word] ?? [])], typos };
  });
}

/**
 * "Did you mean …?": the query with each word that begins no catalogue word (and is no synonym)
 * replaced by the closest catalogue word, or left out when none is near. Null when that changes
 * nothing or leaves nothing.
 */
export function suggestion(groups: SearchGroup[], vocab: Vocabulary, memo?: Map<string, string | null>): string | null {
  const words: string[] = [];
  let changed = false;
  for (const g of groups) {
    if (g.prefixes.length > 1 || hasPrefix(vocab, g.word)) {
      words.push(g.word);
      continue;
    }
    changed = true;
    const best = remembered(memo, g.word, () => corrections(vocab, g.word, suggestionReach(g.word), true)[0] ?? null);
    if (best) words.push(best);
  }
  return changed && words.length ? words.join(" ") : null;
}
