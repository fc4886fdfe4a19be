-- #61: dashboards. An organization's dashboards, each with its widgets (Explore queries and where they sit on a
-- 12-column grid) and its filters as JSON checked by lib/zod/dashboards.ts: a drag rewrites one row. A creator who
-- leaves has their dashboards stay, unattributed. dashboard_starters remembers which projects had their starter
-- dashboard made, so one deleted is not made again.
CREATE TABLE "dashboards" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "org_id" TEXT NOT NULL,
  "created_by_id" TEXT,
  "starter_of" TEXT,
  "name" TEXT NOT NULL,
  "filters" JSONB NOT NULL DEFAULT '{}',
  "widgets" JSONB NOT NULL DEFAULT '[]',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "dashboards_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "dashboards_org_id_name_idx" ON "dashboards"("org_id", "name");
CREATE INDEX "dashboards_created_by_id_idx" ON "dashboards"("created_by_id");
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_org_id_fkey" FOREIGN KEY ("org_id")
  REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_created_by_id_fkey" FOREIGN KEY ("created_by_id")
  REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "dashboard_starters" (
  "project_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "dashboard_starters_pkey" PRIMARY KEY ("project_id")
);
ALTER TABLE "dashboard_starters" ADD CONSTRAINT "dashboard_starters_project_id_fkey" FOREIGN KEY ("project_id")
  REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
