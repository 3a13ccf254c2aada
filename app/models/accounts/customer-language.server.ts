import { and, eq, ne } from "drizzle-orm";
import { type DB, db, type Tx, writeTransaction } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { env } from "~/env.server";
import type { Language } from "~/lib/i18n/languages";

/**
 * The customer's language (issue #36): the language of the pages they last signed up, logged in
 * or ordered on, kept on the account (`users.language`) for what
 * reaches them outside a page: their mails and their invoices. The JSON API neither sets it nor
 * shows it. A language the shop no longer serves (LANGUAGES changed since) counts as English, so
 * a shop without LANGUAGES sends everyone exactly the English it always did.
 */
export function usableLanguage(stored: string | null | undefined): Language {
  return (env.languages as readonly string[]).includes(stored ?? "") ? (stored as Language) : "en";
}

/** The language of a customer's mails and invoices; English for an order no account owns. */
export async function customerLanguage(userId: string | null, tx: Tx | DB = db): Promise<Language> {
  if (!userId) return "en";
  const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return usableLanguage(row?.language);
}

/**
 * Keeps `language` (a page's: requestLanguage) as the customer's. Writes only when it changed;
 * inside `tx` when given (the order's own transaction).
 */
export async function rememberLanguage(
  user: Pick<User, "id"> & { language?: string },
  language: Language,
  tx?: Tx,
): Promise<void> {
  if (user.language === language) return;
  const update = (t: Tx) =>
    t
      .update(users)
      .set({ language })
      .where(and(eq(users.id, user.id), ne(users.language, language)));
  await (tx ? update(tx) : writeTransaction(update));
}
