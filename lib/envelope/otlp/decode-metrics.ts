// OTLP metrics (#61) into one plain shape, from an ExportMetricsServiceRequest decoded from JSON or protobuf
// (./decode.ts): per resource, each metric's name, unit, kind (gauge, sum, histogram, exponential histogram,
// summary), a sum's monotonicity, the temporality, the instrumentation scope, and its data points: attributes,
// start and time, the value (asDouble or asInt, 64-bit integers as strings or numbers), a histogram's count, sum,
// extremes and buckets. Values are read, not judged: the metrics kind decides what can be stored.
import { arr, attributes, field, isObj, nanosToMs, type Depth, type Obj, type OtlpAttributes } from './values';

export type OtlpMetricKind = 'gauge' | 'sum' | 'histogram' | 'exponential_histogram' | 'summary';
/** AggregationTemporality: 1 delta, 2 cumulative, 0 unspecified. */
export const TEMPORALITY = { DELTA: 1, CUMULATIVE: 2 } as const;
/** DataPointFlags: the point marks a stream as having no value now (a stale series). */
export const FLAG_NO_RECORDED_VALUE = 1;

export type OtlpBuckets = { offset: number; counts: number[] };
export type OtlpDataPoint = {
  attributes: OtlpAttributes;
  startMs: number;
  timeMs: number;
  flags: number;
  /** A gauge's or sum's value; a histogram's sum (null when not sent). */
  value: number | null;
  count?: number;
  min?: number | null;
  max?: number | null;
  /** Explicit histograms. */
  bounds?: number[];
  counts?: number[];
  /** Exponential histograms. */
  scale?: number;
  zeroCount?: number;
  zeroThreshold?: number;
  positive?: OtlpBuckets;
  negative?: OtlpBuckets;
};
export type OtlpMetric = {
  name: string;
  unit: string;
  kind: OtlpMetricKind;
  monotonic: boolean;
  temporality: number;
  scope: { name: string; version: string };
  points: OtlpDataPoint[];
};
export type OtlpResourceMetrics = { resource: OtlpAttributes; metrics: OtlpMetric[] };

/** A temporality as a number, also when a JSON exporter wrote the enum's name. */
function temporalityOf(v: unknown): number {
  if (typeof v === 'string' && !/^\d+$/.test(v))
    return v.endsWith('CUMULATIVE') ? TEMPORALITY.CUMULATIVE : v.endsWith('DELTA') ? TEMPORALITY.DELTA : 0;
  return num(v ?? 0) || 0;
}
const num = (v: unknown): number =>
  typeof v === 'number' ? v : v === undefined || v === null ? NaN : Number(typeof v === 'string' ? v : String(v));
const optional = (v: unknown): number | null => (v === undefined || v === null ? null : num(v));
const nums = (v: unknown): number[] => arr(v).map(num);
const buckets = (v: unknown): OtlpBuckets => ({
  offset: isObj(v) ? num(v.offset ?? 0) : 0,
  counts: isObj(v) ? nums(field(v, 'bucketCounts')) : [],
});

function pointOf(kind: OtlpMetricKind, p: Obj, seen: Depth): OtlpDataPoint {
  // One object per data point, its fields filled in place (no spread copies: a point is read once per data point).
  const point: OtlpDataPoint = {
    attributes: attributes(p.attributes, seen),
    startMs: nanosToMs(field(p, 'startTimeUnixNano')),
    timeMs: nanosToMs(field(p, 'timeUnixNano')),
    flags: num(p.flags ?? 0) || 0,
    value: NaN,
  };
  if (kind === 'gauge' || kind === 'sum') {
    const d = field(p, 'asDouble');
    const i = d === undefined ? field(p, 'asInt') : undefined;
    point.value = d !== undefined ? num(d) : i !== undefined ? num(i) : NaN;
    return point;
  }
  point.value = optional(p.sum);
  point.count = num(p.count ?? 0);
  point.min = optional(p.min);
  point.max = optional(p.max);
  if (kind === 'histogram') {
    point.bounds = nums(field(p, 'explicitBounds'));
    point.counts = nums(field(p, 'bucketCounts'));
  } else if (kind === 'exponential_histogram') {
    point.scale = num(p.scale ?? 0);
    point.zeroCount = num(field(p, 'zeroCount') ?? 0);
    point.zeroThreshold = num(field(p, 'zeroThreshold') ?? 0);
    point.positive = buckets(p.positive);
    point.negative = buckets(p.negative);
  }
  return point;
}

const KINDS: [OtlpMetricKind, string][] = [
  ['gauge', 'gauge'],
  ['sum', 'sum'],
  ['histogram', 'histogram'],
  ['exponential_histogram', 'exponentialHistogram'],
  ['summary', 'summary'],
];

/** The metrics of a request, and how many data points were dropped because a value of theirs nests too deep. */
export function metricsOf(request: Obj): { batches: OtlpResourceMetrics[]; tooDeep: number } {
  let tooDeep = 0;
  const batches = arr(field(request, 'resourceMetrics'))
    .filter(isObj)
    .map((rm) => {
      const resourceDepth: Depth = { tooDeep: false };
      const resource = attributes(isObj(rm.resource) ? rm.resource.attributes : undefined, resourceDepth);
      const metrics: OtlpMetric[] = [];
      for (const sm of arr(field(rm, 'scopeMetrics')).filter(isObj)) {
        const s = isObj(sm.scope) ? sm.scope : {};
        const scope = { name: String(s.name ?? ''), version: String(s.version ?? '') };
        for (const m of arr(sm.metrics).filter(isObj)) {
          const found = KINDS.find(([, k]) => isObj(field(m, k)));
          if (!found) continue;
          const [kind, key] = found;
          const data = field(m, key) as Obj;
          const points: OtlpDataPoint[] = [];
          for (const p of arr(field(data, 'dataPoints')).filter(isObj)) {
            const seen: Depth = { tooDeep: resourceDepth.tooDeep };
            const point = pointOf(kind, p, seen);
            if (seen.tooDeep) tooDeep++;
            else points.push(point);
          }
          metrics.push({
            name: typeof m.name === 'string' ? m.name : '',
            unit: typeof m.unit === 'string' ? m.unit : '',
            kind,
            monotonic: field(data, 'isMonotonic') === true,
            temporality: temporalityOf(field(data, 'aggregationTemporality')),
            scope,
            points,
          });
        }
      }
      return { resource, metrics };
    });
  return { batches, tooDeep };
}
