-- Integrations (#64): an organization's connections to issue trackers (later chat and paging), where each project's
-- tickets go, code mappings for links to the code, the tickets linked to issues, every outbound call in a delivery
-- log, and the inbound webhook deliveries already applied (a replay changes nothing).
CREATE TABLE "integrations" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "org_id" TEXT NOT NULL,
  "provider" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "config" JSONB NOT NULL DEFAULT '{}',
  "secrets" TEXT NOT NULL,
  "key_id" TEXT NOT NULL,
  "created_by_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "integrations_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "integrations_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "integrations_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "integrations_org_id_name_key" ON "integrations"("org_id", "name");
CREATE INDEX "integrations_org_id_created_at_idx" ON "integrations"("org_id", "created_at");

CREATE TABLE "integration_projects" (
  "integration_id" TEXT NOT NULL,
  "project_id" TEXT NOT NULL,
  "config" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "integration_projects_pkey" PRIMARY KEY ("integration_id", "project_id"),
  CONSTRAINT "integration_projects_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "integration_projects_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "integration_projects_project_id_idx" ON "integration_projects"("project_id");

CREATE TABLE "code_mappings" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "integration_id" TEXT NOT NULL,
  "stack_root" TEXT NOT NULL DEFAULT '',
  "source_root" TEXT NOT NULL DEFAULT '',
  "repository" TEXT NOT NULL,
  "default_branch" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "code_mappings_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "code_mappings_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "code_mappings_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "code_mappings_project_id_created_at_idx" ON "code_mappings"("project_id", "created_at");
CREATE INDEX "code_mappings_integration_id_idx" ON "code_mappings"("integration_id");

CREATE TABLE "external_issues" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "integration_id" TEXT NOT NULL,
  "issue_id" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "external_id" TEXT,
  "key" TEXT,
  "url" TEXT,
  "title" TEXT,
  "state" TEXT,
  "error" TEXT,
  "created_by_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "external_issues_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "external_issues_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "external_issues_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "external_issues_issue_id_integration_id_key" ON "external_issues"("issue_id", "integration_id");
CREATE UNIQUE INDEX "external_issues_integration_id_external_id_key" ON "external_issues"("integration_id", "external_id");

CREATE TABLE "integration_deliveries" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "integration_id" TEXT NOT NULL,
  "action" TEXT NOT NULL,
  "issue_id" TEXT,
  "target" TEXT,
  "request" JSONB,
  "response_status" INTEGER,
  "success" BOOLEAN NOT NULL,
  "error" TEXT,
  "attempt" INTEGER NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "integration_deliveries_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "integration_deliveries_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "integration_deliveries_integration_id_created_at_idx" ON "integration_deliveries"("integration_id", "created_at" DESC);

CREATE TABLE "integration_webhook_receipts" (
  "integration_id" TEXT NOT NULL,
  "delivery_id" TEXT NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "integration_webhook_receipts_pkey" PRIMARY KEY ("integration_id", "delivery_id"),
  CONSTRAINT "integration_webhook_receipts_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "integration_webhook_receipts_received_at_idx" ON "integration_webhook_receipts"("received_at");

-- An alert rule may also create a ticket for the issue it fired for.
ALTER TABLE "alert_rules" ADD COLUMN "ticket_integration_id" TEXT;
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_ticket_integration_id_fkey" FOREIGN KEY ("ticket_integration_id") REFERENCES "integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
