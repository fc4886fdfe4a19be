-- #30: ignore with a condition (Sentry's archive): for a while, until N more events (in a window), until N more users.
ALTER TABLE "issues"
  ADD COLUMN "ignored_at" TIMESTAMPTZ(3),
  ADD COLUMN "ignore_until" TIMESTAMPTZ(3),
  ADD COLUMN "ignore_count" INTEGER,
  ADD COLUMN "ignore_window_minutes" INTEGER,
  ADD COLUMN "ignore_users" INTEGER,
  ADD COLUMN "ignore_events_baseline" INTEGER,
  ADD COLUMN "ignore_users_baseline" INTEGER;
-- The minute job reads only ignored issues waiting on a condition.
CREATE INDEX "issues_ignored_with_condition_idx" ON "issues" ("id")
  WHERE "status" = 'IGNORED' AND ("ignore_until" IS NOT NULL OR "ignore_count" IS NOT NULL OR "ignore_users" IS NOT NULL);
