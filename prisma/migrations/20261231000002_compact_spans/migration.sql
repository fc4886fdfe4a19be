-- #51: spans stored compactly. A span row keeps its ids as numbers (trace id as uuid, span ids as bigint), its
-- project as the project number, the hashes of its transaction name (with the project) and of its group instead of
-- their text, and no row id, primary key or foreign key (a foreign key check per row cost more than the row). The
-- transaction name, environment, release and the spans' data bags are written once per transaction on its carrier
-- row (the segment span, or the first span of the segment in a write) as a json object keyed by span id. Two
-- indexes, one per read: a trace by trace id, and a transaction name's spans by its key and time. A deleted
-- project's spans go by a statement trigger. Existing spans are copied into the default partition, which the
-- partition job moves into daily partitions.
CREATE TABLE "spans_next" (
  "txn_key" BIGINT NOT NULL,
  "group_key" BIGINT NOT NULL,
  "span_id" BIGINT NOT NULL,
  "parent_span_id" BIGINT,
  "segment_id" BIGINT NOT NULL,
  "start" TIMESTAMPTZ(3) NOT NULL,
  "duration" DOUBLE PRECISION NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "trace_id" UUID NOT NULL,
  "project" INTEGER NOT NULL,
  "is_segment" BOOLEAN NOT NULL DEFAULT false,
  "op" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "status" TEXT,
  "transaction" TEXT,
  "environment" TEXT,
  "release" TEXT,
  "data" JSON
) PARTITION BY RANGE ("received_at");
CREATE TABLE "spans_next_default" PARTITION OF "spans_next" DEFAULT;

INSERT INTO "spans_next" ("txn_key", "group_key", "span_id", "parent_span_id", "segment_id", "start", "duration", "received_at",
  "trace_id", "project", "is_segment", "op", "description", "status", "transaction", "environment", "release", "data")
SELECT ('x' || left(md5(s."project_id" || ':' || s."transaction"), 16))::bit(64)::bigint,
       ('x' || left(md5(s."group"), 16))::bit(64)::bigint,
       ('x' || s."span_id")::bit(64)::bigint,
       CASE WHEN s."parent_span_id" ~ '^[0-9a-f]{16}$' THEN ('x' || s."parent_span_id")::bit(64)::bigint END,
       ('x' || s."segment_id")::bit(64)::bigint,
       s."start", s."duration", s."received_at", s."trace_id"::uuid, p."number", s."is_segment", s."op", s."description",
       s."status", s."transaction", s."environment", s."release",
       CASE WHEN s."data" IS NOT NULL THEN json_build_object(s."span_id", s."data") END
  FROM "spans" s JOIN "projects" p ON p."id" = s."project_id"
 WHERE s."span_id" ~ '^[0-9a-f]{16}$' AND s."segment_id" ~ '^[0-9a-f]{16}$' AND s."trace_id" ~ '^[0-9a-f]{32}$';

DROP TABLE "spans";
ALTER TABLE "spans_next" RENAME TO "spans";
ALTER TABLE "spans_next_default" RENAME TO "spans_default";
CREATE INDEX "spans_trace_id_idx" ON "spans"("trace_id");
CREATE INDEX "spans_txn_key_received_at_idx" ON "spans"("txn_key", "received_at");

-- (An E-string with octal 073 for its semicolons: the migration runner splits scripts on semicolons.)
CREATE FUNCTION "delete_spans_of_deleted_projects"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM "spans" WHERE "project" IN (SELECT "number" FROM "gone")\073
  RETURN NULL\073
END';
CREATE TRIGGER "projects_delete_spans" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_spans_of_deleted_projects"();
