import { sentryTimeToMs } from './map-event';
import { durationMs, transactionName, vitalsFrom, type Vitals } from './map-transaction';
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';

/**
 * The spans of one `span` item: span v2 (`{ version: 2, items: [...] }`, content type
 * application/vnd.sentry.items.span.v2+json) or, from older streaming SDKs, a single span object.
 * Returns null when the payload is neither.
 */
export function spansOf(payload: JsonObject): { spans: unknown[]; nested: boolean } | null {
  if (Array.isArray(payload.items)) return { spans: payload.items, nested: true };
  if (typeof payload.span_id === 'string' || typeof payload.trace_id === 'string')
    return { spans: [payload], nested: false };
  return null;
}

/** v2 attributes are `{ type, value }` objects; v1 spans keep plain values in `data`. */
function attribute(span: JsonObject, name: string): unknown {
  const bag = isObject(span.attributes) ? span.attributes : isObject(span.data) ? span.data : undefined;
  const a = bag?.[name];
  return isObject(a) ? a.value : a;
}

function spanVitals(span: JsonObject): Vitals {
  const measurements = isObject(span.measurements) ? span.measurements : {};
  return vitalsFrom((v) => {
    const fromAttributes = attribute(span, `browser.web_vital.${v}.value`);
    if (fromAttributes !== undefined) return fromAttributes;
    const m = measurements[v];
    return isObject(m) ? m.value : undefined;
  });
}

/**
 * Browser SDKs 11 name every page-load segment "Pageload" with `sentry.segment.name.source: url`; the
 * page's path (what older SDKs used as the transaction name) groups far better.
 */
export function segmentName(span: JsonObject): unknown {
  const path = attribute(span, 'url.path');
  if (attribute(span, 'sentry.segment.name.source') === 'url' && typeof path === 'string' && path !== '') return path;
  return span.name ?? span.description;
}

/**
 * A segment's status as sent: span v2 says only `ok` or `error` and carries the reason (`internal_error` for a
 * callback that threw, `not_found`, …) in `sentry.status.message`, which is what Sentry shows and stores.
 */
function spanStatus(span: JsonObject): string | undefined {
  if (span.status !== 'error') return typeof span.status === 'string' ? span.status : undefined;
  const message = attribute(span, 'sentry.status.message');
  return typeof message === 'string' && /^[a-z_]{1,40}$/.test(message) ? message : 'error';
}

const traceOf = (span: JsonObject) => (typeof span.trace_id === 'string' ? span.trace_id : '');

export type SpanTransaction = { index: number; envelope: JsonObject };

/**
 * Segment spans (`is_segment: true`) become transactions. Web vitals come from the segment's own
 * attributes and from the web-vital spans (LCP, CLS…) of the same trace in the same batch; the
 * segment's own values win.
 */
export function transactionsFromSpans(spans: unknown[]): SpanTransaction[] {
  const traceVitals = new Map<string, Vitals>();
  for (const s of spans) {
    if (!isObject(s)) continue;
    const vitals = spanVitals(s);
    if (Object.keys(vitals).length > 0) traceVitals.set(traceOf(s), { ...traceVitals.get(traceOf(s)), ...vitals });
  }
  const out: SpanTransaction[] = [];
  spans.forEach((s, index) => {
    if (!isObject(s) || s.is_segment !== true) return;
    const end = s.end_timestamp ?? s.timestamp;
    const vitals = { ...traceVitals.get(traceOf(s)), ...spanVitals(s) };
    const envelope: JsonObject = {
      type: 'transaction',
      name: transactionName(segmentName(s)),
      duration: durationMs(s.start_timestamp, end),
      timestamp: sentryTimeToMs(end),
    };
    const status = spanStatus(s);
    if (status !== undefined) envelope.status = status;
    const environment = attribute(s, 'sentry.environment');
    const release = attribute(s, 'sentry.release');
    if (typeof environment === 'string') envelope.environment = environment;
    if (typeof release === 'string') envelope.release = release;
    if (typeof s.trace_id === 'string') envelope.trace_id = s.trace_id;
    if (Object.keys(vitals).length > 0) envelope.vitals = vitals;
    out.push({ index, envelope });
  });
  return out;
}
