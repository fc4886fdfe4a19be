// Metric request bodies for bench:metrics (#61): a Sentry envelope of one trace_metric item of 100 metrics, as
// @sentry/node 11 sends what a shop's API measures (request durations by route, method, status and server, query
// durations, orders counted, a queue's depth; the SDK's attributes, the user, its sequence number, the active trace
// and span), and the same shop's OpenTelemetry SDK exporting 100 data points over OTLP/HTTP (delta histograms with the
// SDK's default buckets, counters and gauges, JSON or protobuf with the official definitions).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import protobuf from 'protobufjs';
import { root } from './service';

export const PER_REQUEST = 100;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const ROUTES = [
  '/orders',
  '/orders/:id',
  '/cart',
  '/cart/items',
  '/checkout',
  '/products',
  '/products/:id',
  '/search',
  '/login',
  '/health',
];
const STATUSES = [200, 200, 200, 200, 200, 200, 201, 404, 500, 200];
// OpenTelemetry JS's default histogram boundaries.
const BOUNDS = [0, 5, 10, 25, 50, 75, 100, 250, 500, 750, 1000, 2500, 5000, 7500, 10000];

/** The i-th measurement of the shop: a metric name, type, unit, value and its attributes. */
function measurement(i: number) {
  const route = ROUTES[i % ROUTES.length];
  const server = `web-${(i >> 4) % 8}`;
  const common = { server, route, method: i % 3 ? 'GET' : 'POST' };
  const ms = 3 + ((i * 7919) % 997) / 4;
  switch (i % 5) {
    case 0:
    case 1:
      return {
        name: 'http.server.duration',
        type: 'distribution',
        unit: 'millisecond',
        value: ms,
        attrs: { ...common, status: STATUSES[i % 10] },
      };
    case 2:
      return {
        name: 'db.query.duration',
        type: 'distribution',
        unit: 'millisecond',
        value: ms / 3,
        attrs: { server, 'db.operation': ['SELECT', 'INSERT', 'UPDATE'][i % 3] },
      };
    case 3:
      return {
        name: 'orders.created',
        type: 'counter',
        unit: '',
        value: 1 + (i % 3),
        attrs: { server, channel: i % 2 ? 'web' : 'app' },
      };
    default:
      return {
        name: 'queue.depth',
        type: 'gauge',
        unit: '',
        value: i % 40,
        attrs: { server, queue: ['mail', 'billing'][i % 2] },
      };
  }
}

/**
 * An envelope of one trace_metric item of `count` metrics (PER_REQUEST unless told; the SDK sends up to 1,000, its
 * buffer's size), the i-th request's, as @sentry/node 11 sends it.
 */
export function sentryMetricsEnvelope(start: number, count = PER_REQUEST): string {
  const traceId = hex(16);
  const spanId = hex(8);
  const now = Date.now() / 1000;
  const attr = (value: string | number) => ({ value, type: typeof value === 'number' ? 'integer' : 'string' });
  const items = Array.from({ length: count }, (_, j) => {
    const m = measurement(start + j);
    const user = `user-${(start + j) % 5000}`;
    return {
      timestamp: now - (count - j) / 1000,
      trace_id: traceId,
      span_id: spanId,
      name: m.name,
      type: m.type,
      ...(m.unit ? { unit: m.unit } : {}),
      value: m.value,
      attributes: {
        ...Object.fromEntries(Object.entries(m.attrs).map(([k, v]) => [k, attr(v)])),
        'user.id': attr(user),
        'user.email': attr(`${user}@example.com`),
        'sentry.release': attr('shop@2.14.0'),
        'sentry.environment': attr('production'),
        'sentry.sdk.name': attr('sentry.javascript.node'),
        'sentry.sdk.version': attr('11.12.0'),
        'sentry.timestamp.sequence': attr(j % 3),
      },
    };
  });
  const payload = JSON.stringify({ version: 2, items });
  const header = { sent_at: new Date().toISOString(), sdk: { name: 'sentry.javascript.node', version: '11.12.0' } };
  const item = {
    type: 'trace_metric',
    item_count: items.length,
    content_type: 'application/vnd.sentry.items.trace-metric+json',
    length: Buffer.byteLength(payload),
  };
  return `${JSON.stringify(header)}\n${JSON.stringify(item)}\n${payload}\n`;
}

const kv = (key: string, v: string | number) => ({
  key,
  value: typeof v === 'number' ? { intValue: v } : { stringValue: v },
});

/**
 * An OTLP metrics export of `count` data points (PER_REQUEST unless told; delta temporality), the i-th request's, as
 * the OpenTelemetry SDK's reader exports them: one metric per instrument, holding a data point per attribute set.
 */
export function otlpMetricsRequest(start: number, count = PER_REQUEST) {
  const end = BigInt(Date.now()) * 1_000_000n;
  const startNs = String(end - 10_000_000_000n);
  type Metric = { name: string; unit?: string } & Record<string, unknown>;
  const byName = new Map<string, { metric: Metric; points: object[] }>();
  for (let j = 0; j < count; j++) {
    const m = measurement(start + j);
    const base = {
      attributes: Object.entries(m.attrs).map(([k, v]) => kv(k, v)),
      startTimeUnixNano: startNs,
      timeUnixNano: String(end),
    };
    let point: object;
    let metric: Metric;
    const points: object[] = byName.get(m.name)?.points ?? [];
    if (m.type === 'distribution') {
      const at = BOUNDS.findIndex((b) => m.value <= b);
      const bucketCounts = Array.from({ length: BOUNDS.length + 1 }, (_, k) =>
        k === (at === -1 ? BOUNDS.length : at) ? '3' : '0',
      );
      point = {
        ...base,
        count: '3',
        sum: m.value * 3,
        min: m.value * 0.9,
        max: m.value * 1.1,
        explicitBounds: BOUNDS,
        bucketCounts,
      };
      metric = { name: m.name, unit: 'ms', histogram: { aggregationTemporality: 1, dataPoints: points } };
    } else if (m.type === 'counter') {
      point = { ...base, asInt: String(m.value) };
      metric = { name: m.name, sum: { aggregationTemporality: 1, isMonotonic: true, dataPoints: points } };
    } else {
      point = { ...base, asDouble: m.value };
      metric = { name: m.name, gauge: { dataPoints: points } };
    }
    points.push(point);
    if (!byName.has(m.name)) byName.set(m.name, { metric, points });
  }
  const metrics = [...byName.values()].map((g) => g.metric);
  return {
    resourceMetrics: [
      {
        resource: {
          attributes: [
            kv('service.name', 'shop-api'),
            kv('service.version', '2.14.0'),
            kv('deployment.environment.name', 'production'),
            kv('telemetry.sdk.name', 'opentelemetry'),
            kv('telemetry.sdk.language', 'nodejs'),
            kv('host.name', `web-${(start / count) % 8}`),
            kv('service.instance.id', `instance-${(start / count) % 8}`),
          ],
        },
        scopeMetrics: [{ scope: { name: 'shop', version: '1.0.0' }, metrics }],
      },
    ],
  };
}

let requestType: protobuf.Type | undefined;
/** The protobuf encoding of an OTLP metrics export, with the official definitions the service decodes with. */
export function otlpMetricsProtobuf(req: ReturnType<typeof otlpMetricsRequest>): Buffer {
  if (!requestType) {
    const dir = path.join(root, 'lib', 'envelope', 'otlp', 'proto');
    const r = new protobuf.Root();
    r.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(dir, target));
    r.loadSync(['opentelemetry/proto/collector/metrics/v1/metrics_service.proto']).resolveAll();
    requestType = r.lookupType('opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest');
  }
  return Buffer.from(requestType.encode(requestType.fromObject(req)).finish());
}
