-- Cheaper rollup writes in the ingest batch statement.

-- The batch probes issue_tag_values by (issue, key, value) and a tag filter looks issues up by (key, value): with
-- issue_id at the end of the (key, value) index both are one full-key probe whichever index the planner picks
-- (with the two-column index a generic plan probed by key and value and filtered the issue row by row).
DROP INDEX IF EXISTS "issue_tag_values_key_value_idx";
CREATE INDEX "issue_tag_values_key_value_issue_id_idx" ON "issue_tag_values"("key", "value", "issue_id");

-- A key's events are the sum of its values' counts and its "other" bucket, read when the tags are shown: the key row
-- is then written only when the issue sees the key or one of its values for the first time, not with every event.
ALTER TABLE "issue_tag_keys" DROP COLUMN "events";

-- Counters updated in place with every batch: room on each page lets those updates stay heap-only (HOT), so they do
-- not add index entries nor leave dead index tuples behind. Pages written from now on keep the room.
ALTER TABLE "issue_tag_values" SET (fillfactor = 70);
ALTER TABLE "issue_hourly_counts" SET (fillfactor = 70);
ALTER TABLE "project_minute_counts" SET (fillfactor = 70);
ALTER TABLE "monthly_usage" SET (fillfactor = 50);
