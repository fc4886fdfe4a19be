-- #32: uptime monitors (the minute job requests a URL on an interval) beside cron monitors, why a run failed, and
-- MONITOR alert rules fired once when a monitor's incident begins and once when it recovers
ALTER TYPE "alert_type" ADD VALUE 'MONITOR';
ALTER TABLE "monitors"
  ADD COLUMN "incident_since" TIMESTAMPTZ(3),
  ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'cron',
  ADD COLUMN "url" TEXT,
  ADD COLUMN "timeout_ms" INTEGER NOT NULL DEFAULT 10000,
  ADD COLUMN "expected_status" INTEGER,
  ADD COLUMN "keyword" TEXT;
ALTER TABLE "monitor_checkins" ADD COLUMN "detail" TEXT;
-- A monitor with an open issue that has not recovered is in an incident.
UPDATE "monitors" SET "incident_since" = "updated_at" WHERE "issue_id" IS NOT NULL AND "consecutive_failures" >= "failure_issue_threshold";
