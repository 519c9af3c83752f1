-- The search normaliser folds four more Persian letters into the Arabic ones readers type:
-- گ → ك, پ → ب, چ → ج, ژ → ز (packages/shared/src/search-text.ts). Text normalised before keeps
-- them; this folds it the same way. The catalogue's own search columns are rewritten by the server
-- at start-up (SEARCH_INDEX_VERSION 2); the content and the search log are folded here.
UPDATE "quotes" SET "search_text" = translate("search_text", 'گپچژ', 'كبجز') WHERE "search_text" ~ '[گپچژ]';--> statement-breakpoint
UPDATE "articles" SET "search_text" = translate("search_text", 'گپچژ', 'كبجز') WHERE "search_text" ~ '[گپچژ]';--> statement-breakpoint
UPDATE "study_guides" SET "search_text" = translate("search_text", 'گپچژ', 'كبجز') WHERE "search_text" ~ '[گپچژ]';--> statement-breakpoint
UPDATE "faq_entries" SET "search_text" = translate("search_text", 'گپچژ', 'كبجز') WHERE "search_text" ~ '[گپچژ]';--> statement-breakpoint
UPDATE "search_events" SET "normalized" = translate("normalized", 'گپچژ', 'كبجز') WHERE "normalized" ~ '[گپچژ]';--> statement-breakpoint
-- A reader's recent searches are one row per normalised text: of two that now meet, the newest stays.
DELETE FROM "search_history" h
 WHERE EXISTS (
   SELECT 1 FROM "search_history" o
    WHERE o."user_id" = h."user_id" AND o."id" <> h."id"
      AND (o."normalized" ~ '[گپچژ]' OR h."normalized" ~ '[گپچژ]')
      AND translate(o."normalized", 'گپچژ', 'كبجز') = translate(h."normalized", 'گپچژ', 'كبجز')
      AND (o."searched_at", o."id") > (h."searched_at", h."id"));--> statement-breakpoint
UPDATE "search_history" SET "normalized" = translate("normalized", 'گپچژ', 'كبجز') WHERE "normalized" ~ '[گپچژ]';
