-- Search: an FTS5 trigram index over name and description (substring, case-insensitive),
-- kept in step with products by triggers. Replaces a full-table LIKE scan.
CREATE VIRTUAL TABLE `products_fts` USING fts5(name, description, content='products', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `products_fts_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_au` AFTER UPDATE OF name, description ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
  INSERT INTO products_fts(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
--> statement-breakpoint
INSERT INTO products_fts(products_fts) VALUES ('rebuild');
