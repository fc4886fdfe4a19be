-- #30: a rate limit per key (events per minute, set in the UI) and spike protection per project.
ALTER TABLE "project_keys" ADD COLUMN "rate_limit_per_minute" INTEGER;
ALTER TABLE "projects" ADD COLUMN "spike_protection" BOOLEAN NOT NULL DEFAULT true, ADD COLUMN "spike_notified_at" TIMESTAMPTZ(3);
