// A shop query's search plan (issue #25): its words, their synonyms and typo corrections, read
// against the catalogue's vocabulary. The vocabulary is kept in memory per process and read again
// when the indexed words change (search_version, moved by the database's triggers whatever
// process or server wrote), checked only when the catalogue version has moved.
import { setImmediate as nextTurn } from "node:timers/promises";
import { catalogueVersion } from "~/db/client.server";
import { readSearchVersion, readVocabulary, searchParams, type SearchParams } from "~/db/search.server";
import {
  planWord,
  queryWork,
  suggestedWord,
  suggestionFrom,
  vocabulary,
  type SearchGroup,
  type Vocabulary,
} from "~/lib/search-plan";
import { queryWords } from "~/lib/search-words";
import type { TypoWork } from "~/lib/typo-trie";

let cached: Vocabulary | null = null;
let cachedSearchVersion = -1;
let checkedAt = -1;
/** Typo corrections per query word, and the closest word a suggestion offers, for the cached vocabulary. */
const corrections = new Map<string, string[]>();
const suggestions = new Map<string, string | null>();

export async function currentVocabulary(): Promise<Vocabulary> {
  const version = catalogueVersion();
  if (cached && version === checkedAt) return cached;
  const searchVersion = await readSearchVersion();
  if (!cached || searchVersion !== cachedSearchVersion) {
    cached = vocabulary(await readVocabulary());
    cachedSearchVersion = searchVersion;
    corrections.clear();
    suggestions.clear();
  }
  checkedAt = version;
  return cached;
}

export type SearchPlan = {
  groups: SearchGroup[];
  params: SearchParams;
  vocab: Vocabulary;
  typos: boolean;
  /** What is left of the request's typo work (search-words.ts SEARCH_WORK), for its suggestion. */
  work: TypoWork;
};

/**
 * A word that walked more of the typo trie than this hands the worker to other requests before the
 * next word: 20 searches at once then delay a health check by about a word each, not by all of it.
 */
const TURN = 5_000;

/** Runs `step` for each item, letting other requests in after a step that did much typo work. */
async function inTurns<T, R>(items: T[], work: TypoWork, step: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) {
    const before = work.left;
    out.push(step(item));
    if (before - work.left > TURN) await nextTurn();
  }
  return out;
}

/**
 * The plan of a (cleaned) query; null when it has no words to search (punctuation only, say).
 * `work` is the request's: a suggestion's plan takes what the query's left.
 */
export async function searchPlan(q: string, work = queryWork()): Promise<SearchPlan | null> {
  const vocab = await currentVocabulary();
  const groups = await inTurns(queryWords(q), work, (word) => planWord(word, vocab, corrections, work));
  if (!groups.length) return null;
  return { groups, params: searchParams(groups), vocab, typos: groups.some((g) => g.typos.length > 0), work };
}

/** "Did you mean …?" for a plan whose query matched nothing exactly; null when its work ran out. */
export async function suggestFor(plan: SearchPlan): Promise<string | null> {
  const picked = await inTurns(plan.groups, plan.work, (g) => suggestedWord(g, plan.vocab, suggestions, plan.work));
  return plan.work.cut ? null : suggestionFrom(plan.groups, picked);
}
