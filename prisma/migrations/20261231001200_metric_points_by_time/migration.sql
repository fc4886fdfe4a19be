-- #61: raw metric points by project and time, newest first. The metrics API reads raw points newest first (the
-- latest points of a metric, of a user, of a trace). The (series, timestamp) index gave them in series order, so
-- every such read sorted the whole time range (seconds over a day of points). This index walks the points of a
-- project from the newest and stops at the page (lib/metrics-store/read-points.ts, plans in docs/benchmarks.md).
CREATE INDEX "metric_points_project_timestamp_idx" ON "metric_points"("project", "timestamp");
