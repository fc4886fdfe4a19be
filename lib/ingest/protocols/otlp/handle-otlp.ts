// OTLP/HTTP in (#34): `POST /api/<project number>/integration/otlp/v1/traces`, `…/v1/logs` and `…/v1/metrics` (#61),
// as Sentry's OTLP endpoint: authenticated by the project key (`x-sentry-auth: sentry sentry_key=<key>`, or
// ?sentry_key=), JSON or protobuf (official definitions), gzip or not, 1 MiB. Traces land as spans, transactions and
// errors through the same ingest (rate limit, quota, scrubbing) as Sentry envelopes; logs as log rows; metrics as
// metric points. Answers the protocol's Export…ServiceResponse (protobuf or JSON as asked): empty when everything was
// stored, else its partialSuccess names how many spans, log records or data points were left out and the first
// reason (#58).
import { decodeBody, MAX_BODY_BYTES } from '@/lib/envelope/decode-body';
import { INGEST_MESSAGES } from '@/lib/ingest/protocols/native';
import { keyShape } from '@/lib/ingest/admit/resolve-key';
import { validationReason } from '@/lib/outcomes/categories';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { resolveSentryKey } from '@/lib/ingest/admit/resolve-sentry-key';
import { sentryKeyFrom } from '@/lib/envelope/sentry-auth';
import { decodeOtlp, type Decoded, type OtlpKind } from '@/lib/envelope/otlp/decode';
import { exportResponse } from '@/lib/envelope/otlp/export-response';
import { events } from '@/lib/ingest/items/events';
import { logs } from '@/lib/ingest/items/logs';
import { metrics } from '@/lib/ingest/items/metrics';
import { clock } from '@/lib/clock';
import type { Category } from '@/lib/outcomes/categories';
import { spans } from '@/lib/ingest/items/spans';
import { batchOf, storeItems, type Batch } from '@/lib/ingest/items/store-items';
import { mapOtlpLogs, mapOtlpTraces } from './map-otlp';
import { mapOtlpMetrics } from './map-otlp-metrics';
import { partialSuccessOf } from './partial-success';
import { preflight } from '../answer';

export type OtlpRequest = {
  projectNumber: string;
  signal: string;
  method: string;
  headers: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  body: Buffer;
};
export type OtlpResponse = { status: number; body: string | Uint8Array; headers: Record<string, string> };

const CORS = preflight('Content-Type, Content-Encoding, X-Sentry-Auth');

const problem = (status: number, message: string, extra: Record<string, string> = {}): OtlpResponse => ({
  status,
  body: JSON.stringify({ statusCode: status, message }),
  headers: { ...CORS, 'content-type': 'application/json; charset=utf-8', ...extra },
});

/** A trace's transactions (its local roots) and every span, stored as the events and spans kinds store them. */
function tracesBatch({ units, spans: rows, unusable, refused }: ReturnType<typeof mapOtlpTraces>): Batch {
  const batch = batchOf(events, units);
  if (rows.length > 0) batch.rows.set(spans, rows);
  batch.refused.push(...refused);
  if (unusable > 0) batch.refused.push({ category: 'span', reason: 'unusable_or_over_cap', quantity: unusable });
  return batch;
}

function logsBatch({ rows, unusable }: ReturnType<typeof mapOtlpLogs>): Batch {
  const batch = batchOf(logs, rows);
  if (unusable > 0) batch.refused.push({ category: 'log_item', reason: 'unusable_or_over_cap', quantity: unusable });
  return batch;
}

function metricsBatch({ item, refused }: ReturnType<typeof mapOtlpMetrics>): Batch {
  const batch = batchOf(metrics, item.points.length > 0 ? [item] : []);
  for (const r of refused) batch.refused.push({ category: 'trace_metric', ...r });
  return batch;
}

/** How many spans, log records or data points the export held, those left out while decoding included. */
function sentOf(otlp: Extract<Decoded, { ok: true }>): number {
  const held = [
    ...otlp.traces.map((b) => b.spans.length),
    ...otlp.logs.map((b) => b.logs.length),
    ...otlp.metrics.flatMap((b) => b.metrics.map((m) => m.points.length)),
  ];
  return held.reduce((n, x) => n + x, otlp.tooDeep);
}

/** What each signal's items are counted as. */
const CATEGORY: Record<OtlpKind, Category> = { traces: 'span', logs: 'log_item', metrics: 'trace_metric' };
const isSignal = (s: string): s is OtlpKind => Object.hasOwn(CATEGORY, s);

function batchOfSignal(otlp: Extract<Decoded, { ok: true }>, kind: OtlpKind): Batch {
  if (kind === 'traces') return tracesBatch(mapOtlpTraces(otlp.traces));
  if (kind === 'logs') return logsBatch(mapOtlpLogs(otlp.logs));
  return metricsBatch(mapOtlpMetrics(otlp.metrics, clock.nowMs()));
}

export async function handleOtlp(req: OtlpRequest): Promise<OtlpResponse> {
  if (req.method === 'OPTIONS') return { status: 204, body: '', headers: CORS };
  if (!isSignal(req.signal)) return problem(404, 'OTLP signals here are traces, logs and metrics');
  if (req.method !== 'POST') return problem(405, 'Method not allowed', { allow: 'POST, OPTIONS' });
  const publicKey = sentryKeyFrom(req.headers['x-sentry-auth'], req.searchParams.get('sentry_key'));
  if (!publicKey) return problem(401, 'Missing key: send x-sentry-auth: sentry sentry_key=<public key>');
  const key = await resolveSentryKey(publicKey, req.projectNumber);
  if (!key) return problem(401, INGEST_MESSAGES.invalidKey);
  const category = CATEGORY[req.signal];
  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key)))) {
    recordOutcome({ projectId: key.projectId, category, outcome: 'rate_limited', reason: 'key_rate_limit' });
    return problem(429, INGEST_MESSAGES.rateLimited, { 'retry-after': '1' });
  }
  if (req.body.length > MAX_BODY_BYTES) return problem(413, INGEST_MESSAGES.tooLarge);
  const decoded = await decodeBody(req.body, req.headers['content-encoding']);
  if (!decoded.ok) {
    recordOutcome({ projectId: key.projectId, category, outcome: 'invalid', reason: decoded.reason });
    return decoded.reason === 'too_large'
      ? problem(413, INGEST_MESSAGES.tooLarge)
      : problem(decoded.reason === 'unsupported_encoding' ? 415 : 400, 'Body could not be decoded');
  }
  const contentType = req.headers['content-type'];
  const otlp = decodeOtlp(req.signal, decoded.body, contentType);
  if (!otlp.ok) {
    recordOutcome({ projectId: key.projectId, category, outcome: 'invalid', reason: validationReason([]) });
    return problem(contentType && !/json|protobuf/.test(contentType) ? 415 : 400, otlp.message);
  }
  const kind = req.signal;
  const batch = batchOfSignal(otlp, kind);
  // Spans and log records nesting past the depth limit were left out while decoding: counted with the rest.
  if (otlp.tooDeep > 0) batch.refused.unshift({ category, reason: 'too_deep', quantity: otlp.tooDeep });
  const { outcome, refused } = await storeItems(key, batch, { tokensTaken: 1 });
  const partial = partialSuccessOf(refused, category);
  if (outcome.kind === 'rate_limited') return problem(429, INGEST_MESSAGES.rateLimited, { 'retry-after': '1' });
  if (outcome.kind === 'unauthorized') return problem(401, INGEST_MESSAGES.invalidKey);
  // Refused as a whole only when none of the signal's items was stored; otherwise a partial success names the rest.
  const noneStored = (partial?.rejected ?? 0) >= sentOf(otlp);
  if (outcome.kind === 'invalid' && noneStored)
    return problem(400, outcome.issues[0]?.message ?? INGEST_MESSAGES.validation);
  if (outcome.kind === 'quota_exceeded' && noneStored)
    return problem(429, INGEST_MESSAGES.quota, { 'retry-after': '60' });
  const encoding = contentType?.includes('protobuf') ? 'protobuf' : 'json';
  return {
    status: 200,
    body: exportResponse(kind, partial, encoding),
    headers: { ...CORS, 'content-type': encoding === 'protobuf' ? 'application/x-protobuf' : 'application/json' },
  };
}
