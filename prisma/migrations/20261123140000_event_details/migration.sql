-- Sentry fields beyond the spec (logger, sdk, logentry, exception chain, extra, modules…) for the event page.
ALTER TABLE "events" ADD COLUMN "details" JSONB;
