-- Teams (#49): groups of an organization's members, with the projects they look after. An issue, an alert rule and
-- an ownership rule can name a team as well as a person.
CREATE TABLE "teams" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "org_id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "slug" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "teams_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "teams_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "teams_org_id_slug_key" ON "teams"("org_id", "slug");

CREATE TABLE "team_members" (
  "team_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "team_members_pkey" PRIMARY KEY ("team_id", "user_id"),
  CONSTRAINT "team_members_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "team_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "team_members_user_id_idx" ON "team_members"("user_id");

CREATE TABLE "team_projects" (
  "team_id" TEXT NOT NULL,
  "project_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "team_projects_pkey" PRIMARY KEY ("team_id", "project_id"),
  CONSTRAINT "team_projects_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "team_projects_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "team_projects_project_id_idx" ON "team_projects"("project_id");

-- An issue is assigned to a person or to a team, never both.
ALTER TABLE "issues" ADD COLUMN "assigned_team_id" TEXT;
ALTER TABLE "issues" ADD CONSTRAINT "issues_assigned_team_id_fkey" FOREIGN KEY ("assigned_team_id") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "issues_assigned_team_id_idx" ON "issues"("assigned_team_id");

-- An assignment's team, and why it was made when nobody made it by hand (an ownership rule, a suspect commit).
ALTER TABLE "issue_activities" ADD COLUMN "assignee_team_id" TEXT;
ALTER TABLE "issue_activities" ADD COLUMN "details" JSONB;
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_assignee_team_id_fkey" FOREIGN KEY ("assignee_team_id") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Whom an alert rule notifies beside its email address and webhook: the issue's owners, a team or a member.
ALTER TABLE "alert_rules" ADD COLUMN "target_type" TEXT;
ALTER TABLE "alert_rules" ADD COLUMN "target_team_id" TEXT;
ALTER TABLE "alert_rules" ADD COLUMN "target_user_id" TEXT;
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_target_team_id_fkey" FOREIGN KEY ("target_team_id") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
