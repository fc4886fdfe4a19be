-- #47: profiles. Frames are kept once per project (function, module or file, line, column, in-app), so a profile
-- stores only its samples and stacks, compressed, and per-function time and call durations are rolled up per hour
-- (the "slowest functions" read a day of them, not every sample).
CREATE TABLE "profile_frames" (
  "id" BIGINT GENERATED ALWAYS AS IDENTITY,
  "project_id" TEXT NOT NULL,
  "key" BYTEA NOT NULL,
  "function" TEXT NOT NULL,
  "module" TEXT,
  "file" TEXT,
  "line" INTEGER,
  "col" INTEGER,
  "in_app" BOOLEAN NOT NULL,
  CONSTRAINT "profile_frames_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "profile_frames_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "profile_frames_project_id_key_key" ON "profile_frames"("project_id", "key");

CREATE TABLE "profiles" (
  "project_id" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "profiler_id" TEXT,
  "trace_id" TEXT,
  "transaction_id" TEXT,
  "transaction" TEXT,
  "release" TEXT,
  "environment" TEXT,
  "platform" TEXT NOT NULL,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "ended_at" TIMESTAMPTZ(3) NOT NULL,
  "sample_count" INTEGER NOT NULL,
  "size" INTEGER NOT NULL,
  "data" BYTEA NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "profiles_pkey" PRIMARY KEY ("project_id", "id"),
  CONSTRAINT "profiles_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
ALTER TABLE "profiles" ALTER COLUMN "data" SET STORAGE EXTERNAL;
CREATE INDEX "profiles_project_id_started_at_idx" ON "profiles"("project_id", "started_at" DESC);
CREATE INDEX "profiles_project_id_profiler_id_started_at_idx" ON "profiles"("project_id", "profiler_id", "started_at") WHERE "profiler_id" IS NOT NULL;
CREATE INDEX "profiles_project_id_transaction_started_at_idx" ON "profiles"("project_id", "transaction", "started_at" DESC) WHERE "kind" = 'transaction';
CREATE INDEX "profiles_project_id_trace_id_idx" ON "profiles"("project_id", "trace_id") WHERE "trace_id" IS NOT NULL;
CREATE INDEX "profiles_received_at_idx" ON "profiles"("received_at");

-- Element-wise sum of two histograms (int arrays of different lengths).
CREATE FUNCTION "profile_histogram_add"(a INTEGER[], b INTEGER[]) RETURNS INTEGER[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS '
  SELECT coalesce(array_agg(coalesce(a[i], 0) + coalesce(b[i], 0) ORDER BY i), ''{}'')
    FROM generate_series(1, greatest(coalesce(array_length(a, 1), 0), coalesce(array_length(b, 1), 0))) AS i';

CREATE TABLE "profile_function_hours" (
  "project_id" TEXT NOT NULL,
  "hour" TIMESTAMPTZ(3) NOT NULL,
  "frame_id" BIGINT NOT NULL,
  "self_ms" DOUBLE PRECISION NOT NULL,
  "total_ms" DOUBLE PRECISION NOT NULL,
  "calls" BIGINT NOT NULL,
  "histogram" INTEGER[] NOT NULL,
  "examples" TEXT[] NOT NULL,
  CONSTRAINT "profile_function_hours_pkey" PRIMARY KEY ("project_id", "hour", "frame_id"),
  CONSTRAINT "profile_function_hours_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITH (fillfactor = 50);
-- Every chunk updates its hour's rows: half of each page free keeps those updates in place (measured: an hour of
-- 20 processes' chunks took 307 MB of dead versions at the default fill factor, under 2 MB at 50).
CREATE INDEX "profile_function_hours_hour_idx" ON "profile_function_hours"("hour");

ALTER TABLE "monthly_usage" ADD COLUMN "profiles" INTEGER NOT NULL DEFAULT 0;
