-- Outcomes (issue #28): what happened to every item received, per project, UTC day, category, outcome and
-- reason. A rollup: each instance adds its counts every second, never a row per item.
CREATE TABLE "outcomes" (
  "project_id" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "category" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "reason" TEXT NOT NULL DEFAULT '',
  "quantity" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "outcomes_pkey" PRIMARY KEY ("project_id", "day", "category", "outcome", "reason"),
  CONSTRAINT "outcomes_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITH (fillfactor = 80);

CREATE INDEX "outcomes_day_idx" ON "outcomes"("day");
