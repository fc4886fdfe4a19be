import crypto from 'node:crypto';
import { env } from '@/lib/env';
import type { Envelope } from '@/lib/http/envelope';
import { logger } from '@/lib/log';
import { decodeBody, MAX_BODY_BYTES, SUPPORTED_ENCODINGS } from '@/lib/envelope/decode-body';
import { INGEST_MESSAGES } from '@/lib/ingest/protocols/native';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { parseEnvelope } from '@/lib/envelope/parse-envelope';
import { prepareItems, type SentryEndpoint } from './prepare-items';
import {
  acceptsSecurityContentType,
  prepareSecurity,
  SECURITY_CATEGORY,
  UNSUPPORTED_SECURITY_CONTENT_TYPE,
} from './prepare-security';
import { nativeDsnProject, resolveSentryKey } from '@/lib/ingest/admit/resolve-sentry-key';
import { LARGE_BODY_BUSY_MESSAGE, MAX_ENVELOPE_BYTES, takeLargeBodySlot } from '@/lib/ingest/protocols/large-bodies';
import { keyShape } from '@/lib/ingest/admit/resolve-key';
import { keyFromDsn, sentryKeyFrom } from '@/lib/envelope/sentry-auth';
import { validationReason, type Category } from '@/lib/outcomes/categories';
import type { IngestOutcome } from '@/lib/ingest/items/events';
import { storeItems } from '@/lib/ingest/items/store-items';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { answer, CORS, failedAnswer, invalid, preflight } from '../answer';

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
  /** The body was past the adapter's cap and left unread (`body` is empty): answered 413, counted when the key is known. */
  tooLarge?: boolean;
};

export type SentryResponse = {
  status: number;
  body: Envelope | { id: string } | null;
  headers: Record<string, string>;
};

const PREFLIGHT = preflight('Content-Type, Content-Encoding, X-Sentry-Auth, Sentry-Trace, Baggage');
// An exhausted monthly quota is re-checked every minute, so an upgrade takes effect quickly.
const QUOTA_RETRY_AFTER_SECONDS = 60;
const QUOTA_CATEGORIES = 'error;default;security;transaction;span';

export const SENTRY_MESSAGES = {
  missingKey:
    'Missing Sentry key: send X-Sentry-Auth: Sentry sentry_key=<key>, ?sentry_key=<key> or a dsn in the envelope header',
  nativeDsn: (sentryDsn: string) =>
    `Wrong DSN for a Sentry SDK: the DSN ending in the project id is the native protocol DSN. Use the project's Sentry SDK DSN: ${sentryDsn}`,
} as const;

/** The DSN a Sentry SDK needs for `publicKey` of the project numbered `projectNumber` (as lib/projects/serialize.ts writes it). */
function sentryDsnOf(publicKey: string, projectNumber: number): string {
  const u = new URL(env.appUrl);
  return `${u.protocol}//${publicKey}@${u.host}/${projectNumber}`;
}

/**
 * A key refused for the project the path names. A Sentry SDK given the native DSN lands here (the JavaScript SDKs
 * cut the project id to its leading digits): that answer names the right DSN, and the Stats page counts it.
 */
async function refusedKey(publicKey: string, segment: string): Promise<SentryResponse> {
  const project = await nativeDsnProject(publicKey, segment);
  if (!project) return answer(401, INGEST_MESSAGES.invalidKey);
  recordOutcome({
    projectId: project.projectId,
    category: 'unknown',
    outcome: 'invalid',
    reason: 'native DSN in a Sentry SDK',
  });
  return answer(401, SENTRY_MESSAGES.nativeDsn(sentryDsnOf(publicKey, project.projectNumber)));
}

/** Sentry SDKs honour X-Sentry-Rate-Limits (`<seconds>:<categories>:<scope>[:<reason>]`, no categories = all). */
function rateLimited(): SentryResponse {
  const seconds = String(Math.max(1, Math.ceil(1 / env.ingestRateLimitPerSecond)));
  return answer(429, INGEST_MESSAGES.rateLimited, {
    headers: { 'retry-after': seconds, 'x-sentry-rate-limits': `${seconds}::key` },
  });
}

function quotaExceeded(): SentryResponse {
  const seconds = String(QUOTA_RETRY_AFTER_SECONDS);
  return answer(429, INGEST_MESSAGES.quota, {
    headers: {
      'retry-after': seconds,
      'x-sentry-rate-limits': `${seconds}:${QUOTA_CATEGORIES}:organization:usage_exceeded`,
    },
  });
}

/**
 * Sentry's `/api/<number>/envelope/`, `/store/` and `/security/` without any HTTP framework. After the
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
    return failedAnswer(err);
  } finally {
    for (const release of slots) release();
  }
}

/** What a request refused before its body was read is counted as: a security report, else not known. */
const unreadCategory = (req: SentryRequest): Category => (req.endpoint === 'security' ? SECURITY_CATEGORY : 'unknown');

/** A body past the cap: 413, counted for the project when the URL or header names its key (the body names none). */
async function tooLarge(req: SentryRequest): Promise<SentryResponse> {
  const publicKey = sentryKeyFrom(req.headers['x-sentry-auth'], req.searchParams.get('sentry_key'));
  const key = publicKey ? await resolveSentryKey(publicKey, req.projectNumber) : null;
  if (key)
    recordOutcome({ projectId: key.projectId, category: unreadCategory(req), outcome: 'invalid', reason: 'too_large' });
  return answer(413, INGEST_MESSAGES.tooLarge);
}

async function run(req: SentryRequest, slots: (() => void)[]): Promise<SentryResponse> {
  if (req.method === 'OPTIONS') return { status: 204, body: null, headers: { ...PREFLIGHT } };
  if (req.method !== 'POST') return answer(405, 'Method not allowed', { headers: { allow: 'POST, OPTIONS' } });
  if (
    req.tooLarge ||
    req.body.length > (req.largeBody && req.endpoint === 'envelope' ? MAX_ENVELOPE_BYTES : MAX_BODY_BYTES)
  )
    return tooLarge(req);

  let body: Buffer | null = null;
  const decode = async (): Promise<SentryResponse | Buffer> => {
    const large = req.largeBody || slots.length > 0;
    let decoded = await decodeBody(
      req.body,
      req.headers['content-encoding'],
      large ? MAX_ENVELOPE_BYTES : MAX_BODY_BYTES,
    );
    // An envelope that decodes past 1 MiB (a compressed attachment) needs a large-body slot to be decoded in full.
    if (!decoded.ok && decoded.reason === 'too_large' && !large && req.endpoint === 'envelope') {
      const release = takeLargeBodySlot();
      if (!release) return answer(429, LARGE_BODY_BUSY_MESSAGE, { headers: { 'retry-after': '1' } });
      slots.push(release);
      decoded = await decodeBody(req.body, req.headers['content-encoding'], MAX_ENVELOPE_BYTES);
    }
    if (decoded.ok) return decoded.body;
    if (decoded.reason === 'too_large') return answer(413, INGEST_MESSAGES.tooLarge);
    if (decoded.reason === 'unsupported_encoding')
      return answer(415, `Unsupported Content-Encoding (use ${SUPPORTED_ENCODINGS})`);
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
  if (!key) return refusedKey(publicKey, req.projectNumber);

  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key)))) {
    // Refused before the body is read: what it held is not known.
    recordOutcome({
      projectId: key.projectId,
      category: unreadCategory(req),
      outcome: 'rate_limited',
      reason: 'key_rate_limit',
    });
    return rateLimited();
  }
  // Browsers send reports with a media type of their own; anything else is no report (Relay answers 415 too).
  if (req.endpoint === 'security' && !acceptsSecurityContentType(req.headers)) {
    recordOutcome({
      projectId: key.projectId,
      category: SECURITY_CATEGORY,
      outcome: 'invalid',
      reason: 'unsupported_content_type',
    });
    return answer(415, UNSUPPORTED_SECURITY_CONTENT_TYPE);
  }

  if (!body) {
    const d = await decode();
    if (!Buffer.isBuffer(d)) {
      recordOutcome({
        projectId: key.projectId,
        category: unreadCategory(req),
        outcome: 'invalid',
        reason: d.status === 413 ? 'too_large' : d.status === 415 ? 'unsupported_encoding' : 'invalid_compression',
      });
      return d;
    }
    body = d;
  }
  const prepared = req.endpoint === 'security' ? prepareSecurity(body, req) : prepareItems(req.endpoint, body);
  if (!prepared.ok) {
    recordOutcome({
      projectId: key.projectId,
      category: prepared.category,
      outcome: 'invalid',
      reason: validationReason(prepared.issues[0]?.path ?? []),
      quantity: prepared.quantity,
    });
    return invalid(prepared.issues);
  }
  // Attachments may take the envelope past 1 MiB; what is not an attachment may not (as a bare event).
  if (prepared.otherBytes > MAX_BODY_BYTES) {
    recordOutcome({
      projectId: key.projectId,
      category: prepared.units[0]?.kind ?? 'unknown',
      outcome: 'invalid',
      reason: 'too_large',
    });
    return answer(413, INGEST_MESSAGES.tooLarge);
  }
  for (const category of prepared.unsupported)
    recordOutcome({ projectId: key.projectId, category, outcome: 'unsupported', reason: 'not_stored' });
  for (const d of prepared.discards)
    recordOutcome({
      projectId: key.projectId,
      category: d.category,
      outcome: 'client_discard',
      reason: d.reason,
      quantity: d.quantity,
    });
  const { outcome, refused } = await storeItems(key, prepared.batch, {
    clientAddress: req.clientAddress,
    eventRefused: prepared.eventRefused,
  });
  const res = sentryAnswer(outcome, prepared.eventId);
  // Metrics past their monthly quota (#61): the SDKs honour the header on any answer and hold their metrics back.
  if (res.status === 200 && refused.some((r) => r.category === 'trace_metric' && r.outcome === 'over_quota'))
    res.headers['x-sentry-rate-limits'] = `${QUOTA_RETRY_AFTER_SECONDS}:trace_metric:organization:usage_exceeded`;
  return res;
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
