-- #48: the organization's audit log. Who (a user, an API token or the system, kept as a label too: a removed member
-- still reads as who they were), what (an action and its target), from where (address, user agent), what changed.
-- Written in the same transaction as the action it records.
CREATE TABLE "audit_log" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "org_id" TEXT NOT NULL,
  "actor_type" TEXT NOT NULL,
  "actor_id" TEXT,
  "actor_label" TEXT,
  "action" TEXT NOT NULL,
  "target_type" TEXT,
  "target_id" TEXT,
  "target_label" TEXT,
  "ip_address" TEXT,
  "user_agent" TEXT,
  "changes" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "audit_log_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "audit_log_org_id_created_at_idx" ON "audit_log"("org_id", "created_at" DESC);
CREATE INDEX "audit_log_org_id_action_created_at_idx" ON "audit_log"("org_id", "action", "created_at" DESC);
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");
