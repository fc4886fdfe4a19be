-- #32: cron monitors. A monitor expects check-ins on a schedule (crontab in a time zone, or an interval) and
-- records each run, missed and timed-out ones included.
CREATE TABLE "monitors" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "slug" TEXT NOT NULL,
  "schedule_type" TEXT NOT NULL,
  "schedule" TEXT NOT NULL,
  "timezone" TEXT NOT NULL DEFAULT 'UTC',
  "checkin_margin" INTEGER NOT NULL DEFAULT 1,
  "max_runtime" INTEGER NOT NULL DEFAULT 30,
  "failure_issue_threshold" INTEGER NOT NULL DEFAULT 1,
  "recovery_threshold" INTEGER NOT NULL DEFAULT 1,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "muted" BOOLEAN NOT NULL DEFAULT false,
  "next_expected_at" TIMESTAMPTZ(3),
  "last_checkin_at" TIMESTAMPTZ(3),
  "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
  "consecutive_ok" INTEGER NOT NULL DEFAULT 0,
  "issue_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "monitors_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "monitors_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "monitors_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "monitors_project_id_slug_key" ON "monitors"("project_id", "slug");
CREATE INDEX "monitors_next_expected_at_idx" ON "monitors"("next_expected_at");

CREATE TABLE "monitor_checkins" (
  "id" TEXT NOT NULL,
  "monitor_id" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "duration_ms" INTEGER,
  "environment" TEXT,
  "expected_at" TIMESTAMPTZ(3),
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "finished_at" TIMESTAMPTZ(3),
  CONSTRAINT "monitor_checkins_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "monitor_checkins_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "monitor_checkins_monitor_id_started_at_idx" ON "monitor_checkins"("monitor_id", "started_at" DESC);
CREATE INDEX "monitor_checkins_in_progress_idx" ON "monitor_checkins"("started_at") WHERE "status" = 'in_progress';
