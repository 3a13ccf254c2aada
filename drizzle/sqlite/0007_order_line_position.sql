ALTER TABLE `order_items` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines written before this column were listed in the order they were written (rowid).
UPDATE `order_items` SET `position` = (
  SELECT count(*) FROM `order_items` AS `earlier`
  WHERE `earlier`.`order_id` = `order_items`.`order_id` AND `earlier`.rowid < `order_items`.rowid
);
