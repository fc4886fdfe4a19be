-- Chat and paging integrations (#64): a Slack user linked to a member, so a button pressed in Slack acts as them.
CREATE TABLE "slack_user_links" (
    "integration_id" TEXT NOT NULL,
    "slack_user_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "slack_user_links_pkey" PRIMARY KEY ("integration_id", "slack_user_id")
);
CREATE INDEX "slack_user_links_user_id_idx" ON "slack_user_links"("user_id");
ALTER TABLE "slack_user_links" ADD CONSTRAINT "slack_user_links_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "slack_user_links" ADD CONSTRAINT "slack_user_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- A Slack workspace's interactions and events name its team id: found by it, in one organization only.
CREATE UNIQUE INDEX "integrations_slack_team_key" ON "integrations" ((config->>'teamId')) WHERE provider = 'slack';
-- Paging resolves what it triggered: the log's alert deliveries of an issue.
CREATE INDEX "integration_deliveries_issue_id_action_idx" ON "integration_deliveries"("issue_id", "action");
