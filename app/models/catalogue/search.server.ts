// A shop query's search plan (issue #25): its words, their synonyms and typo corrections, read
// against the catalogue's vocabulary. The vocabulary is kept in memory per process and read again
// when the indexed words change (search_version, moved by the database's triggers whatever
// process or server wrote), checked only when the catalogue version has moved.
import { catalogueVersion } from "~/db/client.server";
import { readSearchVersion, readVocabulary, searchParams, type SearchParams } from "~/db/search.server";
import { planSearch, suggestion, vocabulary, type SearchGroup, type Vocabulary } from "~/lib/search-plan";

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

export type SearchPlan = { groups: SearchGroup[]; params: SearchParams; vocab: Vocabulary; typos: boolean };

/** The plan of a (cleaned) query; null when it has no words to search (punctuation only, say). */
export async function searchPlan(q: string): Promise<SearchPlan | null> {
  const vocab = await currentVocabulary();
  const groups = planSearch(q, vocab, corrections);
  if (!groups.length) return null;
  return { groups, params: searchParams(groups), vocab, typos: groups.some((g) => g.typos.length > 0) };
}

/** "Did you mean …?" for a plan whose query matched nothing exactly. */
export const suggestFor = (plan: SearchPlan) => suggestion(plan.groups, plan.vocab, suggestions);
