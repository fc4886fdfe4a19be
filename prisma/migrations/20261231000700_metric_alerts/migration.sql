-- Metric alerts (#62): a rule on an Explore query with warning, critical and resolve thresholds, evaluated every
-- minute. Each crossing is an incident with its timeline.
ALTER TYPE "alert_type" ADD VALUE 'METRIC';

ALTER TABLE "alert_rules"
  ADD COLUMN "metric_query" JSONB,
  ADD COLUMN "metric_direction" TEXT,
  ADD COLUMN "warning_threshold" DOUBLE PRECISION,
  ADD COLUMN "critical_threshold" DOUBLE PRECISION,
  ADD COLUMN "resolve_threshold" DOUBLE PRECISION,
  ADD COLUMN "metric_comparison" TEXT,
  ADD COLUMN "muted_until" TIMESTAMPTZ(3),
  ADD COLUMN "metric_state" TEXT NOT NULL DEFAULT 'ok',
  ADD COLUMN "metric_evaluated_at" TIMESTAMPTZ(3);

CREATE TABLE "metric_alert_incidents" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "rule_id" TEXT NOT NULL,
  "project_id" TEXT NOT NULL,
  "level" TEXT NOT NULL,
  "group_label" TEXT,
  "opened_at" TIMESTAMPTZ(3) NOT NULL,
  "resolved_at" TIMESTAMPTZ(3),
  "peak_value" DOUBLE PRECISION NOT NULL,
  "peak_at" TIMESTAMPTZ(3) NOT NULL,
  "last_value" DOUBLE PRECISION NOT NULL,
  "timeline" JSONB NOT NULL DEFAULT '[]',
  CONSTRAINT "metric_alert_incidents_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "metric_alert_incidents_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "metric_alert_incidents_project_id_opened_at_idx" ON "metric_alert_incidents"("project_id", "opened_at" DESC);
-- At most one open incident per rule: the evaluator that claims the minute is the only writer, this makes it so.
CREATE UNIQUE INDEX "metric_alert_incidents_open_idx" ON "metric_alert_incidents"("rule_id") WHERE "resolved_at" IS NULL;
