// How a search query is read (issue #25), the same for both databases: the words of the query,
// without stop words, each matched as a prefix, with the shop's synonyms. The databases index
// name and description cut at the same places (drizzle/sqlite/0014, drizzle/pg/0012): a word is
// a run of letters, digits and combining marks (Devanagari vowel signs belong to their word).

/** At most this many words of a query are searched; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;
/** A word longer than this is cut (no catalogue word is this long; it keeps the SQL small). */
export const MAX_WORD_LENGTH = 40;

// The emoji presentation selectors are marks but no part of a word (SQLite's index lists them as separators).
const WORD = /(?:(?![\uFE0E\uFE0F])[\p{L}\p{N}\p{M}\p{Co}])+/gu;

/** The words of a text, lower-cased, in order (NFKC first: full-width letters, ligatures). */
export function searchWords(text: string): string[] {
  const found = text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
  return found.map((w) => [...w].slice(0, MAX_WORD_LENGTH).join(""));
}

/** Whether an index's term is one whole word as searchWords cuts them. */
export const isWord = (term: string) => (term.match(WORD) ?? [])[0] === term;

/** Words that say nothing about a candle: left out of a query that has other words. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  "a an and are as at be by for from in into is it its of on or the to with".split(" "),
);

/**
 * Everyday Indian names of scents, in Latin letters and in Devanagari, and the catalogue words they
 * mean (a Devanagari word also means its Latin spelling, which product names use: Mogra Bloom).
 * A query word found here also matches those words (and words they begin).
 */
const SYNONYM_LIST: Readonly<Record<string, readonly string[]>> = {
  chandan: ["sandalwood"],
  चंदन: ["chandan", "sandalwood"],
  चन्दन: ["chandan", "sandalwood"],
  gulab: ["rose"],
  गुलाब: ["gulab", "rose"],
  mogra: ["jasmine"],
  mogara: ["jasmine"],
  मोगरा: ["mogra", "jasmine"],
  chameli: ["jasmine"],
  चमेली: ["chameli", "jasmine"],
  nimbu: ["lemon"],
  nimboo: ["lemon"],
  limbu: ["lemon"],
  नींबू: ["lemon"],
  निंबू: ["lemon"],
  elaichi: ["cardamom"],
  ilaichi: ["cardamom"],
  इलायची: ["elaichi", "cardamom"],
  kesar: ["saffron"],
  केसर: ["kesar", "saffron"],
  khus: ["vetiver"],
  खस: ["khus", "vetiver"],
  dalchini: ["cinnamon"],
  दालचीनी: ["cinnamon"],
  pudina: ["mint"],
  पुदीना: ["mint"],
  nariyal: ["coconut"],
  नारियल: ["coconut"],
  aam: ["mango"],
  आम: ["mango"],
  santra: ["orange"],
  narangi: ["orange"],
  संतरा: ["orange"],
  genda: ["marigold"],
  गेंदा: ["genda", "marigold"],
  champa: ["frangipani"],
  चंपा: ["champa", "frangipani"],
  rajnigandha: ["tuberose"],
  रजनीगंधा: ["rajnigandha", "tuberose"],
  mitti: ["earth", "petrichor"],
  मिट्टी: ["mitti", "earth", "petrichor"],
  shahad: ["honey"],
  शहद: ["honey"],
  adrak: ["ginger"],
  अदरक: ["ginger"],
  tulsi: ["basil"],
  तुलसी: ["basil"],
  kapoor: ["camphor"],
  कपूर: ["camphor"],
  मोमबत्ती: ["candle"],
  mombatti: ["candle"],
};

/** A Map, not the object itself: a shopper's word such as "constructor" must not find Object's own keys. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(SYNONYM_LIST));

/** The words of a query that are searched: stop words left out unless nothing else is left. */
export function queryWords(q: string): string[] {
  const all = [...new Set(searchWords(q))];
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length ? meaningful : all).slice(0, MAX_SEARCH_WORDS);
}

/**
 * The typo-trie nodes one query's corrections and suggestion may visit (app/lib/typo-trie.ts):
 * about 17 ms of one core. A shopper's query of a few words needs a fraction of it at 50,000
 * catalogue words (a 9-letter word's corrections about 29,000 nodes, its suggestion 82,000); a
 * query of eight made-up long words runs out, and then goes without a suggestion.
 */
export const SEARCH_WORK = 300_000;

/**
 * The typo-trie nodes a query walks before it lets other requests in (about 0.25 ms of one core),
 * in its corrections and its suggestion alike, in the middle of a word's walk too: 20 such
 * queries at once hold a worker about 5 ms between two turns, not a word's whole walk each (a
 * "Did you mean" word may walk all the work that is left, 120,000 nodes; issue #50).
 */
export const SEARCH_TURN = 2_000;

/** How many typos a query word forgives: one from 5 letters, two from 9 (never in numbers). */
export function typosForgiven(word: string): number {
  if (!/\p{L}/u.test(word)) return 0;
  const n = [...word].length;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/** How far a suggestion ("Did you mean …?") may be from a word that matched nothing. */
export function suggestionReach(word: string): number {
  if (!/\p{L}/u.test(word)) return 0;
  const n = [...word].length;
  return n >= 8 ? 3 : n >= 5 ? 2 : n >= 3 ? 1 : 0;
}
