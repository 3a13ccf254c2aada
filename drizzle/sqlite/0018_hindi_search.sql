-- Search by Hindi names (issue #36): the words of live products' Hindi name and description in an
-- FTS5 index of their own, cut as products_words cuts (0014). Hindi pages search both indexes;
-- English pages and the API search products_words alone, so their results do not change. A change
-- of the Hindi words moves the search version as a change of the English ones does.
CREATE VIRTUAL TABLE `products_words_hi` USING fts5(name_hi, description_hi, content='products', content_rowid='rowid', tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*' separators '︎️'", prefix='2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_words_hi_vocab` USING fts5vocab(products_words_hi, 'row');
--> statement-breakpoint
CREATE TRIGGER `products_words_hi_ai` AFTER INSERT ON `products` WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO products_words_hi(rowid, name_hi, description_hi) VALUES (new.rowid, new.name_hi, new.description_hi);
  UPDATE search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_words_hi_ad` AFTER DELETE ON `products` WHEN old.deleted_at IS NULL BEGIN
  INSERT INTO products_words_hi(products_words_hi, rowid, name_hi, description_hi) VALUES ('delete', old.rowid, old.name_hi, old.description_hi);
  UPDATE search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_words_hi_au` AFTER UPDATE OF name_hi, description_hi, deleted_at ON `products`
WHEN old.name_hi IS NOT new.name_hi OR old.description_hi IS NOT new.description_hi OR (old.deleted_at IS NULL) IS NOT (new.deleted_at IS NULL)
BEGIN
  INSERT INTO products_words_hi(products_words_hi, rowid, name_hi, description_hi) SELECT 'delete', old.rowid, old.name_hi, old.description_hi WHERE old.deleted_at IS NULL;
  INSERT INTO products_words_hi(rowid, name_hi, description_hi) SELECT new.rowid, new.name_hi, new.description_hi WHERE new.deleted_at IS NULL;
  UPDATE search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
INSERT INTO products_words_hi(rowid, name_hi, description_hi) SELECT rowid, name_hi, description_hi FROM products WHERE deleted_at IS NULL;
