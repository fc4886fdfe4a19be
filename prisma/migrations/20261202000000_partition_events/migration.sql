-- events and transactions become partitioned by day of receipt (received_at, UTC), so retention drops whole
-- days. A default partition catches rows of a day whose partition does not exist yet (the partition job moves
-- them when it creates that day). Partitions are named <table>_pYYYYMMDD. No semicolon may appear in a comment.

-- event_id de-duplication moves to its own table: a unique key on a partitioned table must include the
-- partition key, which would let a repeat on another day through.
CREATE TABLE "event_ids" (
    "project_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "event_ids_pkey" PRIMARY KEY ("project_id", "event_id")
);
CREATE INDEX "event_ids_received_at_idx" ON "event_ids"("received_at");
ALTER TABLE "event_ids" ADD CONSTRAINT "event_ids_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO "event_ids" ("project_id", "event_id", "received_at")
SELECT "project_id", "event_id", "received_at" FROM "events" WHERE "event_id" IS NOT NULL;

ALTER TABLE "events" RENAME TO "events_unpartitioned";
ALTER TABLE "events_unpartitioned" RENAME CONSTRAINT "events_pkey" TO "events_unpartitioned_pkey";
ALTER TABLE "events_unpartitioned" DROP CONSTRAINT "events_issue_id_fkey";
ALTER TABLE "events_unpartitioned" DROP CONSTRAINT "events_project_id_fkey";
DROP INDEX "events_issue_id_timestamp_id_idx";
DROP INDEX "events_project_id_received_at_idx";
DROP INDEX "events_timestamp_idx";
DROP INDEX "events_project_id_event_id_key";

CREATE TABLE "events" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "issue_id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "event_id" TEXT,
    "level" "level" NOT NULL,
    "message" TEXT NOT NULL,
    "stacktrace" JSONB,
    "contexts" JSONB,
    "tags" JSONB,
    "user_context" JSONB,
    "request" JSONB,
    "breadcrumbs" JSONB,
    "environment" TEXT,
    "release" TEXT,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "details" JSONB,
    CONSTRAINT "events_pkey" PRIMARY KEY ("id", "received_at")
) PARTITION BY RANGE ("received_at");
-- received_at rides along so a page's rows are fetched from their own partition (lib/events/list-events.ts).
CREATE INDEX "events_issue_id_timestamp_id_idx" ON "events"("issue_id", "timestamp" DESC, "id" DESC) INCLUDE ("received_at");
CREATE INDEX "events_project_id_received_at_idx" ON "events"("project_id", "received_at");
ALTER TABLE "events" ADD CONSTRAINT "events_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;

ALTER TABLE "transactions" RENAME TO "transactions_unpartitioned";
ALTER TABLE "transactions_unpartitioned" RENAME CONSTRAINT "transactions_pkey" TO "transactions_unpartitioned_pkey";
ALTER TABLE "transactions_unpartitioned" DROP CONSTRAINT "transactions_project_id_fkey";
DROP INDEX "transactions_project_id_timestamp_idx";
DROP INDEX "transactions_timestamp_idx";

CREATE TABLE "transactions" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "project_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "duration" DOUBLE PRECISION NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "lcp" DOUBLE PRECISION,
    "cls" DOUBLE PRECISION,
    "fcp" DOUBLE PRECISION,
    "ttfb" DOUBLE PRECISION,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id", "received_at")
) PARTITION BY RANGE ("received_at");
CREATE INDEX "transactions_project_id_timestamp_idx" ON "transactions"("project_id", "timestamp" DESC);
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "transactions_default" PARTITION OF "transactions" DEFAULT;

-- Existing rows go to the default partitions first. The partition job (lib/retention/partitions.ts, run at
-- every start and hourly) then creates each day's partition from the oldest retained day onward and moves
-- that day's rows into it (the migration runner splits scripts on semicolons, so no PL/pgSQL loop here).
INSERT INTO "events" SELECT "id", "issue_id", "project_id", "event_id", "level", "message", "stacktrace", "contexts", "tags",
  "user_context", "request", "breadcrumbs", "environment", "release", "timestamp", "received_at", "details" FROM "events_unpartitioned";
INSERT INTO "transactions" SELECT "id", "project_id", "name", "duration", "status", "lcp", "cls", "fcp", "ttfb", "timestamp", "received_at"
FROM "transactions_unpartitioned";
DROP TABLE "events_unpartitioned";
DROP TABLE "transactions_unpartitioned";
