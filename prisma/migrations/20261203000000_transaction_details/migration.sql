-- Transactions keep their environment, release and trace id (the transaction page's environment filter and
-- slowest samples). IF NOT EXISTS: #20 may add the same environment column, and whichever lands second is a no-op.
ALTER TABLE "transactions" ADD COLUMN IF NOT EXISTS "environment" TEXT;
ALTER TABLE "transactions" ADD COLUMN IF NOT EXISTS "release" TEXT;
ALTER TABLE "transactions" ADD COLUMN IF NOT EXISTS "trace_id" TEXT;

-- One transaction's rows in a time range, in order, without touching the heap for the page's counts and
-- percentiles (an index-only scan on each day's partition, received_at included for the window's partition bound).
CREATE INDEX IF NOT EXISTS "transactions_project_id_name_timestamp_idx" ON "transactions"("project_id", "name", "timestamp" DESC) INCLUDE ("duration", "status", "environment", "received_at");
