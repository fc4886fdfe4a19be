-- #31: an alert on release health. A CRASH_FREE rule fires when a release with at least min_sessions sessions in
-- the window has a crash-free rate below crash_free_below percent, once per breach and once on recovery.
ALTER TYPE "alert_type" ADD VALUE 'CRASH_FREE';
ALTER TABLE "alert_rules"
  ADD COLUMN "crash_free_below" DOUBLE PRECISION,
  ADD COLUMN "crash_free_metric" TEXT,
  ADD COLUMN "min_sessions" INTEGER,
  ADD COLUMN "breached" BOOLEAN NOT NULL DEFAULT false;
