-- Weekly report emails (#49). One row per project, week (its Monday) and person the report was sent to, claimed
-- before the email goes out: a second instance or a retried job finds it and sends nothing twice.
CREATE TABLE "weekly_report_deliveries" (
  "project_id" TEXT NOT NULL,
  "week" DATE NOT NULL,
  "user_id" TEXT NOT NULL,
  "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "weekly_report_deliveries_pkey" PRIMARY KEY ("project_id", "week", "user_id"),
  CONSTRAINT "weekly_report_deliveries_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "weekly_report_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "weekly_report_deliveries_user_id_idx" ON "weekly_report_deliveries"("user_id");

-- The people who turned the weekly report off (no row: it reaches them).
CREATE TABLE "weekly_report_opt_outs" (
  "user_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "weekly_report_opt_outs_pkey" PRIMARY KEY ("user_id"),
  CONSTRAINT "weekly_report_opt_outs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
