-- Free-text search text apart from the issues ingest updates with every batch.

-- The free-text search's trigram index moves off `issues`: every ingest batch updates its issues' counters, and a
-- non-HOT update of a row adds an entry to each of the row's indexes, the GIN one (some 30 trigrams per title) the
-- dearest of them. An issue's title and culprit are fixed at its creation, so their search text is written once,
-- by a trigger on insert (ingest, seeds and tests alike), and updated only if a title or culprit ever changes.
CREATE TABLE "issue_search" (
    "issue_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "issue_search_pkey" PRIMARY KEY ("issue_id"),
    CONSTRAINT "issue_search_issue_id_fkey" FOREIGN KEY ("issue_id") REFERENCES "issues"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "issue_search" ("issue_id", "text") SELECT "id", "title" || ' ' || coalesce("culprit", '') FROM "issues";
CREATE INDEX "issue_search_text_trgm_idx" ON "issue_search" USING gin ("text" gin_trgm_ops);
DROP INDEX IF EXISTS "issues_search_trgm_idx";

-- (An E-string with octal 073 for its semicolons: the migration runner splits scripts on semicolons.)
CREATE FUNCTION "issue_search_text"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO "issue_search" ("issue_id", "text") VALUES (NEW."id", NEW."title" || '' '' || coalesce(NEW."culprit", ''''))
  ON CONFLICT ("issue_id") DO UPDATE SET "text" = EXCLUDED."text"\073
  RETURN NULL\073
END';
CREATE TRIGGER "issues_search_text_insert" AFTER INSERT ON "issues" FOR EACH ROW EXECUTE FUNCTION "issue_search_text"();
CREATE TRIGGER "issues_search_text_update" AFTER UPDATE OF "title", "culprit" ON "issues" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."culprit" IS DISTINCT FROM NEW."culprit") EXECUTE FUNCTION "issue_search_text"();
