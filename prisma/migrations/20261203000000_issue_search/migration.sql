-- Issue search (#20): free text by trigram, tag and user filters from the rollups, sorts, environments in Performance.

-- Trigram matching for the free-text search over title and culprit (a contrib extension shipped with PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "issues_search_trgm_idx" ON "issues" USING gin (("title" || ' ' || coalesce("culprit", '')) gin_trgm_ops);

-- Sorts by first seen and by events, within a project.
CREATE INDEX "issues_project_id_first_seen_idx" ON "issues"("project_id", "first_seen" DESC);
CREATE INDEX "issues_project_id_event_count_idx" ON "issues"("project_id", "event_count" DESC);

-- A tag filter (key:value, environment:, release:) starts from the issues carrying the value.
CREATE INDEX "issue_tag_values_key_value_idx" ON "issue_tag_values"("key", "value");

-- A user filter starts from the issues that user hit.
CREATE INDEX "issue_users_user_hash_idx" ON "issue_users"("user_hash");

-- Performance per environment: the transaction's environment (null when the client sent none).
ALTER TABLE "transactions" ADD COLUMN IF NOT EXISTS "environment" TEXT;
