-- Privacy settings (issue #26): scrubbing at ingest is on by default for every project, new and existing.
ALTER TABLE "organizations" ADD COLUMN "require_scrubbing" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "projects"
  ADD COLUMN "scrub_defaults" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "sensitive_fields" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "safe_fields" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "scrub_ip_addresses" BOOLEAN NOT NULL DEFAULT false;
