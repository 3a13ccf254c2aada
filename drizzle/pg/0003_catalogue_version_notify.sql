-- Every app server keeps its guest page cache until the catalogue version moves: tell them all
-- when it does. NOTIFY is delivered when the writing transaction commits, so a server that hears
-- the new version reads the new rows (app/db/pg.server.ts listens, and polls in case it missed one).
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v integer;
BEGIN
  IF current_setting('shop.catalogue_version_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
    PERFORM set_config('shop.catalogue_version_bumped', 'on', true);
    PERFORM pg_notify('catalogue_version', v::text);
  END IF;
  RETURN NULL;
END;
$$;
