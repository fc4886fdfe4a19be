// The one answer module of the ingest endpoints: their CORS headers (any origin may send, as browser SDKs run on every
// site, and they read the rate-limit headers of a cross-origin answer to back off), the messages they answer with,
// and the response envelope those answers carry.
import type { FieldIssue } from '@/lib/errors';
import { envelope, type Envelope } from '@/lib/http/envelope';
import { classifyDbError, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/lib/db-retry';

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Sentry-Rate-Limits, Retry-After',
} as const;

/** A preflight's answer for an endpoint taking `allowHeaders` (each its own auth header) by `methods`. */
export function preflight(allowHeaders: string, methods = 'POST, OPTIONS') {
  return {
    ...CORS,
    'access-control-allow-methods': methods,
    'access-control-allow-headers': allowHeaders,
    'access-control-max-age': '86400',
  } as const;
}

export const INGEST_MESSAGES = {
  ok: 'Event received successfully',
  missingKey: 'Missing ingest key: send X-Ingest-Auth: ingest_key=<key> or ?ingest_key=<key>',
  invalidKey: 'Invalid ingest key for this project',
  rateLimited: 'Rate limit exceeded',
  quota: 'Monthly event quota exceeded',
  tooLarge: 'Request body too large (limit 1 MiB)',
  validation: 'Validation error',
} as const;

/** At most this many problems are listed in a 400. */
const MAX_REPORTED_ISSUES = 100;

export type IngestAnswer = { status: number; body: Envelope; headers: Record<string, string> };

/** An answer with the response envelope, the CORS headers and any `headers` beside them. */
export function answer(
  status: number,
  message: string,
  extra: { error?: FieldIssue[]; headers?: Record<string, string> } = {},
): IngestAnswer {
  return {
    status,
    body: envelope({ statusCode: status, message, error: extra.error }),
    headers: { ...CORS, ...extra.headers },
  };
}

/** An answer as a web Response, for the Next.js adapters: JSON that is never cached, or no body at all. */
export function webResponse(res: { status: number; body: unknown; headers: Record<string, string> }): Response {
  const headers = new Headers(res.headers);
  if (res.body === null) return new Response(null, { status: res.status, headers });
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(res.body), { status: res.status, headers });
}

/** The answer when the request body could not be read to its end. */
export const unreadable = () => answer(400, 'Could not read the request body');

/** The 400 naming what was wrong, each problem with its path. */
export const invalid = (issues: FieldIssue[]) =>
  answer(400, INGEST_MESSAGES.validation, { error: issues.slice(0, MAX_REPORTED_ISSUES) });

/**
 * The answer when storing failed: 503 with Retry-After when the database was unavailable (a failover that outlasted
 * DATABASE_RETRY_SECONDS, or a commit whose outcome is unknown: lib/db-retry), else 500. Never a 200: nothing
 * not committed is acknowledged.
 */
export function failedAnswer(err: unknown): IngestAnswer {
  if (isDatabaseUnavailable(err) || classifyDbError(err) !== null)
    return answer(503, 'Database unavailable, retry later', {
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    });
  return answer(500, 'Internal server error');
}
