-- #63: server-side grouping rules. A project's fingerprint rules and stack trace rules in Sentry's syntax, the configs
-- they replaced that are still in their transition window (newest first: version, both texts, until when), the epoch
-- naming the config in force, and per epoch which new key continues the issue of each previous key.
ALTER TABLE "projects"
  ADD COLUMN "fingerprint_rules" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "stack_rules" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "grouping_previous" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "grouping_epoch" TEXT;

CREATE TABLE "grouping_continuations" (
  "project_id" TEXT NOT NULL,
  "epoch" TEXT NOT NULL,
  "previous_fingerprint" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "grouping_continuations_pkey" PRIMARY KEY ("project_id", "epoch", "previous_fingerprint"),
  CONSTRAINT "grouping_continuations_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
