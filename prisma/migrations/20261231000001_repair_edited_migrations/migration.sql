-- Three migrations were edited after they were committed, before 1.0.0 (0427b66, 9c50655, b853fee). A database that
-- applied their first text lacks what the edits changed: the same end state here, each statement idempotent and
-- cheap (a table setting, an index on the small profiles table). The transactions index of 0427b66 (received_at
-- included) is left as it is: rebuilding it on a large table is not worth a few milliseconds on one page.
ALTER TABLE "issue_tag_keys" RESET (fillfactor);
ALTER TABLE "issue_user_counts" RESET (fillfactor);
ALTER TABLE "profile_function_hours" SET (fillfactor = 50);
CREATE INDEX IF NOT EXISTS "profiles_project_id_transaction_started_at_idx" ON "profiles"("project_id", "transaction", "started_at" DESC) WHERE "kind" = 'transaction';
