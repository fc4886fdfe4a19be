-- #51: log lines stored compactly. The row id is a number from a sequence (the logs page's cursor breaks ties of
-- equal timestamps with it) without a primary key or its index, the trace id a uuid and the span id a bigint, the
-- attributes without the keys a column already holds (lib/ingest/items/logs/compact.ts), as jsonb (the attribute filter
-- reads a key 3-5 times faster than from json text, for about 35 bytes more a line), and no foreign key (a check per
-- line cost more than the line): the writer locks its projects' rows for the batch instead, and a deleted project's
-- lines go by a statement trigger. Four indexes, one per read that needs one (docs/benchmarks.md has their plans):
-- a project's lines newest first (every page of the logs page, filtered or not), its warnings, errors and fatal lines
-- by level newest first (a filter on one of these levels, which newest first would scan the whole day for), a trace's
-- lines, the message's trigrams (a word that is rare over 10,000,000 lines was found in 70 ms with it, 39 s
-- without, for about a third of the write rate and 49 bytes a line), and the attributes' key/value paths
-- (jsonb_path_ops: the attribute filter's containment finds a rare value without reading the day). Existing lines
-- are copied into the default partition, which the partition job moves into daily partitions.
CREATE SEQUENCE "logs_id_seq" AS BIGINT;

CREATE TABLE "logs_next" (
  "timestamp" TIMESTAMPTZ(3) NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "id" BIGINT NOT NULL DEFAULT nextval('logs_id_seq'),
  "span_id" BIGINT,
  "trace_id" UUID,
  "severity_number" SMALLINT,
  "project_id" TEXT NOT NULL,
  "level" TEXT NOT NULL,
  "body" TEXT NOT NULL,
  "template" TEXT,
  "environment" TEXT,
  "release" TEXT,
  "attributes" JSONB
) PARTITION BY RANGE ("received_at");
CREATE TABLE "logs_next_default" PARTITION OF "logs_next" DEFAULT;

INSERT INTO "logs_next" ("timestamp", "received_at", "span_id", "trace_id", "severity_number", "project_id", "level", "body",
  "template", "environment", "release", "attributes")
SELECT l."timestamp", l."received_at",
       CASE WHEN l."span_id" ~ '^[0-9a-f]{16}$' THEN ('x' || l."span_id")::bit(64)::bigint END,
       CASE WHEN l."trace_id" ~ '^[0-9a-f]{32}$' THEN l."trace_id"::uuid END,
       l."severity_number", l."project_id", l."level", l."body", l."template", l."environment", l."release", l."attributes"
  FROM "logs" l ORDER BY l."received_at", l."timestamp";

DROP TABLE "logs";
ALTER TABLE "logs_next" RENAME TO "logs";
ALTER TABLE "logs_next_default" RENAME TO "logs_default";
ALTER SEQUENCE "logs_id_seq" OWNED BY "logs"."id";
CREATE INDEX "logs_project_id_timestamp_idx" ON "logs"("project_id", "timestamp" DESC);
CREATE INDEX "logs_project_id_level_timestamp_idx" ON "logs"("project_id", "level", "timestamp" DESC)
  WHERE "level" IN ('warn', 'error', 'fatal');
CREATE INDEX "logs_trace_id_idx" ON "logs"("trace_id") WHERE "trace_id" IS NOT NULL;
CREATE INDEX "logs_body_trgm_idx" ON "logs" USING gin ("body" gin_trgm_ops);
CREATE INDEX "logs_attributes_idx" ON "logs" USING gin ("attributes" jsonb_path_ops);

-- (An E-string with octal 073 for its semicolons: the migration runner splits scripts on semicolons.)
CREATE FUNCTION "delete_logs_of_deleted_projects"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM "logs" WHERE "project_id" IN (SELECT "id" FROM "gone")\073
  RETURN NULL\073
END';
CREATE TRIGGER "projects_delete_logs" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_logs_of_deleted_projects"();
