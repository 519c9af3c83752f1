-- Search hints: each server keeps the searches many readers made in memory
-- (modules/search/popular-searches.ts) instead of asking the database at every keystroke. The
-- database names, at commit and to every server, the searches whose readers changed, whoever
-- changed them (a search recorded or pushed out of a reader's recent list, a list cleared, an
-- account deleted): each server counts those searches' readers again, by this index.
DROP INDEX "search_history_normalized_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_history_normalized_idx" ON "search_history" USING btree ("normalized");--> statement-breakpoint
-- The payload is a JSON array of the normalised searches, or '*' when they would not fit in a
-- notice (8000 bytes): then every server reads all popular searches again.
CREATE FUNCTION "search_history_announce"(searches text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF coalesce(cardinality(searches), 0) = 0 THEN
    RETURN;
  END IF;
  payload := to_json(searches)::text;
  IF octet_length(payload) > 7000 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('search_history', payload);
END;
$$;--> statement-breakpoint
-- Rows added or removed: both triggers name their transition table "changed".
CREATE FUNCTION "search_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_history_announce(ARRAY(SELECT DISTINCT normalized FROM changed));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "search_history_rewritten"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A repeated search rewrites how the reader wrote it: the form most readers wrote may change.
  PERFORM search_history_announce(ARRAY(
    SELECT DISTINCT normalized FROM (SELECT normalized FROM earlier UNION ALL SELECT normalized FROM later) AS rows));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "search_history_added" AFTER INSERT ON "search_history"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_history_changed();--> statement-breakpoint
CREATE TRIGGER "search_history_removed" AFTER DELETE ON "search_history"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_history_changed();--> statement-breakpoint
CREATE TRIGGER "search_history_rewritten" AFTER UPDATE ON "search_history"
  REFERENCING OLD TABLE AS earlier NEW TABLE AS later FOR EACH STATEMENT EXECUTE FUNCTION search_history_rewritten();
