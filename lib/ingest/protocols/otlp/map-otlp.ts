// OTLP spans and logs (#34) as what Sentry SDKs send lands as: every span a span row; each service's local root
// span (no parent in the batch) a transaction, named by it; exceptions recorded on spans error events in their
// trace; log records log rows. So a service instrumented with OpenTelemetry alone has its traces, transactions,
// errors and logs in the same views. What cannot be read (no ids or times, past the cap, a transaction or error
// that fails validation) is returned counted, for the answer's partialSuccess (#58), never dropped unseen.
import { errorEnvelopeFromSentry } from '@/lib/envelope/sentry/map-event';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { validateUnit, type IngestUnit } from '@/lib/envelope/validate-envelope';
import { flattenAttributes, logRow, type LogRow } from '@/lib/ingest/items/logs';
import { spanGroup } from '@/lib/traces/span-groups';
import { storableString } from '@/lib/envelope/prepare-json';
import { storableTimeMs as validTime } from '@/lib/envelope/schemas';
import type { SpanRow } from '@/lib/ingest/items/spans';
import { validationReason, type Category } from '@/lib/outcomes/categories';
import type {
  AnyValue,
  OtlpAttributes,
  OtlpResourceLogs,
  OtlpResourceSpans,
  OtlpSpan,
} from '@/lib/envelope/otlp/decode';

const MAX_SPANS = 5000;
const KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const;

const str = (v: AnyValue | undefined) =>
  typeof v === 'string' && v !== '' ? storableString(v.slice(0, 200)) : typeof v === 'number' ? String(v) : null;

function environmentOf(resource: OtlpAttributes): string | null {
  return str(resource['deployment.environment.name']) ?? str(resource['deployment.environment']);
}

/** Sentry's span op for an OTel span: its own `sentry.op`, else from its kind and semantic attributes. */
function opOf(s: OtlpSpan): string {
  const a = s.attributes;
  if (str(a['sentry.op'])) return str(a['sentry.op'])!;
  if (a['db.system'] !== undefined || a['db.system.name'] !== undefined) return 'db';
  const http = a['http.request.method'] ?? a['http.method'];
  if (http !== undefined) return s.kind === KIND.CLIENT ? 'http.client' : 'http.server';
  if (a['messaging.system'] !== undefined) return s.kind === KIND.PRODUCER ? 'queue.publish' : 'queue.process';
  if (a['rpc.system'] !== undefined) return s.kind === KIND.CLIENT ? 'rpc.client' : 'rpc.server';
  return s.kind === KIND.SERVER ? 'http.server' : 'default';
}

function descriptionOf(s: OtlpSpan, op: string): string {
  const a = s.attributes;
  if (op === 'db') return str(a['db.query.text']) ?? str(a['db.statement']) ?? s.name;
  if (op === 'http.client') {
    const method = str(a['http.request.method']) ?? str(a['http.method']);
    const url = str(a['url.full']) ?? str(a['http.url']);
    if (method && url) return `${method} ${url}`;
  }
  return s.name;
}

const statusOf = (s: OtlpSpan) =>
  s.statusCode === 2
    ? s.statusMessage && /^[a-z_]{1,40}$/.test(s.statusMessage)
      ? s.statusMessage
      : 'internal_error'
    : 'ok';

/** V8 stack lines (`    at fn (file:line:col)`) as Sentry frames, innermost last; other formats give none. */
function framesOf(stack: string | null): JsonObject[] {
  if (!stack) return [];
  const frames: JsonObject[] = [];
  // Bounded before any matching: 64 KiB of stack, 200 frames, lines of at most 1,000 characters.
  for (const line of stack
    .slice(0, 64 * 1024)
    .split('\n')
    .slice(0, 200)) {
    if (line.length > 1000) continue;
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/.exec(line);
    if (m)
      frames.push({
        function: m[1] ?? '<anonymous>',
        filename: m[2],
        lineno: Number(m[3]),
        colno: Number(m[4]),
        in_app: !m[2].includes('node_modules') && !m[2].startsWith('node:'),
      });
  }
  return frames.reverse();
}

/** A transaction or error made of a span that failed validation: counted invalid with its first field. */
export type MappedRefusal = { category: Category; reason: string; quantity: number };
/** `unusable`: the spans sent without valid ids or times, or past MAX_SPANS. */
export type MappedTraces = { spans: SpanRow[]; units: IngestUnit[]; unusable: number; refused: MappedRefusal[] };

export function mapOtlpTraces(batches: OtlpResourceSpans[]): MappedTraces {
  const spans: SpanRow[] = [];
  const units: IngestUnit[] = [];
  const refused: MappedRefusal[] = [];
  const refuse = (category: Category, path: (string | number)[]) =>
    refused.push({ category, reason: validationReason(path), quantity: 1 });
  let sent = 0;
  for (const { resource, spans: raw } of batches) {
    const byId = new Map(raw.map((s) => [s.spanId, s]));
    // A service's entry span (no parent, or a SERVER or CONSUMER span) is a segment: a transaction. A child whose
    // parent came in an earlier export batch (the batch processor sends children before their parent) stays a
    // child of that parent's segment, never a transaction of its own.
    const isEntry = (s: OtlpSpan) => !s.parentSpanId || s.kind === KIND.SERVER || s.kind === KIND.CONSUMER;
    const segmentOf = (s: OtlpSpan): { id: string; name: string; entry: boolean } => {
      let cur = s;
      for (let i = 0; i < 100 && !isEntry(cur) && cur.parentSpanId && byId.has(cur.parentSpanId); i++)
        cur = byId.get(cur.parentSpanId)!;
      return isEntry(cur)
        ? { id: cur.spanId, name: cur.name, entry: true }
        : { id: cur.parentSpanId ?? cur.spanId, name: cur.name, entry: false };
    };
    const environment = environmentOf(resource);
    const release = str(resource['service.version']);
    sent += raw.length;
    for (const s of raw) {
      if (spans.length >= MAX_SPANS) break;
      if (
        !/^[0-9a-f]{32}$/.test(s.traceId) ||
        !/^[0-9a-f]{16}$/.test(s.spanId) ||
        !validTime(s.startMs) ||
        !validTime(s.endMs) ||
        s.endMs < s.startMs
      )
        continue;
      const segment = segmentOf(s);
      const op = opOf(s);
      const description = descriptionOf(s, op);
      const isSegment = segment.entry && segment.id === s.spanId;
      spans.push({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId,
        segmentId: segment.id,
        transaction: storableString(segment.name.slice(0, 200)) || '<unlabeled transaction>',
        op: storableString(op.slice(0, 100)),
        description: storableString(description.slice(0, 2000)),
        group: spanGroup(op, description),
        status: statusOf(s),
        startMs: Math.trunc(s.startMs),
        durationMs: s.endMs - s.startMs,
        isSegment,
        data: flattenAttributes({ ...s.attributes, 'service.name': resource['service.name'] ?? null }),
        environment,
        release,
      });
      if (isSegment) {
        const v = validateUnit(
          {
            type: 'transaction',
            name: s.name.slice(0, 200) || '<unlabeled transaction>',
            duration: s.endMs - s.startMs,
            timestamp: Math.round(s.endMs),
            status: statusOf(s),
            environment,
            release,
            trace_id: s.traceId,
          },
          { path: [], hadEscapes: true },
        );
        // Named by its segment span, so its spans follow it when the export's other transactions are refused.
        const segmentKey = `${s.traceId}:${s.spanId}`;
        if (!v.ok) refuse('transaction', v.issues[0]?.path ?? []);
        else units.push(v.unit.kind === 'transaction' ? { ...v.unit, segment: segmentKey } : v.unit);
      }
      for (const e of s.events) {
        if (e.name !== 'exception') continue;
        const event = {
          timestamp: (Number.isFinite(e.timeMs) ? e.timeMs : s.endMs) / 1000,
          level: 'error',
          platform: 'other',
          exception: {
            values: [
              {
                type: str(e.attributes['exception.type']) ?? 'Error',
                value: str(e.attributes['exception.message']) ?? '',
                stacktrace: { frames: framesOf(str(e.attributes['exception.stacktrace'])) },
              },
            ],
          },
          contexts: { trace: { trace_id: s.traceId, span_id: s.spanId, op } },
          tags: { 'service.name': str(resource['service.name']) ?? 'unknown' },
          transaction: segment.name,
          environment,
          release,
        };
        const m = errorEnvelopeFromSentry(event as unknown as JsonObject);
        const v = validateUnit(m.json, {
          path: [],
          hadEscapes: true,
          grouping: 'sentry',
          stackless: m.stackless,
          message: m.message,
        });
        if (v.ok) units.push(v.unit);
        else refuse('error', v.issues[0]?.path ?? []);
      }
    }
  }
  return { spans, units, unusable: sent - spans.length, refused };
}

/** The log rows of the records sent, and how many were unusable (no valid time) or past MAX_SPANS. */
export function mapOtlpLogs(batches: OtlpResourceLogs[]): { rows: LogRow[]; unusable: number } {
  const rows: LogRow[] = [];
  const sent = batches.reduce((n, b) => n + b.logs.length, 0);
  for (const { resource, logs } of batches) {
    for (const l of logs) {
      const attributes = flattenAttributes({
        ...l.attributes,
        ...(resource['service.name'] !== undefined ? { 'service.name': resource['service.name'] } : {}),
      });
      const env = environmentOf(resource);
      const release = str(resource['service.version']);
      const r = logRow({
        timestampMs: l.timeMs,
        level: l.severityText,
        severity: l.severityNumber,
        body: l.body,
        attributes: {
          ...attributes,
          ...(env ? { 'sentry.environment': env } : {}),
          ...(release ? { 'sentry.release': release } : {}),
        },
        traceId: l.traceId,
        spanId: l.spanId,
      });
      if (r) rows.push(r);
      if (rows.length >= MAX_SPANS) return { rows, unusable: sent - rows.length };
    }
  }
  return { rows, unusable: sent - rows.length };
}
