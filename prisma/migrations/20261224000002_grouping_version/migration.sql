-- Grouping versions (issue #28): projects that exist keep version 1, so their issues are never regrouped;
-- projects created from now on use version 2 (messages with a stack, source lines of non-JavaScript frames).
ALTER TABLE "projects" ADD COLUMN "grouping_version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "projects" ALTER COLUMN "grouping_version" SET DEFAULT 2;
