-- Teams: memberships with roles, invites, the session's active organization, issue assignment,
-- comments and the per-issue activity timeline.

CREATE TYPE "member_role" AS ENUM ('OWNER', 'ADMIN', 'MEMBER');
CREATE TYPE "issue_activity_type" AS ENUM ('STATUS', 'ASSIGNED', 'REGRESSED', 'COMMENT');

CREATE TABLE "memberships" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "org_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" "member_role" NOT NULL DEFAULT 'MEMBER',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "memberships_org_id_user_id_key" ON "memberships"("org_id", "user_id");
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing data: every user owns the organization they have today.
INSERT INTO "memberships" ("org_id", "user_id", "role", "created_at")
SELECT "org_id", "id", 'OWNER', "created_at" FROM "users" WHERE "org_id" IS NOT NULL;

ALTER TABLE "sessions" ADD COLUMN "active_org_id" TEXT;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_active_org_id_fkey" FOREIGN KEY ("active_org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "invites" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "org_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "member_role" NOT NULL DEFAULT 'MEMBER',
    "token_hash" TEXT NOT NULL,
    "invited_by_id" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by_id" TEXT,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites"("token_hash");
CREATE INDEX "invites_org_id_created_at_idx" ON "invites"("org_id", "created_at" DESC);
ALTER TABLE "invites" ADD CONSTRAINT "invites_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_id_fkey" FOREIGN KEY ("accepted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "issues" ADD COLUMN "assignee_id" TEXT;
CREATE INDEX "issues_assignee_id_idx" ON "issues"("assignee_id");
ALTER TABLE "issues" ADD CONSTRAINT "issues_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "issue_comments" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "issue_id" TEXT NOT NULL,
    "author_id" TEXT,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "issue_comments_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "issue_comments_issue_id_created_at_idx" ON "issue_comments"("issue_id", "created_at");
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "issue_activities" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "issue_id" TEXT NOT NULL,
    "actor_id" TEXT,
    "type" "issue_activity_type" NOT NULL,
    "from_status" "issue_status",
    "to_status" "issue_status",
    "assignee_id" TEXT,
    "comment_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "issue_activities_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "issue_activities_issue_id_created_at_idx" ON "issue_activities"("issue_id", "created_at");
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "issue_comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A regression (ingest turning a RESOLVED issue UNRESOLVED with a new event) is recorded by the
-- database itself, so the ingest statement stays as it is. A person reopening an issue does not
-- add an event, so it does not match.
-- The migration runner splits scripts on semicolons and does not know dollar quoting, so the body is
-- an E-string with octal 073 (the semicolon) as the statement terminator.
CREATE FUNCTION "record_issue_regression"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO "issue_activities" ("issue_id", "type", "from_status", "to_status", "created_at")
  VALUES (NEW."id", ''REGRESSED'', OLD."status", NEW."status", NEW."updated_at")\073
  RETURN NULL\073
END';
CREATE TRIGGER "issues_record_regression" AFTER UPDATE ON "issues" FOR EACH ROW
  WHEN (OLD."status" = 'RESOLVED' AND NEW."status" = 'UNRESOLVED' AND NEW."event_count" > OLD."event_count")
  EXECUTE FUNCTION "record_issue_regression"();
