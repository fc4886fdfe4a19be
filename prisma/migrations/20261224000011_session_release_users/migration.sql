-- Release health's distinct users per release: the last day each user had a session and the last day one crashed,
-- per environment and across them (environment ''), in place of one row per user and day. And the session counts
-- per day beside the hourly ones, for the reads over days
CREATE TABLE "session_release_users" (
  "project_id" TEXT NOT NULL,
  "release" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "user_hash" UUID NOT NULL,
  "last_day" DATE NOT NULL,
  "crashed_day" DATE,
  CONSTRAINT "session_release_users_pkey" PRIMARY KEY ("project_id", "release", "environment", "user_hash"),
  CONSTRAINT "session_release_users_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "session_release_users_project_id_environment_last_day_idx" ON "session_release_users"("project_id", "environment", "last_day") INCLUDE ("release", "crashed_day");

INSERT INTO "session_release_users" ("project_id", "release", "environment", "user_hash", "last_day", "crashed_day")
SELECT "project_id", "release", "environment", "user_hash", max("day"), max("day") FILTER (WHERE "crashed")
  FROM "session_users" GROUP BY 1, 2, 3, 4;
INSERT INTO "session_release_users" ("project_id", "release", "environment", "user_hash", "last_day", "crashed_day")
SELECT "project_id", "release", '', "user_hash", max("day"), max("day") FILTER (WHERE "crashed")
  FROM "session_users" GROUP BY 1, 2, 4;

DROP TABLE "session_users";

CREATE TABLE "session_daily" (
  "project_id" TEXT NOT NULL,
  "release" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "started" INTEGER NOT NULL DEFAULT 0,
  "errored" INTEGER NOT NULL DEFAULT 0,
  "abnormal" INTEGER NOT NULL DEFAULT 0,
  "crashed" INTEGER NOT NULL DEFAULT 0,
  "last_hour" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "session_daily_pkey" PRIMARY KEY ("project_id", "release", "environment", "day"),
  CONSTRAINT "session_daily_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "session_daily_project_id_day_idx" ON "session_daily"("project_id", "day");
INSERT INTO "session_daily" ("project_id", "release", "environment", "day", "started", "errored", "abnormal", "crashed", "last_hour")
SELECT "project_id", "release", "environment", ("hour" AT TIME ZONE 'UTC')::date, sum("started"), sum("errored"), sum("abnormal"), sum("crashed"), max("hour")
  FROM "session_hourly" GROUP BY 1, 2, 3, 4;
