-- Suspect commits (#49): assign a new issue to the author of its top suspect commit when that person is a member
-- of the organization. Off by default: a project turns it on.
ALTER TABLE "projects" ADD COLUMN "suspect_commit_auto_assign" BOOLEAN NOT NULL DEFAULT false;
