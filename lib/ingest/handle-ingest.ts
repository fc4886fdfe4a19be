import { z } from 'zod';
import { clock } from '@/lib/clock';
import { envelope, type Envelope } from '@/lib/http/envelope';
import { issuesFromZod, type FieldIssue } from '@/lib/errors';
import { reserveIngestTokens } from '@/lib/quota/rate-limit';
import type { Level } from '@/lib/generated/prisma/enums';
import { fingerprintOf, issueCulprit, issueTitle } from '@/lib/grouping/fingerprint';
import { decodeBody, MAX_BODY_BYTES } from './decode-body';
import { forgetIngestKey, ingestKeyFrom, resolveIngestKey, type IngestKey } from './resolve-key';
import { envelopeKind, errorEnvelopeSchema, transactionEnvelopeSchema, type ErrorEnvelope, type TransactionEnvelope } from './schemas';
import { storableEnvelope } from './prepare-json';
import { submitErrorEvent, submitTransaction, type ErrorOutcome, type TransactionOutcome } from './group-commit';

export type IngestRequest = {
  projectId: string;
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  body: Buffer;
};

export type IngestResponse = { status: number; body: Envelope | null; headers: Record<string, string> };

const CORS = { 'access-control-allow-origin': '*' } as const;
const PREFLIGHT = {
  ...CORS,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, X-Ingest-Auth',
  'access-control-max-age': '86400',
} as const;
const MAX_REPORTED_ISSUES = 100;

export const INGEST_MESSAGES = {
  ok: 'Event received successfully',
  missingKey: 'Missing ingest key: send X-Ingest-Auth: ingest_key=<key> or ?ingest_key=<key>',
  invalidKey: 'Invalid ingest key for this project',
  rateLimited: 'Rate limit exceeded',
  quota: 'Monthly event quota exceeded',
  tooLarge: 'Request body too large (limit 1 MiB)',
  validation: 'Validation error',
} as const;

function answer(status: number, message: string, extra: { error?: FieldIssue[]; headers?: Record<string, string> } = {}): IngestResponse {
  return { status, body: envelope(status, message, undefined, extra.error), headers: { ...CORS, ...extra.headers } };
}

const invalid = (issues: FieldIssue[]) => answer(400, INGEST_MESSAGES.validation, { error: issues.slice(0, MAX_REPORTED_ISSUES) });

/**
 * The ingest endpoint without any HTTP framework: plain request data in, status, envelope and headers out.
 * Checks run in the contract's order: key (401) → rate limit (429) → validation (400) → quota (429) → store → 200.
 */
export async function handleIngest(req: IngestRequest): Promise<IngestResponse> {
  try {
    return await ingest(req);
  } catch (err) {
    console.error('ingest failed', err);
    return answer(500, 'Internal server error');
  }
}

async function ingest(req: IngestRequest): Promise<IngestResponse> {
  if (req.method === 'OPTIONS') return { status: 204, body: null, headers: { ...PREFLIGHT } };
  if (req.method !== 'POST') return answer(405, 'Method not allowed', { headers: { allow: 'POST, OPTIONS' } });
  if (req.body.length > MAX_BODY_BYTES) return answer(413, INGEST_MESSAGES.tooLarge);

  const publicKey = ingestKeyFrom(req.headers['x-ingest-auth'], req.searchParams.get('ingest_key'));
  if (!publicKey) return answer(401, INGEST_MESSAGES.missingKey);
  const key = await resolveIngestKey(publicKey, req.projectId);
  if (!key) return answer(401, INGEST_MESSAGES.invalidKey);

  if (!(await reserveIngestTokens(key.publicKey))) return answer(429, INGEST_MESSAGES.rateLimited, { headers: { 'retry-after': '1' } });

  const decoded = await decodeBody(req.body, req.headers['content-encoding']);
  if (!decoded.ok) {
    if (decoded.reason === 'too_large') return answer(413, INGEST_MESSAGES.tooLarge);
    if (decoded.reason === 'unsupported_encoding') return answer(415, 'Unsupported Content-Encoding (use gzip or deflate)');
    return invalid([{ path: [], message: 'Body is not valid compressed data' }]);
  }
  const text = decoded.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid([{ path: [], message: 'Malformed JSON body' }]);
  }
  return ingestEnvelopeJson(key, json, text.includes('\\u'));
}

/**
 * Validation → quota → store → 200 for one parsed envelope of our format, for a key already resolved
 * and rate-limited. Other wire formats (Sentry's) convert their items and come in here.
 * `hadEscapes` says whether the JSON text held \u escapes (which may decode to unstorable characters).
 */
export async function ingestEnvelopeJson(key: IngestKey, json: unknown, hadEscapes = true): Promise<IngestResponse> {
  if (envelopeKind(json) === 'transaction') {
    const tx = validate(transactionEnvelopeSchema, json, hadEscapes);
    return tx.ok ? ingestTransaction(key, tx.value) : tx.response;
  }
  const ev = validate(errorEnvelopeSchema, json, hadEscapes);
  return ev.ok ? ingestError(key, ev.value) : ev.response;
}

type Validated<T> = { ok: true; value: T } | { ok: false; response: IngestResponse };

function validate<S extends z.ZodType>(schema: S, json: unknown, hadEscapes: boolean): Validated<z.infer<S>> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, response: invalid(issuesFromZod(parsed.error)) };
  const storable = storableEnvelope(parsed.data, hadEscapes);
  if (!storable.ok) return { ok: false, response: invalid([storable.issue]) };
  return { ok: true, value: storable.value };
}

const LEVELS: Record<ErrorEnvelope['level'], Level> = { fatal: 'FATAL', error: 'ERROR', warning: 'WARNING', info: 'INFO', debug: 'DEBUG' };
const jsonOrNull = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

async function ingestError(key: IngestKey, env: ErrorEnvelope): Promise<IngestResponse> {
  const exc = env.exception;
  const frames = exc.stacktrace.frames;
  const receivedAt = clock.now();
  const outcome = await submitErrorEvent({
    orgId: key.orgId,
    projectId: key.projectId,
    fingerprint: fingerprintOf({ type: exc.type, frames }, env.fingerprint),
    title: issueTitle(exc.type, exc.value),
    culprit: issueCulprit(frames),
    level: LEVELS[env.level],
    message: exc.value,
    eventId: env.event_id ?? null,
    timestamp: env.timestamp !== undefined ? new Date(env.timestamp) : receivedAt,
    receivedAt,
    environment: env.environment ?? null,
    release: env.release ?? null,
    json: {
      stacktrace: JSON.stringify({ frames }),
      contexts: jsonOrNull(env.contexts),
      tags: jsonOrNull(env.tags),
      userContext: jsonOrNull(env.user),
      request: jsonOrNull(env.request),
      breadcrumbs: jsonOrNull(env.breadcrumbs),
    },
  });
  return answerStored(key, outcome);
}

async function ingestTransaction(key: IngestKey, t: TransactionEnvelope): Promise<IngestResponse> {
  const outcome = await submitTransaction({
    orgId: key.orgId,
    projectId: key.projectId,
    name: t.name,
    duration: t.duration,
    status: t.status,
    vitals: t.vitals ?? {},
    timestamp: new Date(t.timestamp),
    receivedAt: clock.now(),
  });
  return answerStored(key, outcome);
}

function answerStored(key: IngestKey, outcome: ErrorOutcome | TransactionOutcome): IngestResponse {
  switch (outcome.kind) {
    case 'stored':
    case 'duplicate':
      return answer(200, INGEST_MESSAGES.ok);
    case 'quota_exceeded':
      return answer(429, INGEST_MESSAGES.quota);
    case 'unauthorized':
      // The project was deleted after the key lookup.
      forgetIngestKey(key.publicKey);
      return answer(401, INGEST_MESSAGES.invalidKey);
    case 'unstorable':
      return invalid([{ path: [], message: 'Envelope contains values that cannot be stored' }]);
  }
}
