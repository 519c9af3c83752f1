-- The analytics rankings (top queries, most viewed books) without reading the table's rows: the
-- sums per dimension over a period come from an index-only scan of (metric, day), and the labels
-- of the few dimensions ranked first (a query's first typed form, its last result count) from
-- lookups by (metric, dimension, day). The dimension is in the "C" collation in the second one so
-- that a prefix (`normalized U+001F`) is a range of it whatever the database's collation.
CREATE INDEX "analytics_daily_metric_day_idx" ON "analytics_daily" USING btree ("metric","day") INCLUDE ("dimension","value","samples");--> statement-breakpoint
CREATE INDEX "analytics_daily_metric_dimension_day_idx" ON "analytics_daily" USING btree ("metric","dimension" COLLATE "C","day") INCLUDE ("value");
--> statement-breakpoint
-- Week rows (analytics.metrics.ts: `week:<metric>`, dated the Monday of their ISO week) of the
-- days already rolled up; the rollup keeps them from now on.
INSERT INTO "analytics_daily" ("metric", "day", "dimension", "value", "samples", "computed_at")
SELECT 'week:' || "metric", "day" - (extract(isodow from "day")::int - 1), "dimension", sum("value"), sum("samples"), now()
  FROM "analytics_daily"
 WHERE "metric" IN ('query_searches', 'query_zero_searches', 'book_views_by_book')
 GROUP BY 1, 2, 3;
