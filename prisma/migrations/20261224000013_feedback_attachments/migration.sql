-- #33: user feedback (widget, captureFeedback, user_report, the crash-report dialog) and attachments with their
-- bytes in attachment_blobs (the default store)
CREATE TABLE "feedback" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "event_id" TEXT NOT NULL,
  "associated_event_id" TEXT,
  "issue_id" TEXT,
  "message" TEXT NOT NULL,
  "name" TEXT,
  "email" TEXT,
  "url" TEXT,
  "source" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'new',
  "assignee_id" TEXT,
  "contexts" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "feedback_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "feedback_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "feedback_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "feedback_project_id_event_id_key" ON "feedback"("project_id", "event_id");
CREATE INDEX "feedback_project_id_status_created_at_idx" ON "feedback"("project_id", "status", "created_at" DESC);
CREATE INDEX "feedback_project_id_associated_event_id_idx" ON "feedback"("project_id", "associated_event_id");
CREATE INDEX "feedback_issue_id_idx" ON "feedback"("issue_id");

CREATE TABLE "attachments" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "event_id" TEXT NOT NULL,
  "filename" TEXT NOT NULL,
  "content_type" TEXT NOT NULL,
  "attachment_type" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "storage" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "attachments_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "attachments_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "attachments_project_id_event_id_idx" ON "attachments"("project_id", "event_id");
CREATE INDEX "attachments_created_at_idx" ON "attachments"("created_at");

CREATE TABLE "attachment_blobs" (
  "attachment_id" TEXT NOT NULL,
  "data" BYTEA NOT NULL,
  CONSTRAINT "attachment_blobs_pkey" PRIMARY KEY ("attachment_id"),
  CONSTRAINT "attachment_blobs_attachment_id_fkey" FOREIGN KEY ("attachment_id") REFERENCES "attachments"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
ALTER TABLE "projects" ADD COLUMN "notify_feedback" BOOLEAN NOT NULL DEFAULT false;
