-- #31: release health. Sessions are kept as rollups per (project, release, environment, hour) and exact distinct
-- users per day. The state of a session lives only while it can still be updated (two days), so repeated and
-- out-of-order updates count it once.
CREATE TABLE "session_states" (
  "project_id" TEXT NOT NULL,
  "sid" TEXT NOT NULL,
  "did" TEXT,
  "release" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "started_hour" TIMESTAMPTZ(3) NOT NULL,
  "status_rank" SMALLINT NOT NULL,
  "errored" BOOLEAN NOT NULL,
  -- What the row held before its last update, so the statement that changed it knows exactly what it changed.
  "prev_rank" SMALLINT NOT NULL DEFAULT -1,
  "prev_errored" BOOLEAN NOT NULL DEFAULT false,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "session_states_pkey" PRIMARY KEY ("project_id", "sid"),
  CONSTRAINT "session_states_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "session_states_updated_at_idx" ON "session_states"("updated_at");

CREATE TABLE "session_hourly" (
  "project_id" TEXT NOT NULL,
  "release" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "hour" TIMESTAMPTZ(3) NOT NULL,
  "started" INTEGER NOT NULL DEFAULT 0,
  "errored" INTEGER NOT NULL DEFAULT 0,
  "abnormal" INTEGER NOT NULL DEFAULT 0,
  "crashed" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "session_hourly_pkey" PRIMARY KEY ("project_id", "release", "environment", "hour"),
  CONSTRAINT "session_hourly_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "session_hourly_project_id_hour_idx" ON "session_hourly"("project_id", "hour");

CREATE TABLE "session_users" (
  "project_id" TEXT NOT NULL,
  "release" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "user_hash" UUID NOT NULL,
  "crashed" BOOLEAN NOT NULL DEFAULT false,
  CONSTRAINT "session_users_pkey" PRIMARY KEY ("project_id", "release", "environment", "day", "user_hash"),
  CONSTRAINT "session_users_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "session_users_project_id_day_idx" ON "session_users"("project_id", "day");
