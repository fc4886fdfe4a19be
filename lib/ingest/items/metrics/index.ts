// Metrics (#61): Sentry's `trace_metric` items (Sentry.metrics.count/gauge/distribution of @sentry/node and
// @sentry/browser 11) and OTLP metrics (lib/ingest/protocols/otlp), each point counted as one item of the
// `trace_metric` category: stored (raw, and in its series' minute and hour rollups), or refused with why (a field,
// past the cap, the monthly metric quota, a repeat of a cumulative point). Attributes are scrubbed as a key/value map.
import { clock } from '@/lib/clock';
import { defineKind, jsonOrRefusal } from '../kind';
import { storeMetrics } from './metric-writer';
import type { MetricItem } from './metric-point';
import { parseTraceMetrics } from './parse-metrics';

export {
  finiteValue,
  metricAttributes,
  metricName,
  metricUnit,
  pointTime,
  refusalReason,
  type MetricItem,
  type MetricPoint,
  type PointRefusal,
} from './metric-point';
export { MAX_METRICS_PER_ITEM } from './parse-metrics';
export { isPointAttribute, POINT_KEYS, SeriesSets } from './series';
export { METRIC_QUOTA } from './quota';

export const metrics = defineKind<MetricItem>({
  name: 'metrics',
  itemTypes: { trace_metric: 'trace_metric' },
  // A request's series attribute sets, each once, and each point's own attributes.
  fields: { map: ['sets[]', 'points[].own'] },
  parse(_item, _type, ctx) {
    const payload = jsonOrRefusal(ctx);
    if (Array.isArray(payload)) return { items: [], invalid: payload };
    const r = parseTraceMetrics(payload, ctx.path, clock.nowMs());
    if ('message' in r) return { items: [], invalid: [r] };
    return { items: r.item.points.length > 0 ? [r.item] : [], refused: r.refused, unusable: r.unusable };
  },
  store: (key, items, ctx) => storeMetrics(key, items, ctx.count),
});
