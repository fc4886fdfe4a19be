// OTLP/HTTP bodies (#34) into one plain shape, from JSON or protobuf: protobuf is decoded with the official
// OpenTelemetry definitions (lib/otlp/proto, loaded by protobufjs), JSON read by the protocol's JSON mapping
// (camelCase or snake_case fields, trace and span ids as hex, 64-bit integers as strings or numbers).
import path from 'node:path';
import protobuf from 'protobufjs';

export type AnyValue = string | number | boolean | null | AnyValue[] | { [k: string]: AnyValue };
export type OtlpAttributes = Record<string, AnyValue>;
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

let root: protobuf.Root | undefined;
function types() {
  if (!root) {
    const dir = path.join(process.cwd(), 'lib', 'otlp', 'proto');
    const r = new protobuf.Root();
    // Imports name files from the root of the definitions (`opentelemetry/proto/common/v1/common.proto`).
    r.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(dir, target));
    root = r.loadSync(['opentelemetry/proto/collector/trace/v1/trace_service.proto', 'opentelemetry/proto/collector/logs/v1/logs_service.proto']);
  }
  return {
    traces: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    logs: root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest'),
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
/** A field by its JSON (camelCase) or proto (snake_case) name. */
const field = (o: Obj, camel: string) => o[camel] ?? o[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function idOf(v: unknown): string | null {
  if (v instanceof Uint8Array) return v.length ? Buffer.from(v).toString('hex') : null;
  if (typeof v === 'string' && /^[0-9a-f]+$/i.test(v) && v.length > 0 && !/^0+$/.test(v)) return v.toLowerCase();
  return null;
}

/** Nanoseconds (a string, number or protobufjs Long) to milliseconds. */
function nanosToMs(v: unknown): number {
  if (v === undefined || v === null) return NaN;
  const s = typeof v === 'object' && 'toString' in (v as object) ? String(v) : String(v);
  if (!/^\d+$/.test(s)) return NaN;
  return Number(BigInt(s) / 1000n) / 1000;
}

function anyValue(v: unknown): AnyValue {
  if (!isObj(v)) return null;
  const s = field(v, 'stringValue');
  if (s !== undefined) return String(s);
  const b = field(v, 'boolValue');
  if (b !== undefined) return Boolean(b);
  const i = field(v, 'intValue');
  if (i !== undefined) return Number(String(i));
  const d = field(v, 'doubleValue');
  if (d !== undefined) return Number(d);
  const a = field(v, 'arrayValue');
  if (isObj(a)) return arr(a.values).map(anyValue);
  const kv = field(v, 'kvlistValue');
  if (isObj(kv)) return attributes(kv.values) as { [k: string]: AnyValue };
  const bytes = field(v, 'bytesValue');
  if (bytes !== undefined) return bytes instanceof Uint8Array ? Buffer.from(bytes).toString('base64') : String(bytes);
  return null;
}

function attributes(list: unknown): OtlpAttributes {
  const out: OtlpAttributes = {};
  for (const kv of arr(list)) if (isObj(kv) && typeof kv.key === 'string') out[kv.key] = anyValue(kv.value);
  return out;
}

function spansOf(request: Obj): OtlpResourceSpans[] {
  return arr(field(request, 'resourceSpans')).filter(isObj).map((rs) => ({
    resource: attributes(isObj(rs.resource) ? rs.resource.attributes : undefined),
    spans: arr(field(rs, 'scopeSpans'))
      .filter(isObj)
      .flatMap((ss) => arr(ss.spans).filter(isObj))
      .map((s): OtlpSpan => {
        const status = isObj(s.status) ? s.status : {};
        return {
          traceId: idOf(field(s, 'traceId')) ?? '',
          spanId: idOf(field(s, 'spanId')) ?? '',
          parentSpanId: idOf(field(s, 'parentSpanId')),
          name: typeof s.name === 'string' ? s.name : '',
          kind: Number(s.kind ?? 0) || 0,
          startMs: nanosToMs(field(s, 'startTimeUnixNano')),
          endMs: nanosToMs(field(s, 'endTimeUnixNano')),
          statusCode: Number(status.code ?? 0) || 0,
          statusMessage: typeof status.message === 'string' && status.message ? status.message : null,
          attributes: attributes(s.attributes),
          events: arr(s.events)
            .filter(isObj)
            .map((e) => ({ name: String(e.name ?? ''), timeMs: nanosToMs(field(e, 'timeUnixNano')), attributes: attributes(e.attributes) })),
        };
      }),
  }));
}

function logsOf(request: Obj): OtlpResourceLogs[] {
  return arr(field(request, 'resourceLogs')).filter(isObj).map((rl) => ({
    resource: attributes(isObj(rl.resource) ? rl.resource.attributes : undefined),
    logs: arr(field(rl, 'scopeLogs'))
      .filter(isObj)
      .flatMap((sl) => arr(field(sl, 'logRecords')).filter(isObj))
      .map((l): OtlpLog => {
        const time = nanosToMs(field(l, 'timeUnixNano'));
        const severity = field(l, 'severityNumber');
        return {
          timeMs: Number.isFinite(time) && time > 0 ? time : nanosToMs(field(l, 'observedTimeUnixNano')),
          severityNumber: typeof severity === 'number' ? severity : null,
          severityText: typeof field(l, 'severityText') === 'string' && field(l, 'severityText') ? String(field(l, 'severityText')) : null,
          body: anyValue(l.body),
          attributes: attributes(l.attributes),
          traceId: idOf(field(l, 'traceId')),
          spanId: idOf(field(l, 'spanId')),
        };
      }),
  }));
}

export type OtlpKind = 'traces' | 'logs';
export type Decoded = { ok: true; traces: OtlpResourceSpans[]; logs: OtlpResourceLogs[] } | { ok: false; message: string };

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
  return kind === 'traces' ? { ok: true, traces: spansOf(request), logs: [] } : { ok: true, traces: [], logs: logsOf(request) };
}
