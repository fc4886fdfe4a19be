-- Organization API tokens (only the sha256 of a token is stored) and releases per project.

CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "org_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_hint" TEXT NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");
CREATE INDEX "api_tokens_org_id_created_at_idx" ON "api_tokens"("org_id", "created_at");
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "releases" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "project_id" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "first_event_at" TIMESTAMPTZ(3),
    "last_event_at" TIMESTAMPTZ(3),
    CONSTRAINT "releases_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "releases_project_id_version_key" ON "releases"("project_id", "version");
CREATE INDEX "releases_project_id_created_at_idx" ON "releases"("project_id", "created_at" DESC);
ALTER TABLE "releases" ADD CONSTRAINT "releases_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing data: a release for every version events already name.
INSERT INTO "releases" ("project_id", "version", "created_at", "first_event_at", "last_event_at")
SELECT "project_id", "release", MIN("received_at"), MIN("timestamp"), MAX("timestamp")
FROM "events" WHERE "release" IS NOT NULL AND "release" <> '' GROUP BY "project_id", "release";
