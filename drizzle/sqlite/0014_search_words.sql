-- Search by words (issue #25, docs/decisions/0010-search.md): an FTS5 index of the words of live
-- products' names and descriptions replaces the trigram index of 0002. Words are cut where
-- app/lib/search-words.ts and PostgreSQL (drizzle/pg/0012) cut them: letters, digits and marks
-- (categories), no diacritics removed (PostgreSQL keeps them too); the two emoji presentation
-- selectors U+FE0E and U+FE0F (marks, but no part of a word) are separators. Prefix indexes of 2 and 3
-- letters serve the prefix queries. Deleted products leave the index, so its vocabulary
-- (products_words_vocab) is the live catalogue's words, read for typos and "Did you mean".
DROP TRIGGER IF EXISTS `products_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_words` USING fts5(name, description, content='products', content_rowid='rowid', tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*' separators '︎️'", prefix='2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_words_vocab` USING fts5vocab(products_words, 'row');
--> statement-breakpoint
-- The search version's one row (0013): moved by the triggers below.
INSERT INTO `search_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `products_words_ai` AFTER INSERT ON `products` WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO products_words(rowid, name, description) VALUES (new.rowid, new.name, new.description);
  UPDATE search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_words_ad` AFTER DELETE ON `products` WHEN old.deleted_at IS NULL BEGIN
  INSERT INTO products_words(products_words, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
  UPDATE search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
-- Stock and price changes (every order) leave the index alone.
CREATE TRIGGER `products_words_au` AFTER UPDATE OF name, description, deleted_at ON `products`
WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR (old.deleted_at IS NULL) IS NOT (new.deleted_at IS NULL)
BEGIN
  INSERT INTO products_words(products_words, rowid, name, description) SELECT 'delete', old.rowid, old.name, old.description WHERE old.deleted_at IS NULL;
  INSERT INTO products_words(rowid, name, description) SELECT new.rowid, new.name, new.description WHERE new.deleted_at IS NULL;
  UPDATE search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
INSERT INTO products_words(rowid, name, description) SELECT rowid, name, description FROM products WHERE deleted_at IS NULL;
