// What the metrics store offers its readers (#61): the typed reads a metrics dataset calls (Explore, the project's
// metrics API) and the sketch math for percentiles. Tables and functions: docs/metrics.md.
export { listMetrics, listMetricSeries, MAX_METRICS_LISTED, type MetricInfo, type SeriesInfo } from './list-metrics';
export {
  bucketQuantile,
  MAX_GROUP_BY,
  MAX_ROLLUP_BUCKETS,
  readMetricRollups,
  rollupResolution,
  type RollupBucket,
  type RollupQuery,
} from './read-rollups';
export { MAX_POINTS_PAGE, readMetricPoints, type MetricPointRow, type PointsQuery } from './read-points';
export type { AttributeFilter, MetricScope } from './query-sql';
export { SKETCH_ACCURACY, sketchQuantile, type Sketch } from './sketch';
export { METRIC_TYPES, type Histogram, type MetricType } from './types';
