-- Ownership rules and CODEOWNERS files of a project (#49): who owns an issue, and whom a new one is assigned to.
CREATE TABLE "project_ownership" (
  "project_id" TEXT NOT NULL,
  "raw" TEXT NOT NULL DEFAULT '',
  "auto_assignment" BOOLEAN NOT NULL DEFAULT true,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "project_ownership_pkey" PRIMARY KEY ("project_id"),
  CONSTRAINT "project_ownership_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "project_codeowners" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "project_id" TEXT NOT NULL,
  "raw" TEXT NOT NULL,
  "stack_root" TEXT NOT NULL DEFAULT '',
  "source_root" TEXT NOT NULL DEFAULT '',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "project_codeowners_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "project_codeowners_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "project_ownership"("project_id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "project_codeowners_project_id_created_at_idx" ON "project_codeowners"("project_id", "created_at");
