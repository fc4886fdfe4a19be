// Sentry's trace_metric items (#61): what `Sentry.metrics.count`, `.gauge` and `.distribution` send from @sentry/node
// and @sentry/browser 11, one item holding up to a thousand metrics:
// `{ version: 2, items: [{ timestamp (seconds), trace_id, span_id?, name, type, unit?, value, attributes: { key:
// { type, value } } }] }`. Each metric stands alone: one that is refused is counted with its reason, the others kept.
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import { hexId, isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { sentryTimeMs } from '@/lib/envelope/schemas';
import {
  finiteValue,
  metricAttributes,
  metricName,
  metricType,
  metricUnit,
  pointTime,
  refusalReason,
  type MetricItem,
  type MetricPoint,
  type PointRefusal,
} from './metric-point';
import { SeriesSets } from './series';

/** The most metrics an item holds (the SDKs flush their buffer at 1,000); the rest are counted past the cap. */
export const MAX_METRICS_PER_ITEM = 1000;

export type ParsedMetrics = {
  item: MetricItem;
  /** One reason per metric refused (`validation: value`…). */
  refused: string[];
  /** Entries that are not metrics at all, and those past the cap. */
  unusable: number;
};

/** One metric of an item: its point (its attributes gathered into `sets`), or the field that refused it. */
export function sentryPoint(m: JsonObject, ctx: { nowMs: number; sets: SeriesSets }): MetricPoint | PointRefusal {
  const name = metricName(m.name);
  if (name === null) return 'name';
  const type = metricType(m.type);
  if (type === null) return 'type';
  if (!finiteValue(m.value)) return 'value';
  const unit = metricUnit(m.unit);
  if (unit === null) return 'unit';
  const timestampMs = pointTime(sentryTimeMs(m.timestamp), ctx.nowMs);
  if (timestampMs === null) return 'timestamp';
  const attributes = metricAttributes(m.attributes);
  if (attributes === 'refused') return 'attributes';
  const { set, own } = ctx.sets.add(attributes);
  return {
    name,
    type,
    unit,
    timestampMs,
    traceId: hexId(m.trace_id, 32),
    spanId: hexId(m.span_id, 16),
    value: m.value,
    set,
    own,
    histogram: null,
    cumulative: null,
  };
}

/** A trace_metric item's payload; an item that is not a container at all is one issue. */
export function parseTraceMetrics(payload: JsonObject, path: Path, nowMs: number): ParsedMetrics | FieldIssue {
  if (!Array.isArray(payload.items))
    return { path: [...path, 'items'], message: 'A trace_metric item is { items: [...] }' };
  const sets = new SeriesSets();
  const out: ParsedMetrics = { item: { points: [], sets: sets.sets, made: sets.made }, refused: [], unusable: 0 };
  out.unusable = Math.max(0, payload.items.length - MAX_METRICS_PER_ITEM);
  for (const m of payload.items.slice(0, MAX_METRICS_PER_ITEM)) {
    if (!isObject(m)) {
      out.unusable++;
      continue;
    }
    const p = sentryPoint(m, { nowMs, sets });
    if (typeof p === 'string') out.refused.push(refusalReason(p));
    else out.item.points.push(p);
  }
  return out;
}
