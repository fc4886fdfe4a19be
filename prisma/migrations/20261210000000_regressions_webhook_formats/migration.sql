-- Regressions made visible (#20): when a resolved issue reopened from an event, and "resolve in next release"
-- (the release that was the project's latest when the issue was resolved, and that release's creation time:
-- only an event of a release created after it reopens the issue). Alert rules gain the REGRESSION type and a
-- webhook body format. Existing issues are not regressed and existing rules keep the JSON body.
-- No semicolon may appear in a comment (the migration runner splits on them).

ALTER TABLE "issues" ADD COLUMN "regressed_at" TIMESTAMPTZ(3),
    ADD COLUMN "resolved_in_release" TEXT,
    ADD COLUMN "resolved_in_release_at" TIMESTAMPTZ(3);

ALTER TYPE "alert_type" ADD VALUE 'REGRESSION';

CREATE TYPE "webhook_format" AS ENUM ('json', 'slack', 'discord');
ALTER TABLE "alert_rules" ADD COLUMN "webhook_format" "webhook_format" NOT NULL DEFAULT 'json';
