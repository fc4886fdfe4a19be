-- #62: stored spans by project and receipt time. Every read of one project's spans over a range (Explore, metric
-- alert rules each minute, Insights) read every row of the range's day partitions, all projects', and dropped the
-- others' before unnesting: a 5-minute rule read a day of spans. One index entry per stored row (a transaction and
-- its spans), not per span. bench:alerts: docs/benchmarks.md.
CREATE INDEX "spans_project_received_at_idx" ON "spans"("project", "received_at");
