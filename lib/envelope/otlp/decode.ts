// OTLP/HTTP bodies (#34) into one plain shape, from JSON or protobuf: protobuf is decoded with the official
// OpenTelemetry definitions (lib/envelope/otlp/proto, loaded by protobufjs), JSON read by the protocol's JSON mapping
// (camelCase or snake_case fields, trace and span ids as hex, 64-bit integers as strings or numbers).
import protobuf from 'protobufjs';
import { otlpRoot } from './proto-root';
import { metricsOf, type OtlpResourceMetrics } from './decode-metrics';
import {
  anyValue,
  arr,
  attributes,
  field,
  idOf,
  isObj,
  MAX_ANY_VALUE_DEPTH,
  nanosToMs,
  type AnyValue,
  type Depth,
  type Obj,
  type OtlpAttributes,
} from './values';

export { MAX_ANY_VALUE_DEPTH, type AnyValue, type OtlpAttributes };

export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  statusCode: number;
  statusMessage: string | null;
  attributes: OtlpAttributes;
  events: { name: string; timeMs: number; attributes: OtlpAttributes }[];
};
export type OtlpLog = {
  timeMs: number;
  severityNumber: number | null;
  severityText: string | null;
  body: AnyValue;
  attributes: OtlpAttributes;
  traceId: string | null;
  spanId: string | null;
};
export type OtlpResourceSpans = { resource: OtlpAttributes; spans: OtlpSpan[] };
export type OtlpResourceLogs = { resource: OtlpAttributes; logs: OtlpLog[] };

/**
 * AnyValue is the one recursive OTLP message, and protobufjs decodes it recursively: past MAX_ANY_VALUE_DEPTH + 1
 * levels its bytes are skipped (an empty AnyValue), so decoding stays shallow and the walker below still sees a
 * list at the limit, and drops its item.
 */
function limitAnyValueDepth(type: protobuf.Type): void {
  type.setup();
  const decode = type.decode.bind(type) as (
    reader: protobuf.Reader | Uint8Array,
    length?: number,
    ...rest: unknown[]
  ) => protobuf.Message;
  let level = 0;
  type.decode = ((reader: protobuf.Reader | Uint8Array, length?: number, ...rest: unknown[]) => {
    if (level > MAX_ANY_VALUE_DEPTH && length !== undefined && reader instanceof protobuf.Reader) {
      reader.skip(length);
      return type.create();
    }
    level++;
    try {
      return decode(reader, length, ...rest);
    } finally {
      level--;
    }
  }) as typeof type.decode;
}

let limited = false;
function types() {
  const root = otlpRoot();
  if (!limited) {
    limitAnyValueDepth(root.lookupType('opentelemetry.proto.common.v1.AnyValue'));
    limited = true;
  }
  return {
    traces: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    logs: root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest'),
    metrics: root.lookupType('opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest'),
  };
}

/** The spans of a request, and how many were dropped because a value of theirs (or their resource's) nests too deep. */
function spansOf(request: Obj): { batches: OtlpResourceSpans[]; tooDeep: number } {
  let tooDeep = 0;
  const batches = arr(field(request, 'resourceSpans'))
    .filter(isObj)
    .map((rs) => {
      const resourceDepth: Depth = { tooDeep: false };
      const resource = attributes(isObj(rs.resource) ? rs.resource.attributes : undefined, resourceDepth);
      const spans: OtlpSpan[] = [];
      for (const s of arr(field(rs, 'scopeSpans'))
        .filter(isObj)
        .flatMap((ss) => arr(ss.spans).filter(isObj))) {
        const seen: Depth = { tooDeep: resourceDepth.tooDeep };
        const status = isObj(s.status) ? s.status : {};
        const span: OtlpSpan = {
          traceId: idOf(field(s, 'traceId')) ?? '',
          spanId: idOf(field(s, 'spanId')) ?? '',
          parentSpanId: idOf(field(s, 'parentSpanId')),
          name: typeof s.name === 'string' ? s.name : '',
          kind: Number(s.kind ?? 0) || 0,
          startMs: nanosToMs(field(s, 'startTimeUnixNano')),
          endMs: nanosToMs(field(s, 'endTimeUnixNano')),
          statusCode: Number(status.code ?? 0) || 0,
          statusMessage: typeof status.message === 'string' && status.message ? status.message : null,
          attributes: attributes(s.attributes, seen),
          events: arr(s.events)
            .filter(isObj)
            .map((e) => ({
              name: String(e.name ?? ''),
              timeMs: nanosToMs(field(e, 'timeUnixNano')),
              attributes: attributes(e.attributes, seen),
            })),
        };
        if (seen.tooDeep) tooDeep++;
        else spans.push(span);
      }
      return { resource, spans };
    });
  return { batches, tooDeep };
}

/** The log records of a request, and how many were dropped because a value of theirs (or their resource's) nests too deep. */
function logsOf(request: Obj): { batches: OtlpResourceLogs[]; tooDeep: number } {
  let tooDeep = 0;
  const batches = arr(field(request, 'resourceLogs'))
    .filter(isObj)
    .map((rl) => {
      const resourceDepth: Depth = { tooDeep: false };
      const resource = attributes(isObj(rl.resource) ? rl.resource.attributes : undefined, resourceDepth);
      const logs: OtlpLog[] = [];
      for (const l of arr(field(rl, 'scopeLogs'))
        .filter(isObj)
        .flatMap((sl) => arr(field(sl, 'logRecords')).filter(isObj))) {
        const seen: Depth = { tooDeep: resourceDepth.tooDeep };
        const time = nanosToMs(field(l, 'timeUnixNano'));
        const severity = field(l, 'severityNumber');
        const log: OtlpLog = {
          timeMs: Number.isFinite(time) && time > 0 ? time : nanosToMs(field(l, 'observedTimeUnixNano')),
          severityNumber: typeof severity === 'number' ? severity : null,
          severityText:
            typeof field(l, 'severityText') === 'string' && field(l, 'severityText')
              ? String(field(l, 'severityText'))
              : null,
          body: anyValue(l.body, 0, seen),
          attributes: attributes(l.attributes, seen),
          traceId: idOf(field(l, 'traceId')),
          spanId: idOf(field(l, 'spanId')),
        };
        if (seen.tooDeep) tooDeep++;
        else logs.push(log);
      }
      return { resource, logs };
    });
  return { batches, tooDeep };
}

export type OtlpKind = 'traces' | 'logs' | 'metrics';
/** `tooDeep`: the spans, log records or data points left out because a value of theirs nests past MAX_ANY_VALUE_DEPTH. */
export type Decoded =
  | {
      ok: true;
      traces: OtlpResourceSpans[];
      logs: OtlpResourceLogs[];
      metrics: OtlpResourceMetrics[];
      tooDeep: number;
    }
  | { ok: false; message: string };

/** An OTLP/HTTP request body (`application/x-protobuf` or `application/json`) of `kind`. */
export function decodeOtlp(kind: OtlpKind, body: Buffer, contentType: string | undefined): Decoded {
  let request: Obj;
  if ((contentType ?? '').includes('json')) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (!isObj(parsed)) return { ok: false, message: 'Body must be a JSON object' };
      request = parsed;
    } catch {
      return { ok: false, message: 'Body is not valid JSON' };
    }
  } else if ((contentType ?? '').includes('protobuf')) {
    try {
      const type = types()[kind];
      request = type.toObject(type.decode(body), { defaults: false, enums: Number, longs: String }) as Obj;
    } catch (err) {
      return { ok: false, message: `Body is not an OTLP ${kind} protobuf message: ${(err as Error).message}` };
    }
  } else {
    return { ok: false, message: 'Content-Type must be application/x-protobuf or application/json' };
  }
  const none = { traces: [], logs: [], metrics: [] };
  if (kind === 'traces') {
    const { batches, tooDeep } = spansOf(request);
    return { ok: true, ...none, traces: batches, tooDeep };
  }
  if (kind === 'metrics') {
    const { batches, tooDeep } = metricsOf(request);
    return { ok: true, ...none, metrics: batches, tooDeep };
  }
  const { batches, tooDeep } = logsOf(request);
  return { ok: true, ...none, logs: batches, tooDeep };
}
