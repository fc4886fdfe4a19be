-- Rollups written by the ingest batch statement, so dashboard and alert reads never count raw events.

-- Events per issue per UTC hour of occurrence (`timestamp`): the issue chart and the issue list sparkline.
CREATE TABLE "issue_hourly_counts" (
    "issue_id" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "issue_hourly_counts_pkey" PRIMARY KEY ("issue_id", "hour")
);

-- Events per project per UTC minute of receipt (`received_at`): the error-rate alert's window count.
CREATE TABLE "project_minute_counts" (
    "project_id" TEXT NOT NULL,
    "minute" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "project_minute_counts_pkey" PRIMARY KEY ("project_id", "minute")
);

-- Tag keys seen per issue: events carrying the key, distinct values kept, events whose value went to "other".
CREATE TABLE "issue_tag_keys" (
    "issue_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "events" INTEGER NOT NULL,
    "distinct_values" INTEGER NOT NULL,
    "other" INTEGER NOT NULL,
    CONSTRAINT "issue_tag_keys_pkey" PRIMARY KEY ("issue_id", "key")
);

-- Tag values seen per issue and key, with their event counts.
CREATE TABLE "issue_tag_values" (
    "issue_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "issue_tag_values_pkey" PRIMARY KEY ("issue_id", "key", "value")
);

-- Distinct users per issue, exact: the set of (issue, md5 of the user key) and its size.
CREATE TABLE "issue_users" (
    "issue_id" TEXT NOT NULL,
    "user_hash" UUID NOT NULL,
    CONSTRAINT "issue_users_pkey" PRIMARY KEY ("issue_id", "user_hash")
);

CREATE TABLE "issue_user_counts" (
    "issue_id" TEXT NOT NULL,
    "users" INTEGER NOT NULL,
    CONSTRAINT "issue_user_counts_pkey" PRIMARY KEY ("issue_id")
);

ALTER TABLE "issue_hourly_counts" ADD CONSTRAINT "issue_hourly_counts_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "project_minute_counts" ADD CONSTRAINT "project_minute_counts_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_tag_keys" ADD CONSTRAINT "issue_tag_keys_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_tag_values" ADD CONSTRAINT "issue_tag_values_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_users" ADD CONSTRAINT "issue_users_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_user_counts" ADD CONSTRAINT "issue_user_counts_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An issue's events newest first, ties by id: the detail's 10 latest and each events page read this index in order.
DROP INDEX "events_issue_id_timestamp_idx";
CREATE INDEX "events_issue_id_timestamp_id_idx" ON "events"("issue_id", "timestamp" DESC, "id" DESC);

-- Backfill from the events already stored (the same keys and caps as ingest: lib/ingest/rollup-keys.ts).
INSERT INTO "issue_hourly_counts" ("issue_id", "hour", "count")
SELECT "issue_id", date_bin('1 hour', "timestamp", TIMESTAMPTZ '1970-01-01 00:00:00+00'), count(*)::int
FROM "events" GROUP BY 1, 2;

INSERT INTO "project_minute_counts" ("project_id", "minute", "count")
SELECT "project_id", date_bin('1 minute', "received_at", TIMESTAMPTZ '1970-01-01 00:00:00+00'), count(*)::int
FROM "events" WHERE "received_at" > now() - interval '2 days' GROUP BY 1, 2;

INSERT INTO "issue_users" ("issue_id", "user_hash")
SELECT DISTINCT "issue_id", md5(k)::uuid FROM (
  SELECT "issue_id", CASE
    WHEN "user_context" ->> 'id' IS NOT NULL THEN left('id:' || ("user_context" ->> 'id'), 200)
    WHEN "user_context" ->> 'email' IS NOT NULL THEN left('email:' || lower("user_context" ->> 'email'), 200)
    WHEN "user_context" ->> 'ip_address' IS NOT NULL THEN left('ip:' || ("user_context" ->> 'ip_address'), 200)
  END AS k
  FROM "events" WHERE jsonb_typeof("user_context") = 'object'
) u WHERE k IS NOT NULL;

INSERT INTO "issue_user_counts" ("issue_id", "users")
SELECT "issue_id", count(*)::int FROM "issue_users" GROUP BY 1;

CREATE TEMP TABLE "backfill_tags" AS
SELECT "issue_id", key, value, count(*)::int AS n FROM (
  SELECT e."issue_id", left(t.key, 200) AS key, left(t.value, 200) AS value
  FROM "events" e, LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(e."tags") = 'object' THEN e."tags" ELSE '{}'::jsonb END) t
  WHERE NOT (t.key = 'environment' AND e."environment" IS NOT NULL) AND NOT (t.key = 'release' AND e."release" IS NOT NULL)
  UNION ALL SELECT "issue_id", 'environment', left("environment", 200) FROM "events" WHERE "environment" IS NOT NULL
  UNION ALL SELECT "issue_id", 'release', left("release", 200) FROM "events" WHERE "release" IS NOT NULL
) s GROUP BY 1, 2, 3;

-- At most 100 keys per issue (the most used) and 100 values per key (the most used, the rest count as "other").
CREATE TEMP TABLE "backfill_ranked" AS
SELECT b.*, row_number() OVER (PARTITION BY b."issue_id", b.key ORDER BY b.n DESC, b.value) AS vrank
FROM "backfill_tags" b
JOIN (
  SELECT "issue_id", key, row_number() OVER (PARTITION BY "issue_id" ORDER BY sum(n) DESC, key) AS krank
  FROM "backfill_tags" GROUP BY 1, 2
) k ON k."issue_id" = b."issue_id" AND k.key = b.key AND k.krank <= 100;

INSERT INTO "issue_tag_values" ("issue_id", "key", "value", "count")
SELECT "issue_id", key, value, n FROM "backfill_ranked" WHERE vrank <= 100;

INSERT INTO "issue_tag_keys" ("issue_id", "key", "events", "distinct_values", "other")
SELECT "issue_id", key, sum(n)::int, (count(*) FILTER (WHERE vrank <= 100))::int, coalesce(sum(n) FILTER (WHERE vrank > 100), 0)::int
FROM "backfill_ranked" GROUP BY 1, 2;
DROP TABLE "backfill_ranked", "backfill_tags";
