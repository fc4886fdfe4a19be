-- #61: saved Explore queries, shared in their organization (lib/explore/saved-queries.ts). The query is the value
-- lib/zod/explore.ts checks, kept as sent after its check, and a creator who leaves has their queries stay, unattributed.
CREATE TABLE "explore_saved_queries" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "org_id" TEXT NOT NULL,
  "created_by_id" TEXT,
  "name" TEXT NOT NULL,
  "query" JSONB NOT NULL,
  "chart" TEXT NOT NULL DEFAULT 'line',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "explore_saved_queries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "explore_saved_queries_org_id_updated_at_idx" ON "explore_saved_queries"("org_id", "updated_at" DESC);
CREATE INDEX "explore_saved_queries_created_by_id_idx" ON "explore_saved_queries"("created_by_id");
ALTER TABLE "explore_saved_queries" ADD CONSTRAINT "explore_saved_queries_org_id_fkey" FOREIGN KEY ("org_id")
  REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "explore_saved_queries" ADD CONSTRAINT "explore_saved_queries_created_by_id_fkey" FOREIGN KEY ("created_by_id")
  REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
