-- #61: OTLP histogram points by series and time. Explore answers a recent metrics query that would read a sample of
-- millions of points from the per-minute rollups instead (lib/explore/metric-recent.ts), unless a histogram point is
-- among the metric's points in range (its rollup counts its measurements, the points count it once). This partial
-- index answers that in one probe per series: it holds histogram points only (OTLP histograms, not Sentry.metrics
-- distributions), so writing any other point costs nothing more.
CREATE INDEX "metric_points_histograms_idx" ON "metric_points"("series", "timestamp") WHERE "histogram" IS NOT NULL;
