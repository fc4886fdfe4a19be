import crypto from 'node:crypto';
import { env } from '@/lib/env';
import { envelope, type Envelope } from '@/lib/http/envelope';
import type { FieldIssue } from '@/lib/errors';
import { logger } from '@/lib/log';
import { decodeBody, MAX_BODY_BYTES, SUPPORTED_ENCODINGS } from '@/lib/envelope/decode-body';
import { INGEST_MESSAGES } from '@/lib/ingest/protocols/native';
import { ingestUnits, type IngestOutcome } from '@/lib/ingest/items/events/ingest-units';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { parseEnvelope } from '@/lib/envelope/parse-envelope';
import { prepareItems, type SentryEndpoint } from './prepare-items';
import { resolveSentryKey } from '@/lib/ingest/admit/resolve-sentry-key';
import { ingestSessions } from '@/lib/ingest/items/sessions/ingest-sessions';
import { processCheckIn } from '@/lib/ingest/items/check-ins/monitors';
import { storeFeedback } from '@/lib/ingest/items/feedback/feedback-writer';
import { storeSpans } from '@/lib/ingest/items/spans/span-writer';
import type { SpanRow } from '@/lib/ingest/items/spans/parse-spans';
import { transactionFilterReason, type FilterReason } from '@/lib/ingest/enrich/inbound-filters';
import type { TransactionEnvelope } from '@/lib/envelope/schemas';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { storeLogs } from '@/lib/ingest/items/logs/log-writer';
import { refuseAttachments, storeAttachments } from '@/lib/ingest/items/attachments/write-attachments';
import { LARGE_BODY_BUSY_MESSAGE, MAX_ENVELOPE_BYTES, takeLargeBodySlot } from '@/lib/ingest/protocols/large-bodies';
import { keyShape } from '@/lib/ingest/admit/resolve-key';
import { keyFromDsn, sentryKeyFrom } from '@/lib/envelope/sentry-auth';
import { validationReason, type Category } from '@/lib/outcomes/categories';
import { recordOutcome } from '@/lib/outcomes/record-outcome';

export type SentryRequest = {
  /** The DSN's project path segment, unvalidated. */
  projectNumber: string;
  endpoint: SentryEndpoint;
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  body: Buffer;
  /** The sender's address (TRUSTED_PROXIES applied), for `user.ip_address: "{{auto}}"`. */
  clientAddress?: string;
  /** The adapter holds a large-body slot: the raw body may be up to MAX_ENVELOPE_BYTES (lib/ingest/protocols/large-bodies). */
  largeBody?: boolean;
};

export type SentryResponse = { status: number; body: Envelope | { id: string } | null; headers: Record<string, string> };

const CORS = {
  'access-control-allow-origin': '*',
  // Browser SDKs read these on cross-origin answers to back off.
  'access-control-expose-headers': 'X-Sentry-Rate-Limits, Retry-After',
} as const;
const PREFLIGHT = {
  ...CORS,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Content-Encoding, X-Sentry-Auth, Sentry-Trace, Baggage',
  'access-control-max-age': '86400',
} as const;
const MAX_REPORTED_ISSUES = 100;
// An exhausted monthly quota is re-checked every minute, so an upgrade takes effect quickly.
const QUOTA_RETRY_AFTER_SECONDS = 60;
const QUOTA_CATEGORIES = 'error;default;transaction;span';

export const SENTRY_MESSAGES = {
  missingKey: 'Missing Sentry key: send X-Sentry-Auth: Sentry sentry_key=<key>, ?sentry_key=<key> or a dsn in the envelope header',
} as const;

function answer(status: number, message: string, extra: { error?: FieldIssue[]; headers?: Record<string, string> } = {}): SentryResponse {
  return { status, body: envelope(status, message, undefined, extra.error), headers: { ...CORS, ...extra.headers } };
}

const invalid = (issues: FieldIssue[]) => answer(400, INGEST_MESSAGES.validation, { error: issues.slice(0, MAX_REPORTED_ISSUES) });

/** Sentry SDKs honour X-Sentry-Rate-Limits (`<seconds>:<categories>:<scope>[:<reason>]`, no categories = all). */
function rateLimited(): SentryResponse {
  const seconds = String(Math.max(1, Math.ceil(1 / env.ingestRateLimitPerSecond)));
  return answer(429, INGEST_MESSAGES.rateLimited, { headers: { 'retry-after': seconds, 'x-sentry-rate-limits': `${seconds}::key` } });
}

function quotaExceeded(): SentryResponse {
  const seconds = String(QUOTA_RETRY_AFTER_SECONDS);
  return answer(429, INGEST_MESSAGES.quota, {
    headers: { 'retry-after': seconds, 'x-sentry-rate-limits': `${seconds}:${QUOTA_CATEGORIES}:organization:usage_exceeded` },
  });
}

/**
 * Sentry's `/api/<number>/envelope/` and `/api/<number>/store/` without any HTTP framework. After the
 * Sentry-specific key lookup and parsing, the items go through the domain entry point (ingestUnits): the
 * same validation, rate limit per stored row, quota, alerts and storage as the native endpoint.
 */
export async function handleSentry(req: SentryRequest): Promise<SentryResponse> {
  const slots: (() => void)[] = [];
  try {
    const res = await run(req, slots);
    // Browsers: a 200 without a body. Browser SDKs send with fetch's keepalive and never read the answer, and
    // Chromium counts a keepalive request against its in-flight budget until its body is read, so answers with a
    // body stalled every later send of the page (four tabs lost 128 of 200 errors). Everything an SDK reads is in
    // the status and headers; other clients keep Sentry's {"id": …}.
    if (res.status === 200 && req.method === 'POST' && req.headers.origin !== undefined) return { ...res, body: null };
    return res;
  } catch (err) {
    logger.error({ err }, 'sentry ingest failed');
    return answer(500, 'Internal server error');
  } finally {
    for (const release of slots) release();
  }
}

async function run(req: SentryRequest, slots: (() => void)[]): Promise<SentryResponse> {
  if (req.method === 'OPTIONS') return { status: 204, body: null, headers: { ...PREFLIGHT } };
  if (req.method !== 'POST') return answer(405, 'Method not allowed', { headers: { allow: 'POST, OPTIONS' } });
  if (req.body.length > (req.largeBody && req.endpoint === 'envelope' ? MAX_ENVELOPE_BYTES : MAX_BODY_BYTES)) return answer(413, INGEST_MESSAGES.tooLarge);

  let body: Buffer | null = null;
  const decode = async (): Promise<SentryResponse | Buffer> => {
    const large = req.largeBody || slots.length > 0;
    let decoded = await decodeBody(req.body, req.headers['content-encoding'], large ? MAX_ENVELOPE_BYTES : MAX_BODY_BYTES);
    // An envelope that decodes past 1 MiB (a compressed attachment) needs a large-body slot to be decoded in full.
    if (!decoded.ok && decoded.reason === 'too_large' && !large && req.endpoint === 'envelope') {
      const release = takeLargeBodySlot();
      if (!release) return answer(429, LARGE_BODY_BUSY_MESSAGE, { headers: { 'retry-after': '1' } });
      slots.push(release);
      decoded = await decodeBody(req.body, req.headers['content-encoding'], MAX_ENVELOPE_BYTES);
    }
    if (decoded.ok) return decoded.body;
    if (decoded.reason === 'too_large') return answer(413, INGEST_MESSAGES.tooLarge);
    if (decoded.reason === 'unsupported_encoding') return answer(415, `Unsupported Content-Encoding (use ${SUPPORTED_ENCODINGS})`);
    return invalid([{ path: [], message: 'Body is not valid compressed data' }]);
  };

  let publicKey = sentryKeyFrom(req.headers['x-sentry-auth'], req.searchParams.get('sentry_key'));
  if (!publicKey && req.endpoint === 'envelope') {
    // Only then is the body read before the key is checked: the key is inside it.
    const d = await decode();
    if (!Buffer.isBuffer(d)) return d;
    body = d;
    const parsed = parseEnvelope(body);
    publicKey = parsed.ok ? keyFromDsn(parsed.envelope.header.dsn) : null;
  }
  if (!publicKey) return answer(401, SENTRY_MESSAGES.missingKey);
  const key = await resolveSentryKey(publicKey, req.projectNumber);
  if (!key) return answer(401, INGEST_MESSAGES.invalidKey);

  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key)))) {
    // Refused before the body is read: what it held is not known.
    recordOutcome(key.projectId, 'unknown', 'rate_limited', 'key_rate_limit');
    return rateLimited();
  }

  if (!body) {
    const d = await decode();
    if (!Buffer.isBuffer(d)) {
      recordOutcome(key.projectId, 'unknown', 'invalid', d.status === 413 ? 'too_large' : d.status === 415 ? 'unsupported_encoding' : 'invalid_compression');
      return d;
    }
    body = d;
  }
  const prepared = prepareItems(req.endpoint, body);
  if (!prepared.ok) {
    recordOutcome(key.projectId, prepared.category, 'invalid', validationReason(prepared.issues[0]?.path ?? []));
    return invalid(prepared.issues);
  }
  // Attachments may take the envelope past 1 MiB; what is not an attachment may not (as a bare event).
  if (prepared.otherBytes > MAX_BODY_BYTES) {
    recordOutcome(key.projectId, prepared.units[0]?.kind ?? 'unknown', 'invalid', 'too_large');
    return answer(413, INGEST_MESSAGES.tooLarge);
  }
  const { projectId } = key;
  for (const category of prepared.unsupported) recordOutcome(projectId, category, 'unsupported', 'not_stored');
  for (const d of prepared.discards) recordOutcome(projectId, d.category, 'client_discard', d.reason, d.quantity);
  for (const u of prepared.invalidUnits) recordOutcome(projectId, u.category, 'invalid', validationReason(u.issues[0]?.path ?? []));
  for (const category of prepared.failed) recordOutcome(projectId, category, 'invalid', PROCESSING_ERROR);
  // The events first: a failure there is a 500 the SDK retries whole, before any sibling was stored twice.
  const outcome = await ingestUnits(key, prepared.units, { clientAddress: req.clientAddress });
  // Attachments go with their event: stored with it (or alone, for an event sent before); counted with it when it
  // was not stored: filtered, a repeat of an envelope already stored (its attachments were stored then), refused.
  const refusal = (['quota_exceeded', 'rate_limited'] as const).includes(outcome.kind as 'quota_exceeded')
    ? ([outcome.kind === 'quota_exceeded' ? 'over_quota' : 'rate_limited', outcome.kind === 'quota_exceeded' ? 'quota' : 'key_rate_limit'] as const)
    : (['invalid', outcome.kind] as const);
  const eventRefused = prepared.invalidUnits.some((u) => u.category === 'error') && !prepared.units.some((u) => u.kind === 'error');
  if (eventRefused) refuseAttachments(key, prepared.attachments, 'invalid', 'event_invalid');
  else if (outcome.kind === 'stored') await isolated(key, 'attachment', prepared.attachments.length, () => storeAttachments(key, prepared.attachments));
  else if (outcome.kind === 'duplicate') refuseAttachments(key, prepared.attachments, 'filtered', 'event_not_stored');
  else refuseAttachments(key, prepared.attachments, refusal[0], refusal[1]);
  // A trace's spans share their transaction's fate: stored with it, filtered with it (an inbound filter, or a
  // repeat of an envelope already stored), refused with it.
  if (outcome.kind === 'stored' || outcome.kind === 'duplicate') {
    const kept = keptSpans(key, prepared.spans);
    if (outcome.kind === 'stored') await isolated(key, 'span', kept.length, () => storeSpans(key, kept));
    else if (kept.length > 0) recordOutcome(projectId, 'span', 'filtered', 'duplicate_event_id', kept.length);
  } else if (prepared.spans.length > 0) recordOutcome(projectId, 'span', refusal[0], refusal[1], prepared.spans.length);
  // The other kinds do not share the events' fate: each is stored, or counted with why, on its own.
  for (const issue of prepared.invalidSessions) recordOutcome(projectId, 'session', 'invalid', validationReason(issue.path));
  if (prepared.sessions.length > 0) await isolated(key, 'session', prepared.sessions.length, () => ingestSessions(key, prepared.sessions));
  for (const issue of prepared.invalidCheckIns) recordOutcome(projectId, 'monitor', 'invalid', validationReason(issue.path));
  for (const c of prepared.checkIns) {
    await isolated(key, 'monitor', 1, async () => {
      const done = await processCheckIn(key, c);
      recordOutcome(projectId, 'monitor', done === 'stored' ? 'accepted' : 'invalid', done === 'stored' ? '' : 'unknown_monitor');
    });
  }
  for (const issue of prepared.invalidFeedback) recordOutcome(projectId, 'feedback', 'invalid', validationReason(issue.path));
  if (prepared.feedback.length > 0) await isolated(key, 'feedback', prepared.feedback.length, () => storeFeedback(key, prepared.feedback));
  for (const a of prepared.refusedAttachments) recordOutcome(projectId, 'attachment', 'invalid', a.reason);
  for (const issue of prepared.invalidLogs) recordOutcome(projectId, 'log_item', 'invalid', validationReason(issue.path));
  if (prepared.logs.length > 0) await isolated(key, 'log_item', prepared.logs.length, () => storeLogs(key, prepared.logs));
  recordOutcome(projectId, 'log_item', 'invalid', 'unusable_or_over_cap', prepared.unusable.logs);
  recordOutcome(projectId, 'span', 'invalid', 'unusable_or_over_cap', prepared.unusable.spans);
  return sentryAnswer(outcome, prepared.eventId);
}

/** The reason an item is counted invalid when storing it failed unexpectedly (the error is logged). */
const PROCESSING_ERROR = 'processing_error';

/** One kind's items stored apart from their siblings: a failure is logged and counted as invalid, never the envelope's. */
async function isolated(key: IngestKey, category: Category, quantity: number, store: () => Promise<unknown>): Promise<void> {
  try {
    await store();
  } catch (err) {
    logger.error({ err, category, projectId: key.projectId }, 'storing an envelope item failed; its siblings are kept');
    recordOutcome(key.projectId, category, 'invalid', PROCESSING_ERROR, quantity);
  }
}

/** The spans whose transaction an inbound filter keeps; the others are counted as filtered with its reason. */
function keptSpans(key: IngestKey, spans: SpanRow[]): SpanRow[] {
  const reasonOf = new Map<string, FilterReason | null>();
  const kept: SpanRow[] = [];
  for (const s of spans) {
    if (!reasonOf.has(s.transaction)) {
      reasonOf.set(s.transaction, transactionFilterReason(key.filters, { type: 'transaction', name: s.transaction, duration: 0, timestamp: s.start.getTime(), status: 'ok', environment: s.environment ?? undefined, release: s.release ?? undefined } as TransactionEnvelope));
    }
    const reason = reasonOf.get(s.transaction);
    if (reason) recordOutcome(key.projectId, 'span', 'filtered', reason);
    else kept.push(s);
  }
  return kept;
}

/** The Sentry endpoints' wire answer for each domain outcome. */
export function sentryAnswer(outcome: IngestOutcome, eventId: string | undefined): SentryResponse {
  switch (outcome.kind) {
    case 'stored':
    case 'duplicate':
      return { status: 200, body: { id: eventId ?? crypto.randomUUID().replace(/-/g, '') }, headers: { ...CORS } };
    case 'invalid':
      return invalid(outcome.issues);
    case 'rate_limited':
      return rateLimited();
    case 'quota_exceeded':
      return quotaExceeded();
    case 'unauthorized':
      return answer(401, INGEST_MESSAGES.invalidKey);
  }
}
