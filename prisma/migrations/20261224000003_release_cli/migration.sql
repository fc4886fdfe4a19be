-- #29: the release flow sentry-cli drives (new, finalize, set-commits, deploys) and upload diagnostics.
ALTER TABLE "releases" ADD COLUMN "date_released" TIMESTAMPTZ(3), ADD COLUMN "url" TEXT;

CREATE TABLE "release_commits" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "release_id" TEXT NOT NULL,
  "position" INTEGER NOT NULL,
  "sha" TEXT NOT NULL,
  "repository" TEXT,
  "author_name" TEXT,
  "author_email" TEXT,
  "message" TEXT,
  "committed_at" TIMESTAMPTZ(3),
  "files" JSONB NOT NULL DEFAULT '[]',
  CONSTRAINT "release_commits_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "release_commits_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "release_commits_release_id_position_key" ON "release_commits"("release_id", "position");

CREATE TABLE "release_deploys" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "release_id" TEXT NOT NULL,
  "environment" TEXT NOT NULL,
  "name" TEXT,
  "url" TEXT,
  "date_started" TIMESTAMPTZ(3),
  "date_finished" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "release_deploys_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "release_deploys_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "release_deploys_release_id_date_finished_idx" ON "release_deploys"("release_id", "date_finished" DESC);

-- Why an uploaded artifact cannot be used (a map that does not parse), shown with the release's artifacts.
ALTER TABLE "source_files" ADD COLUMN "problem" TEXT;
