// OTLP metrics (#61) as the metrics kind's points, one per data point:
// - a gauge's points are gauges;
// - a monotonic sum is a counter: delta points as sent, cumulative ones stored as what they added since the stream's
//   previous point (lib/ingest/items/metrics/cumulative.ts);
// - a non-monotonic sum (an UpDownCounter) is a level when cumulative, stored as a gauge of that level, and a change
//   when delta, stored as a counter whose sum is the net change;
// - histograms and exponential histograms are distributions with their count, sum, extremes and buckets (cumulative
//   ones as what they added), whose buckets feed the rollups' percentiles;
// - summaries (quantiles that cannot be merged) are counted as unsupported, not stored.
// A point's attributes are its own and its resource's (without `process.*` and `telemetry.*`, which name a process,
// not what is measured); `service.version` is also `sentry.release` and `deployment.environment(.name)`
// `sentry.environment`, as for logs. What cannot be stored is returned counted with why, for partialSuccess.
import { createHash } from 'node:crypto';
import type { AnyValue, OtlpAttributes } from '@/lib/envelope/otlp/decode';
import {
  FLAG_NO_RECORDED_VALUE,
  TEMPORALITY,
  type OtlpDataPoint,
  type OtlpMetric,
  type OtlpResourceMetrics,
} from '@/lib/envelope/otlp/decode-metrics';
import {
  finiteValue,
  metricAttributes,
  metricName,
  metricUnit,
  pointTime,
  refusalReason,
  SeriesSets,
  type MetricItem,
  type MetricPoint,
  type PointRefusal,
} from '@/lib/ingest/items/metrics';
import type { Histogram, MetricType } from '@/lib/metrics-store/types';

/** The most data points a request stores; the rest are counted past the cap. */
export const MAX_DATA_POINTS = 5000;

/** A refusal of some data points: invalid (a field), unsupported (summaries) or filtered (no recorded value). */
export type PointsRefused = { outcome: 'invalid' | 'unsupported' | 'filtered'; reason: string; quantity: number };

const str = (v: AnyValue | undefined) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : null);
const counts = (v: number[] | undefined) => (v ?? []).every((c) => Number.isFinite(c) && c >= 0);
const extreme = (v: number | null | undefined) => (v !== null && v !== undefined && Number.isFinite(v) ? v : null);

/** The attributes every point of a resource carries. */
function resourceAttributes(resource: OtlpAttributes): OtlpAttributes {
  const out: OtlpAttributes = {};
  for (const [k, v] of Object.entries(resource))
    if (!k.startsWith('process.') && !k.startsWith('telemetry.')) out[k] = v;
  const env = str(resource['deployment.environment.name']) ?? str(resource['deployment.environment']);
  const release = str(resource['service.version']);
  if (env) out['sentry.environment'] = env;
  if (release) out['sentry.release'] = release;
  return out;
}

/** The point's type, and whether it is part of a cumulative stream to store as differences. */
function typeOf(m: OtlpMetric): { type: MetricType; cumulative: boolean } | null {
  const cumulative = m.temporality === TEMPORALITY.CUMULATIVE;
  if (m.kind === 'gauge') return { type: 'gauge', cumulative: false };
  if (m.kind === 'sum')
    return m.monotonic
      ? { type: 'counter', cumulative }
      : { type: cumulative ? 'gauge' : 'counter', cumulative: false };
  if (m.kind === 'histogram' || m.kind === 'exponential_histogram') return { type: 'distribution', cumulative };
  return null;
}

function histogramOf(m: OtlpMetric, p: OtlpDataPoint): Histogram | PointRefusal {
  const base = { count: p.count ?? NaN, min: extreme(p.min), max: extreme(p.max) };
  if (!Number.isFinite(base.count) || base.count < 0) return 'value';
  if (m.kind === 'histogram') {
    const bounds = p.bounds ?? [];
    const c = p.counts ?? [];
    if (!counts(c) || !bounds.every(Number.isFinite) || (c.length > 0 && c.length !== bounds.length + 1))
      return 'value';
    return { kind: 'explicit', ...base, bounds, counts: c };
  }
  const side = (s: { offset: number; counts: number[] } | undefined) => ({
    offset: s?.offset ?? 0,
    counts: s?.counts ?? [],
  });
  const positive = side(p.positive);
  const negative = side(p.negative);
  const scale = p.scale ?? 0;
  if (!Number.isInteger(scale) || scale < -10 || scale > 20) return 'value';
  if (!counts(positive.counts) || !counts(negative.counts) || !Number.isInteger(positive.offset + negative.offset))
    return 'value';
  return {
    kind: 'exponential',
    ...base,
    scale,
    zeroCount: Number.isFinite(p.zeroCount) ? (p.zeroCount ?? 0) : 0,
    zeroThreshold: Number.isFinite(p.zeroThreshold) ? (p.zeroThreshold ?? 0) : 0,
    positive,
    negative,
  };
}

/** The identity of a cumulative stream: everything OpenTelemetry names it by (its process's resource included). */
function streamOf(resource: OtlpAttributes, m: OtlpMetric, p: OtlpDataPoint): string {
  const key = JSON.stringify([resource, m.scope, m.name, m.kind, m.unit, p.attributes]);
  return createHash('md5').update(key).digest().readBigInt64BE(0).toString();
}

type Context = { resource: OtlpAttributes; shared: OtlpAttributes; nowMs: number; sets: SeriesSets };

function pointOf(r: Context, m: OtlpMetric, p: OtlpDataPoint): MetricPoint | PointRefusal {
  const name = metricName(m.name);
  if (name === null) return 'name';
  const t = typeOf(m)!;
  const unit = metricUnit(m.unit);
  if (unit === null) return 'unit';
  const timestampMs = pointTime(p.timeMs, r.nowMs);
  if (timestampMs === null) return 'timestamp';
  let histogram: Histogram | null = null;
  if (t.type === 'distribution') {
    const h = histogramOf(m, p);
    if (typeof h === 'string') return h;
    histogram = h;
    if (p.value !== null && !finiteValue(p.value)) return 'value';
  } else if (!finiteValue(p.value)) return 'value';
  const attributes = metricAttributes({ ...r.shared, ...p.attributes });
  if (attributes === 'refused') return 'attributes';
  const startMs = Number.isFinite(p.startMs) ? p.startMs : 0;
  const { set, own } = r.sets.add(attributes);
  return {
    name,
    type: t.type,
    unit,
    timestampMs,
    traceId: null,
    spanId: null,
    value: p.value,
    set,
    own,
    histogram,
    cumulative: t.cumulative ? { stream: streamOf(r.resource, m, p), startMs } : null,
  };
}

/** The points of the data points sent, and what was refused (with why). */
export function mapOtlpMetrics(
  batches: OtlpResourceMetrics[],
  nowMs: number,
): { item: MetricItem; refused: PointsRefused[] } {
  const points: MetricPoint[] = [];
  const sets = new SeriesSets();
  const tally = new Map<string, PointsRefused>();
  const refuse = (outcome: PointsRefused['outcome'], reason: string, n = 1) => {
    const key = `${outcome}:${reason}`;
    const r = tally.get(key) ?? { outcome, reason, quantity: 0 };
    r.quantity += n;
    tally.set(key, r);
  };
  for (const { resource, metrics } of batches) {
    const r: Context = { resource, shared: resourceAttributes(resource), nowMs, sets };
    for (const m of metrics) {
      if (m.kind === 'summary') {
        refuse('unsupported', 'summary', m.points.length);
        continue;
      }
      for (const p of m.points) {
        if (points.length >= MAX_DATA_POINTS) refuse('invalid', 'unusable_or_over_cap');
        else if (p.flags & FLAG_NO_RECORDED_VALUE) refuse('filtered', 'no_recorded_value');
        else {
          const point = pointOf(r, m, p);
          if (typeof point === 'string') refuse('invalid', refusalReason(point));
          else points.push(point);
        }
      }
    }
  }
  return { item: { points, sets: sets.sets, made: sets.made }, refused: [...tally.values()] };
}
