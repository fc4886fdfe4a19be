-- #34: every span of a trace, and Sentry logs, partitioned by day of receipt like events and transactions (the
-- partition job makes their daily partitions). Traces are found by trace id across an organization's projects:
-- transactions and error events get an index on it too
CREATE TABLE "spans" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "trace_id" TEXT NOT NULL,
  "span_id" TEXT NOT NULL,
  "parent_span_id" TEXT,
  "segment_id" TEXT NOT NULL,
  "transaction" TEXT NOT NULL,
  "op" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "group" TEXT NOT NULL,
  "status" TEXT,
  "start" TIMESTAMPTZ(3) NOT NULL,
  "duration" DOUBLE PRECISION NOT NULL,
  "is_segment" BOOLEAN NOT NULL DEFAULT false,
  "data" JSONB,
  "environment" TEXT,
  "release" TEXT,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "spans_pkey" PRIMARY KEY ("id", "received_at")
) PARTITION BY RANGE ("received_at");
CREATE INDEX "spans_project_id_trace_id_idx" ON "spans"("project_id", "trace_id");
CREATE INDEX "spans_project_id_transaction_received_at_idx" ON "spans"("project_id", "transaction", "received_at");
ALTER TABLE "spans" ADD CONSTRAINT "spans_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "spans_default" PARTITION OF "spans" DEFAULT;

CREATE TABLE "logs" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "timestamp" TIMESTAMPTZ(3) NOT NULL,
  "level" TEXT NOT NULL,
  "severity_number" INTEGER,
  "body" TEXT NOT NULL,
  "template" TEXT,
  "attributes" JSONB,
  "trace_id" TEXT,
  "span_id" TEXT,
  "environment" TEXT,
  "release" TEXT,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "logs_pkey" PRIMARY KEY ("id", "received_at")
) PARTITION BY RANGE ("received_at");
CREATE INDEX "logs_project_id_timestamp_idx" ON "logs"("project_id", "timestamp" DESC);
CREATE INDEX "logs_project_id_trace_id_idx" ON "logs"("project_id", "trace_id");
ALTER TABLE "logs" ADD CONSTRAINT "logs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "logs_default" PARTITION OF "logs" DEFAULT;

CREATE INDEX "transactions_trace_id_idx" ON "transactions"("trace_id");
CREATE INDEX "events_trace_id_idx" ON "events"((("contexts" -> 'trace') ->> 'trace_id'));
