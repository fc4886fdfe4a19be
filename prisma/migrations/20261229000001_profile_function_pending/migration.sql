-- Profiles (#47): each stored profile's per-function figures wait here, one insert-only row per profile, written in
-- the profile's own transaction. A fold (lib/ingest/items/profiles/function-fold.ts, seconds later) sums many
-- profiles' rows into profile_function_hours, updating each function-hour once per fold instead of once per
-- profile: the updates, and the old row versions they leave, drop by the number of profiles a fold takes.
CREATE TABLE "profile_function_pending" (
  "id" BIGSERIAL NOT NULL,
  "project_id" TEXT NOT NULL,
  "hour" TIMESTAMPTZ(3) NOT NULL,
  "profile_id" TEXT NOT NULL,
  "frame_ids" BIGINT[] NOT NULL,
  "self_ms" DOUBLE PRECISION[] NOT NULL,
  "total_ms" DOUBLE PRECISION[] NOT NULL,
  "calls" BIGINT[] NOT NULL,
  -- One histogram a function, each an int array literal (a SQL array cannot hold rows of different lengths).
  "histograms" TEXT[] NOT NULL,
  CONSTRAINT "profile_function_pending_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "profile_function_pending_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "profile_function_pending_project_id_hour_idx" ON "profile_function_pending"("project_id", "hour");

-- Element-wise sum of histograms, for the fold (OR REPLACE: a database migrated before b853fee has it already).
CREATE OR REPLACE AGGREGATE "profile_histogram_sum"(INTEGER[]) (SFUNC = "profile_histogram_add", STYPE = INTEGER[], INITCOND = '{}');
