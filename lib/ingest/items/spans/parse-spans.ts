// The spans of a trace (#34) from what SDKs send: a Sentry `transaction` item (its root span in contexts.trace and
// its child spans in `spans`) and span v2 containers (`{ version: 2, items }`, attributes as `{ type, value }`).
// Each becomes a span row with its place in the trace (trace, parent, segment), what it did (op, description,
// status, data such as db.system, http.method, http.status_code) and when. Lenient: a span without ids or times is
// left out, never the envelope; at most MAX_SPANS_PER_ITEM a transaction.
import { hexId, isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { sentryTimeToMs } from '@/lib/envelope/sentry/map-event';
import { transactionName } from '@/lib/envelope/sentry/map-transaction';
import { boundedAttributes } from '@/lib/envelope/bounded-attributes';
import { storableString } from '@/lib/envelope/prepare-json';
import { storableTimeMs as validTime } from '@/lib/envelope/schemas';
import { segmentName } from '@/lib/envelope/sentry/map-spans';

export const MAX_SPANS_PER_ITEM = 1000;
const MAX_TEXT = 2000;
const MAX_DATA_BYTES = 8 * 1024;

export type SpanRow = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  /** The span id of the transaction (segment) it belongs to. */
  segmentId: string;
  /** The transaction's name: span groups are per transaction name. */
  transaction: string;
  op: string;
  description: string;
  /** Op and normalised description: set when stored, after scrubbing. */
  group: string;
  status: string | null;
  /** Epoch milliseconds (whole ones, as a Date keeps them). */
  startMs: number;
  durationMs: number;
  isSegment: boolean;
  data: JsonObject | null;
  environment: string | null;
  release: string | null;
};

const text = (v: unknown) =>
  typeof v === 'string'
    ? storableString(v.slice(0, MAX_TEXT))
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : '';

/** Span data: its scalar values (no nested objects), capped in one pass. */
const dataOf = (bag: unknown): JsonObject | null => boundedAttributes(bag, MAX_DATA_BYTES);

function row(
  s: JsonObject,
  ctx: { traceId: string; segmentId: string; transaction: string; environment: string | null; release: string | null },
  fields: { op: unknown; description: unknown; status: unknown; end: unknown; isSegment: boolean; data: unknown },
): SpanRow | null {
  const spanId = hexId(s.span_id, 16);
  const start = sentryTimeToMs(s.start_timestamp);
  const end = sentryTimeToMs(fields.end);
  if (!spanId || !validTime(start) || !validTime(end) || end < start) return null;
  const op = text(fields.op).slice(0, 100) || 'default';
  const description = text(fields.description);
  return {
    traceId: ctx.traceId,
    spanId,
    parentSpanId: hexId(s.parent_span_id, 16),
    segmentId: ctx.segmentId,
    transaction: ctx.transaction,
    op,
    description,
    // Worked out when stored (span-writer.ts), from the description as scrubbed.
    group: '',
    status: typeof fields.status === 'string' ? fields.status.slice(0, 40) : null,
    startMs: Math.trunc(start),
    durationMs: end - start,
    isSegment: fields.isSegment,
    data: dataOf(fields.data),
    environment: ctx.environment,
    release: ctx.release,
  };
}

const scalar = (v: unknown) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : null);

/** A Sentry transaction event's spans: its root (the segment) and its children. */
export function spansOfTransaction(event: JsonObject): SpanRow[] {
  const trace = isObject(event.contexts) && isObject(event.contexts.trace) ? event.contexts.trace : null;
  const traceId = hexId(trace?.trace_id, 32);
  const segmentId = hexId(trace?.span_id, 16);
  if (!trace || !traceId || !segmentId) return [];
  const ctx = {
    traceId,
    segmentId,
    transaction: transactionName(event.transaction),
    environment: scalar(event.environment),
    release: scalar(event.release),
  };
  const rows: SpanRow[] = [];
  const root = row({ ...trace, start_timestamp: event.start_timestamp }, ctx, {
    op: trace.op,
    description: event.transaction,
    status: trace.status,
    end: event.timestamp,
    isSegment: true,
    data: trace.data,
  });
  if (root) rows.push(root);
  const children = Array.isArray(event.spans) ? event.spans.slice(0, MAX_SPANS_PER_ITEM - 1) : [];
  for (const c of children) {
    if (!isObject(c)) continue;
    const r = row(c, ctx, {
      op: c.op,
      description: c.description,
      status: c.status,
      end: c.timestamp,
      isSegment: false,
      data: c.data,
    });
    if (r) rows.push(r);
  }
  return rows;
}

const attr = (s: JsonObject, name: string) => {
  const a = isObject(s.attributes) ? s.attributes[name] : undefined;
  return isObject(a) && 'value' in a ? a.value : a;
};

/** Span v2 items (or a single v1 span): each with its segment, named by the segment span of the batch. */
export function spansOfV2(spans: unknown[]): SpanRow[] {
  const segments = new Map<string, JsonObject>();
  for (const s of spans)
    if (isObject(s) && s.is_segment === true && typeof s.span_id === 'string') segments.set(s.span_id.toLowerCase(), s);
  const rows: SpanRow[] = [];
  for (const s of spans.slice(0, MAX_SPANS_PER_ITEM)) {
    if (!isObject(s)) continue;
    const traceId = hexId(s.trace_id, 32);
    if (!traceId) continue;
    const segmentId =
      hexId(attr(s, 'sentry.segment.id'), 16) ??
      (s.is_segment === true ? hexId(s.span_id, 16) : null) ??
      hexId(s.span_id, 16)!;
    const segment = segments.get(segmentId ?? '');
    // Named as its transaction is (lib/envelope/sentry/map-spans.ts: a URL-named segment by its path).
    const name = segment ? segmentName(segment) : (attr(s, 'sentry.segment.name') ?? s.name);
    const op = attr(s, 'sentry.op') ?? s.op;
    // A query's span is named by its table; the statement is its description, as Sentry shows it.
    const statement = attr(s, 'db.query.text') ?? attr(s, 'db.statement');
    const r = row(
      s,
      {
        traceId,
        segmentId: segmentId ?? '',
        transaction: transactionName(name),
        environment: scalar(attr(s, 'sentry.environment')),
        release: scalar(attr(s, 'sentry.release')),
      },
      {
        op,
        description: typeof statement === 'string' && statement !== '' ? statement : (s.name ?? s.description),
        status: s.status,
        end: s.end_timestamp ?? s.timestamp,
        isSegment: s.is_segment === true,
        data: s.attributes ?? s.data,
      },
    );
    if (r) rows.push(r);
  }
  return rows;
}
