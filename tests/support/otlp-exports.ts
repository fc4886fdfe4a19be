// OTLP/HTTP exports for the API tests (#58), written and read with the official OpenTelemetry definitions (the
// .proto files vendored in lib/envelope/otlp/proto), loaded here by protobufjs on their own, apart from the server's
// loader: a request in either encoding, and the server's Export…ServiceResponse decoded from its bytes.
import path from 'node:path';
import protobuf from 'protobufjs';

export type Encoding = 'json' | 'protobuf';
export type Signal = 'traces' | 'logs' | 'metrics';
/** An attribute value: a string, or a key/value list nesting `depth` levels around "deep". */
export type Value = string | { nested: number };
export type SpanSpec = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SpanKind: 2 is SERVER (a transaction), 1 INTERNAL. */
  kind?: number;
  /** Milliseconds since the epoch; the end defaults to 5 ms after the start. */
  startMs?: number;
  endMs?: number;
  attributes?: Record<string, Value>;
  /** An exception recorded on the span (it becomes an error event). */
  exception?: string;
};
export type LogSpec = { body: Value; timeMs?: number | null; attributes?: Record<string, Value> };
/** A data point: a gauge's or sum's value (NaN allowed), or a histogram's; a summary's count and sum. */
export type PointSpec = {
  value?: number;
  attributes?: Record<string, Value>;
  timeMs?: number;
  /** A cumulative stream's start (an exporter keeps it from one export to the next). */
  startMs?: number;
  flags?: number;
  histogram?: { count: number; sum?: number; min?: number; max?: number; bounds: number[]; counts: number[] };
};
export type MetricSpec = {
  name: string;
  unit?: string;
  kind: 'gauge' | 'sum' | 'histogram' | 'summary';
  monotonic?: boolean;
  cumulative?: boolean;
  points: PointSpec[];
};

let root: protobuf.Root | undefined;
function official(): protobuf.Root {
  if (!root) {
    const dir = path.resolve(import.meta.dirname, '../../lib/envelope/otlp/proto');
    const r = new protobuf.Root();
    r.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(dir, target));
    root = r.loadSync([
      'opentelemetry/proto/collector/trace/v1/trace_service.proto',
      'opentelemetry/proto/collector/logs/v1/logs_service.proto',
      'opentelemetry/proto/collector/metrics/v1/metrics_service.proto',
    ]);
  }
  return root;
}

const SERVICE = {
  trace: 'opentelemetry.proto.collector.trace.v1',
  logs: 'opentelemetry.proto.collector.logs.v1',
  metrics: 'opentelemetry.proto.collector.metrics.v1',
};
const REQUEST = {
  traces: `${SERVICE.trace}.ExportTraceServiceRequest`,
  logs: `${SERVICE.logs}.ExportLogsServiceRequest`,
  metrics: `${SERVICE.metrics}.ExportMetricsServiceRequest`,
};
const RESPONSE = {
  traces: `${SERVICE.trace}.ExportTraceServiceResponse`,
  logs: `${SERVICE.logs}.ExportLogsServiceResponse`,
  metrics: `${SERVICE.metrics}.ExportMetricsServiceResponse`,
};

const nanos = (ms: number) => String(BigInt(Math.round(ms)) * 1_000_000n);

function anyValue(v: Value): object {
  if (typeof v === 'string') return { stringValue: v };
  let out: object = { stringValue: 'deep' };
  for (let i = 0; i < v.nested; i++) out = { kvlistValue: { values: [{ key: 'k', value: out }] } };
  return out;
}
const attributes = (a: Record<string, Value> = {}) =>
  Object.entries(a).map(([key, value]) => ({ key, value: anyValue(value) }));
const resource = { attributes: attributes({ 'service.name': 'checkout', 'service.version': 'checkout@1.0.0' }) };

/** Ids as the encoding wants them: hex in OTLP's JSON, bytes in protobuf. */
const id = (hex: string, encoding: Encoding) => (encoding === 'json' ? hex : Buffer.from(hex, 'hex'));

function tracesObject(spans: SpanSpec[], encoding: Encoding): object {
  const now = Date.now() - 60_000;
  return {
    resourceSpans: [
      {
        resource,
        scopeSpans: [
          {
            scope: { name: 'tests' },
            spans: spans.map((s) => {
              const start = s.startMs ?? now;
              return {
                traceId: id(s.traceId, encoding),
                spanId: id(s.spanId, encoding),
                ...(s.parentSpanId ? { parentSpanId: id(s.parentSpanId, encoding) } : {}),
                name: s.name,
                kind: s.kind ?? 1,
                startTimeUnixNano: nanos(start),
                endTimeUnixNano: nanos(s.endMs ?? start + 5),
                attributes: attributes(s.attributes),
                events: s.exception
                  ? [
                      {
                        name: 'exception',
                        timeUnixNano: nanos(start + 1),
                        attributes: attributes({ 'exception.type': 'Error', 'exception.message': s.exception }),
                      },
                    ]
                  : [],
              };
            }),
          },
        ],
      },
    ],
  };
}

function logsObject(logs: LogSpec[]): object {
  const now = Date.now() - 60_000;
  return {
    resourceLogs: [
      {
        resource,
        scopeLogs: [
          {
            scope: { name: 'tests' },
            logRecords: logs.map((l) => ({
              ...(l.timeMs === null ? {} : { timeUnixNano: nanos(l.timeMs ?? now) }),
              severityNumber: 9,
              severityText: 'INFO',
              body: anyValue(l.body),
              attributes: attributes(l.attributes),
            })),
          },
        ],
      },
    ],
  };
}

/** A double as the encoding carries it: proto3 JSON writes NaN and the infinities as strings. */
const double = (v: number, encoding: Encoding) => (encoding === 'json' && !Number.isFinite(v) ? String(v) : v);

function pointObject(p: PointSpec, kind: MetricSpec['kind'], encoding: Encoding, now: number): object {
  const base = {
    attributes: attributes(p.attributes),
    startTimeUnixNano: nanos(p.startMs ?? now - 60_000),
    timeUnixNano: nanos(p.timeMs ?? now),
    ...(p.flags ? { flags: p.flags } : {}),
  };
  if (kind === 'gauge' || kind === 'sum') return { ...base, asDouble: double(p.value ?? 0, encoding) };
  const h = p.histogram ?? { count: 0, bounds: [], counts: [] };
  if (kind === 'summary') return { ...base, count: String(h.count), sum: h.sum ?? 0, quantileValues: [] };
  return {
    ...base,
    count: String(h.count),
    ...(h.sum !== undefined ? { sum: h.sum } : {}),
    ...(h.min !== undefined ? { min: h.min } : {}),
    ...(h.max !== undefined ? { max: h.max } : {}),
    explicitBounds: h.bounds,
    bucketCounts: h.counts.map(String),
  };
}

function metricsObject(metrics: MetricSpec[], encoding: Encoding): object {
  const now = Date.now() - 60_000;
  return {
    resourceMetrics: [
      {
        resource,
        scopeMetrics: [
          {
            scope: { name: 'tests' },
            metrics: metrics.map((m) => {
              const dataPoints = m.points.map((p) => pointObject(p, m.kind, encoding, now));
              const temporality = m.cumulative ? 2 : 1;
              const data =
                m.kind === 'gauge'
                  ? { gauge: { dataPoints } }
                  : m.kind === 'sum'
                    ? { sum: { dataPoints, aggregationTemporality: temporality, isMonotonic: m.monotonic ?? true } }
                    : m.kind === 'histogram'
                      ? { histogram: { dataPoints, aggregationTemporality: temporality } }
                      : { summary: { dataPoints } };
              return { name: m.name, unit: m.unit ?? '', ...data };
            }),
          },
        ],
      },
    ],
  };
}

/** An export of `signal` in `encoding`: the body and its content type. */
export function otlpExport(
  signal: Signal,
  items: SpanSpec[] | LogSpec[] | MetricSpec[],
  encoding: Encoding,
): { body: Uint8Array | string; contentType: string } {
  const object =
    signal === 'traces'
      ? tracesObject(items as SpanSpec[], encoding)
      : signal === 'metrics'
        ? metricsObject(items as MetricSpec[], encoding)
        : logsObject(items as LogSpec[]);
  if (encoding === 'json') return { body: JSON.stringify(object), contentType: 'application/json' };
  const type = official().lookupType(REQUEST[signal]);
  return { body: type.encode(type.fromObject(object)).finish(), contentType: 'application/x-protobuf' };
}

/** The server's answer to an export, read as its encoding says: protobuf decoded, JSON parsed; both as proto3 JSON. */
export function exportAnswer(signal: Signal, bytes: Uint8Array, encoding: Encoding): unknown {
  if (encoding === 'json') return JSON.parse(Buffer.from(bytes).toString('utf8'));
  const type = official().lookupType(RESPONSE[signal]);
  return type.toObject(type.decode(bytes), { longs: String });
}
