// Product search, the one query that differs by database (docs/decisions/0012-search.md). Both
// index the words of name and description, cut the same way (app/lib/search-words.ts): SQLite in
// the FTS5 table products_words (drizzle/sqlite/0014), PostgreSQL in the tsvector column
// products.search_doc under a GIN index (drizzle/pg/0012), name weighted A, description B.
// A query's groups (app/lib/search-plan.ts) become four match expressions, passed as parameters,
// so each statement's shape depends only on the sort and is prepared once:
//   match   every group, in name or description: the rows found;
//   exact   every group without its typo corrections: exact matches rank above typo matches;
//   phrase  the words as typed, in this order, in the name (the last one a prefix);
//   inName  every group in the name.
// Hindi pages (issue #36) search a second index as well, of the Hindi name and description
// (drizzle/sqlite/0018 products_words_hi, drizzle/pg/0016 search_doc_hi): a product is found by
// either. English pages search the first alone, with the very statements they always had.
import { eq, sql, type SQL } from "drizzle-orm";
import type { Language } from "~/lib/i18n/languages";
import type { SearchGroup } from "~/lib/search-plan";
import { db, dialect } from "./client.server";
import { products, productSizes, searchVersion } from "./schema";

export type SearchParams = {
  match: string;
  exact: string;
  phrase: string;
  inName: string;
  /** SQLite's phrase and inName in the Hindi index, whose name column is name_hi; unused on PostgreSQL. */
  phraseHi: string;
  inNameHi: string;
  /** The query as typed, lowercased, matched whole against the live sizes' SKUs and labels (issue #37). */
  size: string;
};

// Tokens are letters, digits and marks only (searchWords), so no match syntax can get in; quotes
// are still escaped in case a vocabulary word ever carries one.
const ftsTerm = (t: string) => `"${t.replace(/"/g, '""')}"`;
const tsTerm = (t: string) => `'${t.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

function ftsGroup(g: SearchGroup, typos: boolean): string {
  const alternatives = [...g.prefixes.map((p) => `${ftsTerm(p)}*`), ...(typos ? g.typos.map(ftsTerm) : [])];
  return `(${alternatives.join(" OR ")})`;
}

function tsGroup(g: SearchGroup, typos: boolean, weight = ""): string {
  const alternatives = [
    ...g.prefixes.map((p) => `${tsTerm(p)}:*${weight}`),
    ...(typos ? g.typos.map((t) => `${tsTerm(t)}${weight ? `:${weight}` : ""}`) : []),
  ];
  return `(${alternatives.join(" | ")})`;
}

/** The four match expressions of a query with at least one group. */
export function searchParams(groups: SearchGroup[]): SearchParams {
  const words = groups.map((g) => g.word);
  if (dialect === "pg") {
    return {
      match: groups.map((g) => tsGroup(g, true)).join(" & "),
      exact: groups.map((g) => tsGroup(g, false)).join(" & "),
      phrase: words.map((w, i) => `${tsTerm(w)}:${i === words.length - 1 ? "*" : ""}A`).join(" <-> "),
      inName: groups.map((g) => tsGroup(g, true, "A")).join(" & "),
      phraseHi: "",
      inNameHi: "",
      size: "",
    };
  }
  const all = groups.map((g) => ftsGroup(g, true)).join(" AND ");
  const phrase = `(${words.map((w, i) => `${ftsTerm(w)}${i === words.length - 1 ? " *" : ""}`).join(" + ")})`;
  return {
    match: all,
    exact: groups.map((g) => ftsGroup(g, false)).join(" AND "),
    phrase: `name : ${phrase}`,
    inName: `name : (${all})`,
    phraseHi: `name_hi : ${phrase}`,
    inNameHi: `name_hi : (${all})`,
    size: "",
  };
}

type Param = "match" | "exact" | "phrase" | "inName";

function matchesIn(index: "en" | "hi", param: Param): SQL {
  if (dialect === "pg") {
    const column = sql.raw(index === "hi" ? `"search_doc_hi"` : `"search_doc"`);
    return sql`(${products}.${column} @@ CAST(${sql.placeholder(param)} AS tsquery))`;
  }
  if (index === "en") {
    return sql`(${products}.rowid IN (SELECT rowid FROM products_words WHERE products_words MATCH ${sql.placeholder(param)}))`;
  }
  const expression = sql.placeholder(param === "phrase" || param === "inName" ? `${param}Hi` : param);
  return sql`(${products}.rowid IN (SELECT rowid FROM products_words_hi WHERE products_words_hi MATCH ${expression}))`;
}

/** A match expression's rows: in the English index, or for a Hindi page in either. */
const matches = (param: Param, language: Language = "en"): SQL =>
  language === "en" ? matchesIn("en", param) : sql`(${matchesIn("en", param)} OR ${matchesIn("hi", param)})`;

/**
 * A product one of whose live sizes has the query, whole, as its SKU or label (issue #37), in any
 * case: "JAR-200" or "200 g jar" finds the candle sold in that size. No index: sizes are few.
 */
function sizeMatches(): SQL {
  const size = sql`CAST(${sql.placeholder("size")} AS text)`;
  return sql`(${size} <> '' AND ${products.id} IN (SELECT ${productSizes.productId} FROM ${productSizes} WHERE ${productSizes.deletedAt} IS NULL AND (lower(${productSizes.sku}) = ${size} OR lower(${productSizes.label}) = ${size} OR lower(${productSizes.labelHi}) = ${size})))`;
}

/** The rows a search finds: by the words of their texts, or by a size's SKU or label. */
export const searchClause = (language: Language = "en"): SQL =>
  sql`(${matches("match", language)} OR ${sizeMatches()})`;

/**
 * Best match first: exact before typo matches; then the words as typed in the name, every word in
 * the name, the rest (found in the description). Ties go to the better rated, then the id, the
 * same on both databases.
 */
export function relevanceOrder(language: Language = "en"): SQL[] {
  return [
    sql`CASE WHEN ${matches("exact", language)} THEN 0 ELSE 1 END`,
    sql`CASE WHEN ${matches("phrase", language)} THEN 0 WHEN ${matches("inName", language)} THEN 1 ELSE 2 END`,
    sql`${products.rating} DESC`,
    sql`${products.numReviews} DESC`,
    sql`${products.id} ASC`,
  ];
}

/** Every word of the live catalogue's English (or Hindi) texts with the number of products using it. */
export async function readVocabulary(index: "en" | "hi" = "en"): Promise<{ term: string; docs: number }[]> {
  const source =
    dialect === "pg"
      ? index === "en"
        ? sql`ts_stat('SELECT search_doc FROM products WHERE deleted_at IS NULL') AS v(term, docs)`
        : sql`ts_stat('SELECT search_doc_hi FROM products WHERE deleted_at IS NULL') AS v(term, docs)`
      : index === "en"
        ? sql`(SELECT term, doc AS docs FROM products_words_vocab)`
        : sql`(SELECT term, doc AS docs FROM products_words_hi_vocab)`;
  const rows = await db.select({ term: sql<string>`term`, docs: sql<number | string>`docs` }).from(source);
  return rows.map((r) => ({ term: r.term, docs: Number(r.docs) }));
}

/** Moves whenever a live product's name or description (English or Hindi) changes, from any writer (the migrations' triggers). */
export async function readSearchVersion(): Promise<number> {
  const rows = await db.select({ version: searchVersion.version }).from(searchVersion).where(eq(searchVersion.id, 1));
  return rows[0]?.version ?? 0;
}
