-- Source maps and minified files per release (artifact bundles from sentry-cli or our upload API),
-- and the chunks of bundles being uploaded.

CREATE TABLE "source_files" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "project_id" TEXT NOT NULL,
    "release_id" TEXT,
    "url" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "debug_id" TEXT,
    "sourcemap_url" TEXT,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "source_files_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "source_files_project_id_debug_id_type_idx" ON "source_files"("project_id", "debug_id", "type");
CREATE INDEX "source_files_release_id_url_idx" ON "source_files"("release_id", "url");
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The bytes, apart from the metadata rows (the storage interface in lib/sourcemaps/file-store.ts).
CREATE TABLE "source_file_contents" (
    "file_id" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    CONSTRAINT "source_file_contents_pkey" PRIMARY KEY ("file_id")
);
ALTER TABLE "source_file_contents" ADD CONSTRAINT "source_file_contents_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "source_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "upload_chunks" (
    "org_id" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "upload_chunks_pkey" PRIMARY KEY ("org_id", "checksum")
);
CREATE INDEX "upload_chunks_created_at_idx" ON "upload_chunks"("created_at");
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
