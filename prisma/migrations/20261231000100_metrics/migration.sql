-- #61: metrics. Sentry's trace_metric items (Sentry.metrics.count/gauge/distribution) and OTLP metrics, stored three
-- ways (docs/metrics.md):
-- * metric_series: one row per series of a project: name, type, unit and the attributes that say what is measured
--   (environment, release, route…, not ids: lib/ingest/items/metrics/series.ts), keyed by a 64-bit hash of all of them,
--   so a writer names a series without reading it first.
-- * metric_points: every point as sent, one row each, partitioned by day of receipt like logs and kept for days: its
--   series by that hash, its own attributes (the ids left out of the series) and an OTLP histogram's buckets as json
--   (text: cheaper to write than jsonb and smaller, and only read back whole or by the erasure). No foreign key: a
--   statement trigger checks and locks the projects a write names, and a deleted project's points go by another.
-- * metric_minutes and metric_hours: per series, per minute and per hour, count, sum, min, max, the last value and
--   its time, and for distributions a sketch (1 % relative accuracy, lib/metrics-store/sketch.ts) as key, count
--   pairs, kept longer than the points. Every fold updates the current ones: 70 % fill factor keeps those updates
--   on their page.
-- * metric_rollup_pending: what each batch of points adds to its series' minutes, written in the points'
--   transaction (insert-only), folded into the two above seconds later (lib/metrics-store/rollup-fold.ts).
-- * metric_streams: the last value of each cumulative OTLP stream, to turn the next one into what it added.
CREATE TABLE "metric_series" (
  "project_id" TEXT NOT NULL,
  "id" BIGINT NOT NULL,
  "name" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "unit" TEXT NOT NULL DEFAULT '',
  "attributes" JSONB NOT NULL DEFAULT '{}',
  "first_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_seen" DATE NOT NULL DEFAULT CURRENT_DATE,
  CONSTRAINT "metric_series_pkey" PRIMARY KEY ("project_id", "id")
);
CREATE INDEX "metric_series_project_id_name_idx" ON "metric_series"("project_id", "name");

CREATE TABLE "metric_points" (
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "timestamp" TIMESTAMPTZ NOT NULL,
  "series" BIGINT NOT NULL,
  "value" DOUBLE PRECISION,
  "span_id" BIGINT,
  "trace_id" UUID,
  "project" INTEGER NOT NULL,
  "attributes" JSON,
  "histogram" JSON
) PARTITION BY RANGE ("received_at");
CREATE TABLE "metric_points_default" PARTITION OF "metric_points" DEFAULT;
CREATE INDEX "metric_points_series_timestamp_idx" ON "metric_points"("series", "timestamp");

CREATE TABLE "metric_minutes" (
  "series" BIGINT NOT NULL,
  "minute" TIMESTAMPTZ(0) NOT NULL,
  "project" INTEGER NOT NULL,
  "count" BIGINT NOT NULL,
  "sum" DOUBLE PRECISION NOT NULL,
  "min" DOUBLE PRECISION,
  "max" DOUBLE PRECISION,
  "last" DOUBLE PRECISION,
  "last_at" TIMESTAMPTZ NOT NULL,
  "sketch" BIGINT[],
  CONSTRAINT "metric_minutes_pkey" PRIMARY KEY ("series", "minute")
) WITH (fillfactor = 70);
CREATE INDEX "metric_minutes_minute_idx" ON "metric_minutes"("minute");

CREATE TABLE "metric_hours" (
  "series" BIGINT NOT NULL,
  "hour" TIMESTAMPTZ(0) NOT NULL,
  "project" INTEGER NOT NULL,
  "count" BIGINT NOT NULL,
  "sum" DOUBLE PRECISION NOT NULL,
  "min" DOUBLE PRECISION,
  "max" DOUBLE PRECISION,
  "last" DOUBLE PRECISION,
  "last_at" TIMESTAMPTZ NOT NULL,
  "sketch" BIGINT[],
  CONSTRAINT "metric_hours_pkey" PRIMARY KEY ("series", "hour")
) WITH (fillfactor = 70);
CREATE INDEX "metric_hours_hour_idx" ON "metric_hours"("hour");

CREATE TABLE "metric_rollup_pending" (
  "id" BIGSERIAL NOT NULL,
  "series" BIGINT NOT NULL,
  "minute" TIMESTAMPTZ(0) NOT NULL,
  "project" INTEGER NOT NULL,
  "count" BIGINT NOT NULL,
  "sum" DOUBLE PRECISION NOT NULL,
  "min" DOUBLE PRECISION,
  "max" DOUBLE PRECISION,
  "last" DOUBLE PRECISION,
  "last_at" TIMESTAMPTZ NOT NULL,
  "sketch" BIGINT[],
  CONSTRAINT "metric_rollup_pending_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "metric_streams" (
  "project" INTEGER NOT NULL,
  "stream" BIGINT NOT NULL,
  "start_ms" DOUBLE PRECISION NOT NULL,
  "time_ms" DOUBLE PRECISION NOT NULL,
  "state" JSONB NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "metric_streams_pkey" PRIMARY KEY ("project", "stream")
);

ALTER TABLE "monthly_usage" ADD COLUMN "metrics" INTEGER NOT NULL DEFAULT 0;

-- Two sketches as one: the counts of equal keys added, keys in order, a bucket left at 0 dropped (an erasure adds
-- negative counts), NULL when nothing is left. (E-strings with octal 047 for quotes: the migration runner reads a
-- doubled quote as the string's end.)
CREATE FUNCTION "metric_sketch_merge"(a BIGINT[], b BIGINT[]) RETURNS BIGINT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS E'
  SELECT CASE WHEN a IS NULL THEN b WHEN b IS NULL THEN a ELSE (
    SELECT nullif(coalesce(array_agg(v.x ORDER BY g.k, v.o), \047{}\047), \047{}\047) FROM (
      SELECT s.k, sum(s.c)::bigint AS c FROM (
        SELECT a[i] AS k, a[i + 1] AS c FROM generate_series(1, coalesce(array_length(a, 1), 0), 2) AS i
        UNION ALL
        SELECT b[i], b[i + 1] FROM generate_series(1, coalesce(array_length(b, 1), 0), 2) AS i) s
      GROUP BY s.k HAVING sum(s.c) <> 0) g
    CROSS JOIN LATERAL (VALUES (g.k, 0), (g.c, 1)) AS v(x, o)) END';

-- A deleted project's metrics go with it (E-string, octal 073 for semicolons: the runner splits on them).
CREATE FUNCTION "delete_metrics_of_deleted_projects"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM "metric_points" WHERE "project" IN (SELECT "number" FROM "gone")
    AND "series" IN (SELECT "id" FROM "metric_series" WHERE "project_id" IN (SELECT "id" FROM "gone"))\073
  DELETE FROM "metric_minutes" WHERE "project" IN (SELECT "number" FROM "gone")
    AND "series" IN (SELECT "id" FROM "metric_series" WHERE "project_id" IN (SELECT "id" FROM "gone"))\073
  DELETE FROM "metric_hours" WHERE "project" IN (SELECT "number" FROM "gone")
    AND "series" IN (SELECT "id" FROM "metric_series" WHERE "project_id" IN (SELECT "id" FROM "gone"))\073
  DELETE FROM "metric_rollup_pending" WHERE "project" IN (SELECT "number" FROM "gone")\073
  DELETE FROM "metric_streams" WHERE "project" IN (SELECT "number" FROM "gone")\073
  DELETE FROM "metric_series" WHERE "project_id" IN (SELECT "id" FROM "gone")\073
  RETURN NULL\073
END';
CREATE TRIGGER "projects_delete_metrics" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_metrics_of_deleted_projects"();

-- A write's projects, checked once per statement and locked FOR KEY SHARE until it commits, as spans do (no round
-- trip of its own): a write meeting a project being deleted waits for it and is then refused (23503), and a delete
-- meeting a write waits for its commit, after which the trigger above deletes its points. (Octal 047: quotes.)
CREATE FUNCTION "metric_points_of_live_projects"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  PERFORM 1 FROM "projects" WHERE "number" IN (SELECT DISTINCT "project" FROM "added") FOR KEY SHARE\073
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "project" FROM "added") a
              WHERE NOT EXISTS (SELECT 1 FROM "projects" p WHERE p."number" = a."project")) THEN
    RAISE EXCEPTION \047metric points of a deleted project\047 USING ERRCODE = \047foreign_key_violation\047\073
  END IF\073
  RETURN NULL\073
END';
CREATE TRIGGER "metric_points_of_live_projects" AFTER INSERT ON "metric_points" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "metric_points_of_live_projects"();
