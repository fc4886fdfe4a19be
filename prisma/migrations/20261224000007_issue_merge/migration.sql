-- #30: merged issues. A merged issue's fingerprint points at the issue it went into, so its later events land there.
CREATE TABLE "issue_fingerprint_aliases" (
  "project_id" TEXT NOT NULL,
  "fingerprint" TEXT NOT NULL,
  "issue_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "issue_fingerprint_aliases_pkey" PRIMARY KEY ("project_id", "fingerprint"),
  CONSTRAINT "issue_fingerprint_aliases_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "issue_fingerprint_aliases_issue_id_idx" ON "issue_fingerprint_aliases"("issue_id");
ALTER TYPE "issue_activity_type" ADD VALUE 'MERGED';
