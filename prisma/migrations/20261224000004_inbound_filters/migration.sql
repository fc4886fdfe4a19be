-- #30: inbound filters per project (read with the ingest key) and the fingerprints "delete and discard" drops.
ALTER TABLE "projects" ADD COLUMN "inbound_filters" JSONB NOT NULL DEFAULT '{}';

CREATE TABLE "discarded_fingerprints" (
  "project_id" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "discarded_by" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "discarded_fingerprints_pkey" PRIMARY KEY ("project_id", "fingerprint"),
  CONSTRAINT "discarded_fingerprints_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
