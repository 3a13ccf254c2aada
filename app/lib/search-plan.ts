// What a query searches for, given the catalogue's words (issue #25): each query word becomes a
// group of alternatives, and a product must match every group. A group holds prefixes (the word as
// typed and its synonyms) and typo corrections (catalogue words a typo or two away). The two
// databases turn groups into their own match syntax (app/db/search.server.ts).
import { isWord, queryWords, SEARCH_TURN, SEARCH_WORK, suggestionReach, SYNONYMS, typosForgiven } from "./search-words";
import { finish, type Steps, type TypoTrie, type TypoWork, typoSteps, typoTrie } from "./typo-trie";

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

/**
 * Catalogue words within `max` typos of `word` (whole, or a beginning of them), closest first;
 * with `work`, those found before the query's work ran out, pausing every SEARCH_TURN nodes of it.
 */
function* correctionSteps(
  vocab: Vocabulary,
  word: string,
  max: number,
  whole: boolean,
  work?: TypoWork,
): Steps<string[]> {
  if (max <= 0) return [];
  const matches = yield* typoSteps(trieOf(vocab), word, max, whole, work, SEARCH_TURN);
  const found = matches.map((m) => ({ ...m, docs: vocab.docs.get(m.term) ?? 0 }));
  found.sort((x, y) => x.d - y.d || y.docs - x.docs || (x.term < y.term ? -1 : 1));
  return found.map((f) => f.term);
}

/** correctionSteps without pausing. */
export const corrections = (vocab: Vocabulary, word: string, max: number, whole = false, work?: TypoWork): string[] =>
  finish(correctionSteps(vocab, word, max, whole, work));

/**
 * `word`'s answer from `memo` (at most 1,000 words kept), worked out by `find` the first time; an
 * answer cut short by the query's work is not kept (another query may have the work to finish it).
 */
function* remembered<T>(
  memo: Map<string, T> | undefined,
  word: string,
  find: () => Steps<T>,
  work?: TypoWork,
): Steps<T> {
  if (memo?.has(word)) return memo.get(word)!;
  const found = yield* find();
  if (memo && !work?.cut) {
    if (memo.size > 1000) memo.clear();
    memo.set(word, found);
  }
  return found;
}

/**
 * A query's share of typo-trie work: the nodes its corrections and suggestion may visit, all
 * together (the "Did you mean" pass takes what the corrections left, issue #50).
 */
export const queryWork = (): TypoWork => ({ left: SEARCH_WORK, cut: false });

/**
 * One query word's group: itself and its synonyms as prefixes, its typo corrections. Steps that
 * pause every SEARCH_TURN nodes of `work` (app/models/catalogue/search.server.ts lets other
 * requests in there); planSearch runs them through.
 */
export function* planWord(
  word: string,
  vocab: Vocabulary,
  memo?: Map<string, string[]>,
  work?: TypoWork,
): Steps<SearchGroup> {
  const find = function* () {
    return (yield* correctionSteps(vocab, word, typosForgiven(word), false, work)).slice(0, MAX_TYPOS);
  };
  return { word, prefixes: [word, ...(SYNONYMS.get(word) ?? [])], typos: yield* remembered(memo, word, find, work) };
}

/**
 * The groups of a query; empty when it has no words (punctuation only, say). Once `work` is spent
 * the remaining words are searched as typed, without corrections.
 */
export function planSearch(q: string, vocab: Vocabulary, memo?: Map<string, string[]>, work?: TypoWork): SearchGroup[] {
  return queryWords(q).map((word) => finish(planWord(word, vocab, memo, work)));
}

/**
 * A group's word in "Did you mean …?": the word itself when it begins a catalogue word (or is a
 * synonym), else the closest catalogue word, or null when none is near. Steps, as planWord's.
 */
export function* suggestedWord(
  g: SearchGroup,
  vocab: Vocabulary,
  memo?: Map<string, string | null>,
  work?: TypoWork,
): Steps<string | null> {
  if (g.prefixes.length > 1 || hasPrefix(vocab, g.word)) return g.word;
  const find = function* () {
    return (yield* correctionSteps(vocab, g.word, suggestionReach(g.word), true, work))[0] ?? null;
  };
  return yield* remembered(memo, g.word, find, work);
}

/** The suggestion of a query's groups from their suggested words; null when it changes nothing or leaves nothing. */
export function suggestionFrom(groups: SearchGroup[], picked: (string | null)[]): string | null {
  const words = picked.filter((w): w is string => w !== null);
  const changed = picked.some((w, i) => w !== groups[i]!.word);
  return changed && words.length ? words.join(" ") : null;
}

/**
 * "Did you mean …?": the query with each word that begins no catalogue word (and is no synonym)
 * replaced by the closest catalogue word, or left out when none is near. Null when that changes
 * nothing or leaves nothing, or when `work` ran out before every word's closest was found.
 */
export function suggestion(
  groups: SearchGroup[],
  vocab: Vocabulary,
  memo?: Map<string, string | null>,
  work?: TypoWork,
): string | null {
  const picked = groups.map((g) => finish(suggestedWord(g, vocab, memo, work)));
  return work?.cut ? null : suggestionFrom(groups, picked);
}
