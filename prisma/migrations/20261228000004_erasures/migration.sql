-- #48: erasing one end user's data across an organization's projects, run as a background job (docs/erasure.md).
-- The identifier is kept only while the job runs, value_hash stays so an erasure can be recognised later.
CREATE TABLE "erasures" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "org_id" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "value" TEXT,
  "value_hash" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'queued',
  "progress" JSONB NOT NULL DEFAULT '{}',
  "removed" JSONB NOT NULL DEFAULT '{}',
  "report" JSONB,
  "error" TEXT,
  "requested_by_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  CONSTRAINT "erasures_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "erasures_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "erasures_org_id_created_at_idx" ON "erasures"("org_id", "created_at" DESC);
