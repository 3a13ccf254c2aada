// A shop query's search plan (issue #25): its words, their synonyms and typo corrections, read
// against the catalogue's vocabulary. The vocabulary is kept in memory per process and read again
// when the indexed words change (search_version, moved by the database's triggers whatever
// process or server wrote), checked only when the catalogue version has moved. A Hindi page's
// vocabulary is the English index's words and the Hindi index's together (issue #36).
import { setImmediate as nextTurn } from "node:timers/promises";
import { catalogueVersion } from "~/db/client.server";
import { readSearchVersion, readVocabulary, searchParams, type SearchParams } from "~/db/search.server";
import type { Language } from "~/lib/i18n/languages";
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
import type { Steps, TypoWork } from "~/lib/typo-trie";

type Kept = {
  vocab: Vocabulary | null;
  searchVersion: number;
  checkedAt: number;
  /** Typo corrections per query word, and the closest word a suggestion offers, for `vocab`. */
  corrections: Map<string, string[]>;
  suggestions: Map<string, string | null>;
};
const kept = (): Kept => ({
  vocab: null,
  searchVersion: -1,
  checkedAt: -1,
  corrections: new Map(),
  suggestions: new Map(),
});
const perLanguage: Record<Language, Kept> = { en: kept(), hi: kept() };

const readWords = async (language: Language) =>
  language === "en" ? readVocabulary() : [...(await readVocabulary()), ...(await readVocabulary("hi"))];

export async function currentVocabulary(language: Language = "en"): Promise<Vocabulary> {
  const cache = perLanguage[language];
  const version = catalogueVersion();
  if (cache.vocab && version === cache.checkedAt) return cache.vocab;
  const searchVersion = await readSearchVersion();
  if (!cache.vocab || searchVersion !== cache.searchVersion) {
    cache.vocab = vocabulary(await readWords(language));
    cache.searchVersion = searchVersion;
    cache.corrections.clear();
    cache.suggestions.clear();
  }
  cache.checkedAt = version;
  return cache.vocab;
}

export type SearchPlan = {
  groups: SearchGroup[];
  params: SearchParams;
  vocab: Vocabulary;
  typos: boolean;
  /** What is left of the request's typo work (search-words.ts SEARCH_WORK), for its suggestion. */
  work: TypoWork;
  /** The page's: a Hindi page searches the Hindi texts too. */
  language: Language;
};

/**
 * Runs each item's steps in turn, handing the worker to other requests at each pause (every
 * SEARCH_TURN nodes of the request's typo work, in the middle of a word's walk too): 20 searches
 * at once then delay a health check by a few turns each, not by a word's whole walk (issue #50).
 */
async function inTurns<T, R>(items: T[], steps: (item: T) => Steps<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) {
    const walk = steps(item);
    for (let r = walk.next(); ; r = walk.next()) {
      if (r.done) {
        out.push(r.value);
        break;
      }
      await nextTurn();
    }
  }
  return out;
}

/**
 * The plan of a (cleaned) query; null when it has no words to search (punctuation only, say).
 * `work` is the request's: a suggestion's plan takes what the query's left.
 */
export async function searchPlan(q: string, work = queryWork(), language: Language = "en"): Promise<SearchPlan | null> {
  const vocab = await currentVocabulary(language);
  const { corrections } = perLanguage[language];
  const groups = await inTurns(queryWords(q), (word) => planWord(word, vocab, corrections, work));
  if (!groups.length) return null;
  const typos = groups.some((g) => g.typos.length > 0);
  // A size's SKU or label is matched as typed, whole (issue #37).
  return { groups, params: { ...searchParams(groups), size: q.trim().toLowerCase() }, vocab, typos, work, language };
}

/** "Did you mean …?" for a plan whose query matched nothing exactly; null when its work ran out. */
export async function suggestFor(plan: SearchPlan): Promise<string | null> {
  const { suggestions } = perLanguage[plan.language];
  const picked = await inTurns(plan.groups, (g) => suggestedWord(g, plan.vocab, suggestions, plan.work));
  return plan.work.cut ? null : suggestionFrom(plan.groups, picked);
}
