// What a metric point is once read (#61): shared by ingest's metrics kind (lib/ingest/items/metrics), which writes it,
// the rollups it feeds, and the reads Explore calls (./read-metrics.ts). A leaf: it imports nothing.

/** A point's type, as Sentry's SDKs name them: OTLP sums, gauges and histograms land as one of these. */
export const METRIC_TYPES = ['counter', 'gauge', 'distribution'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** An OTLP histogram point's buckets, as sent (`count` and the extremes beside them; the sum is the point's value). */
export type Histogram =
  | {
      kind: 'explicit';
      count: number;
      min: number | null;
      max: number | null;
      /** explicit_bounds: bucket i holds (bounds[i-1], bounds[i]]; the last bucket everything above. */
      bounds: number[];
      counts: number[];
    }
  | {
      kind: 'exponential';
      count: number;
      min: number | null;
      max: number | null;
      /** Bucket i of `positive` holds (base^(offset+i), base^(offset+i+1)], base = 2^(2^-scale); `negative` mirrors it. */
      scale: number;
      zeroCount: number;
      zeroThreshold: number;
      positive: { offset: number; counts: number[] };
      negative: { offset: number; counts: number[] };
    };

/** What a rollup needs of a stored point. */
export type RollupPoint = {
  /** metric_series.id, as a decimal string (a signed 64-bit hash). */
  series: string;
  /** projects.number. */
  project: number;
  type: MetricType;
  timeMs: number;
  /** The value (a counter's increment, a gauge's reading, one measurement); a histogram's sum (null when not sent). */
  value: number | null;
  histogram: Histogram | null;
};
