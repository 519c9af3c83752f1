-- The vocabulary of mistyped words is read whole into each server's memory (ADR 0023): the
-- trigram and prefix indexes that the database looked words up with are no longer read, and only
-- slowed down each rebuild of the vocabulary.
DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
DROP INDEX "search_words_prefix_idx";