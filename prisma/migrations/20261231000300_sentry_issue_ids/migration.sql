-- #63: Sentry's management API names issues by number (sentry-cli parses `--id` as an integer) and by short id
-- (`SHOP-1A`, the project's slug and the number in base 32). One global sequence: a new issue takes its number from
-- the column's default inside the ingest statement's insert, with no lock and no extra round trip. Existing issues
-- are numbered as the table is rewritten (in about the order they were stored): measured about five times faster
-- than numbering them with an UPDATE in creation order (300,000 issues: 11-13 s against 53-58 s on a loaded machine).
CREATE SEQUENCE "issues_number_seq" AS BIGINT;
ALTER TABLE "issues" ADD COLUMN "number" BIGINT NOT NULL DEFAULT nextval('issues_number_seq');
ALTER SEQUENCE "issues_number_seq" OWNED BY "issues"."number";
CREATE UNIQUE INDEX "issues_number_key" ON "issues"("number");

-- A person's bookmarks and when they last looked at an issue (Sentry's isBookmarked, hasSeen and seenBy).
CREATE TABLE "issue_bookmarks" (
  "issue_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "issue_bookmarks_pkey" PRIMARY KEY ("issue_id", "user_id")
);
CREATE INDEX "issue_bookmarks_user_id_idx" ON "issue_bookmarks"("user_id");
ALTER TABLE "issue_bookmarks" ADD CONSTRAINT "issue_bookmarks_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_bookmarks" ADD CONSTRAINT "issue_bookmarks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "issue_seen" (
  "issue_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "last_seen" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "issue_seen_pkey" PRIMARY KEY ("issue_id", "user_id")
);
CREATE INDEX "issue_seen_user_id_idx" ON "issue_seen"("user_id");
ALTER TABLE "issue_seen" ADD CONSTRAINT "issue_seen_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "issue_seen" ADD CONSTRAINT "issue_seen_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
