-- Performance issues (#62): each project's detector switches and thresholds (lib/performance-issues/types.ts
-- performanceSettingsOf), read with its ingest key. Empty: Sentry's defaults.
ALTER TABLE "projects" ADD COLUMN "performance_issues" JSONB NOT NULL DEFAULT '{}';
