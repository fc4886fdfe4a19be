-- #51: spans stored compactly, one row per transaction (segment) and write instead of one per span. A row holds
-- the segment's trace id (uuid), segment span id (bigint), project (by its number), the hash of its transaction
-- name within the project, its name, environment and release, and its spans' fields as arrays in one order: ids as
-- bigint, start, duration, the hash of each span's group, op, description, status. segment_index is the segment
-- span's place in the arrays (1-based), when it is among them. The spans' data bags are one json object keyed by
-- span id. No row id, primary key or foreign key. Two indexes, one per read: a trace by trace id, and a transaction
-- name's rows by its key and time. Two statement triggers stand for the foreign key: a write names only live projects
-- (and holds them until it commits), and a deleted project's spans go with it. Existing spans are copied into the
-- default partition, one row per segment, which the partition job moves into daily partitions.
CREATE TABLE "spans_next" (
  "txn_key" BIGINT NOT NULL,
  "segment_id" BIGINT NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "trace_id" UUID NOT NULL,
  "project" INTEGER NOT NULL,
  "span_count" INTEGER NOT NULL,
  "segment_index" INTEGER,
  "transaction" TEXT,
  "environment" TEXT,
  "release" TEXT,
  "span_ids" BIGINT[] NOT NULL,
  "parent_ids" BIGINT[] NOT NULL,
  "starts" TIMESTAMPTZ(3)[] NOT NULL,
  "durations" DOUBLE PRECISION[] NOT NULL,
  "group_keys" BIGINT[] NOT NULL,
  "ops" TEXT[] NOT NULL,
  "descriptions" TEXT[] NOT NULL,
  "statuses" TEXT[] NOT NULL,
  "data" JSON
) PARTITION BY RANGE ("received_at");
CREATE TABLE "spans_next_default" PARTITION OF "spans_next" DEFAULT;

INSERT INTO "spans_next" ("txn_key", "segment_id", "received_at", "trace_id", "project", "span_count", "segment_index",
  "transaction", "environment", "release", "span_ids", "parent_ids", "starts", "durations", "group_keys", "ops",
  "descriptions", "statuses", "data")
SELECT ('x' || left(md5(g."project_id" || ':' || g."transaction"), 16))::bit(64)::bigint,
       ('x' || g."segment_id")::bit(64)::bigint, g."received_at", g."trace_id"::uuid, p."number", g."span_count",
       array_position(g."is_segment", true), g."transaction", g."environment", g."release", g."span_ids",
       g."parent_ids", g."starts", g."durations", g."group_keys", g."ops", g."descriptions", g."statuses", g."data"
  FROM (
    SELECT s."project_id", s."trace_id", s."segment_id", max(s."received_at") AS "received_at",
           count(*)::int AS "span_count",
           (array_agg(s."transaction" ORDER BY s."is_segment" DESC, s."start"))[1] AS "transaction",
           (array_agg(s."environment" ORDER BY s."is_segment" DESC, s."start"))[1] AS "environment",
           (array_agg(s."release" ORDER BY s."is_segment" DESC, s."start"))[1] AS "release",
           array_agg(s."is_segment" ORDER BY s."start", s."span_id") AS "is_segment",
           array_agg(('x' || s."span_id")::bit(64)::bigint ORDER BY s."start", s."span_id") AS "span_ids",
           array_agg(CASE WHEN s."parent_span_id" ~ '^[0-9a-f]{16}$' THEN ('x' || s."parent_span_id")::bit(64)::bigint END
                     ORDER BY s."start", s."span_id") AS "parent_ids",
           array_agg(s."start" ORDER BY s."start", s."span_id") AS "starts",
           array_agg(s."duration" ORDER BY s."start", s."span_id") AS "durations",
           array_agg(('x' || left(md5(s."group"), 16))::bit(64)::bigint ORDER BY s."start", s."span_id") AS "group_keys",
           array_agg(s."op" ORDER BY s."start", s."span_id") AS "ops",
           array_agg(s."description" ORDER BY s."start", s."span_id") AS "descriptions",
           array_agg(s."status" ORDER BY s."start", s."span_id") AS "statuses",
           json_object_agg(s."span_id", s."data") FILTER (WHERE s."data" IS NOT NULL) AS "data"
      FROM "spans" s
     WHERE s."span_id" ~ '^[0-9a-f]{16}$' AND s."segment_id" ~ '^[0-9a-f]{16}$' AND s."trace_id" ~ '^[0-9a-f]{32}$'
     GROUP BY s."project_id", s."trace_id", s."segment_id"
  ) g
  JOIN "projects" p ON p."id" = g."project_id";

DROP TABLE "spans";
ALTER TABLE "spans_next" RENAME TO "spans";
ALTER TABLE "spans_next_default" RENAME TO "spans_default";
CREATE INDEX "spans_trace_id_idx" ON "spans"("trace_id");
CREATE INDEX "spans_txn_key_received_at_idx" ON "spans"("txn_key", "received_at");

-- (E-strings with octal 073 for their semicolons and 047 for their quotes: the migration runner splits scripts on
-- semicolons, and reads a doubled quote as the string's end.)
CREATE FUNCTION "delete_spans_of_deleted_projects"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM "spans" WHERE "project" IN (SELECT "number" FROM "gone")\073
  RETURN NULL\073
END';
CREATE TRIGGER "projects_delete_spans" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_spans_of_deleted_projects"();

-- A write's projects, checked once per statement and locked FOR KEY SHARE until it commits, as a foreign key would:
-- a write meeting a project being deleted waits for it and is then refused (23503), and a delete meeting a write waits
-- for its commit, after which the trigger above deletes its rows.
CREATE FUNCTION "spans_of_live_projects"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  PERFORM 1 FROM "projects" WHERE "number" IN (SELECT DISTINCT "project" FROM "added") FOR KEY SHARE\073
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "project" FROM "added") a
              WHERE NOT EXISTS (SELECT 1 FROM "projects" p WHERE p."number" = a."project")) THEN
    RAISE EXCEPTION \047spans of a deleted project\047 USING ERRCODE = \047foreign_key_violation\047\073
  END IF\073
  RETURN NULL\073
END';
CREATE TRIGGER "spans_of_live_projects" AFTER INSERT ON "spans" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "spans_of_live_projects"();
