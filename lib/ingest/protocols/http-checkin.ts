// Sentry's plain HTTP check-in for shell and cURL jobs: GET or POST /api/<project>/cron/<monitor_slug>/<public_key>/
// with ?status=in_progress|ok|error (and check_in_id, duration in seconds, environment). The monitor must exist
// (made by an SDK's monitor_config or in the dashboard); answers 202 with the check-in's id, as Sentry does.
import crypto from 'node:crypto';
import type { FieldIssue } from '@/lib/errors';
import { envelope, type Envelope } from '@/lib/http/envelope';
import { keyShape } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { resolveSentryKey } from '@/lib/ingest/admit/resolve-sentry-key';
import { requestControlCharacterIssues } from '@/lib/text/control-characters';
import { failureEvents, parseCheckIn } from '@/lib/ingest/items/check-ins';
import { processCheckIn } from '@/lib/monitors/check-ins';

export type HttpCheckIn = { projectNumber: string; slug: string; publicKey: string; searchParams: URLSearchParams };
export type HttpCheckInAnswer = { status: number; body: Envelope };

/** Where each check-in field came from in the request, so a 400 names what the caller sent. */
const SOURCE: Record<string, (string | number)[]> = {
  check_in_id: ['query', 'check_in_id'],
  monitor_slug: ['params', 'slug'],
  status: ['query', 'status'],
  duration: ['query', 'duration'],
  environment: ['query', 'environment'],
};

const answer = (status: number, message: string, data?: unknown, error?: FieldIssue[]): HttpCheckInAnswer => ({
  status,
  body: envelope({ statusCode: status, message, data, error }),
});

export async function handleHttpCheckIn(req: HttpCheckIn): Promise<HttpCheckInAnswer> {
  // Before the key lookup: a NUL cannot be sent to PostgreSQL, and no key, slug or environment holds one.
  const control = requestControlCharacterIssues(
    { projectNumber: req.projectNumber, slug: req.slug, key: req.publicKey },
    req.searchParams,
  );
  if (control.length > 0) return answer(400, 'Validation error', undefined, control);
  const key = await resolveSentryKey(req.publicKey, req.projectNumber);
  if (!key) return answer(401, 'Invalid or disabled key for this project');
  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key)))) return answer(429, 'Rate limit exceeded');
  const q = req.searchParams;
  const duration = q.get('duration');
  const parsed = parseCheckIn(
    {
      check_in_id: q.get('check_in_id') ?? crypto.randomUUID().replace(/-/g, ''),
      monitor_slug: req.slug,
      status: q.get('status') ?? 'ok',
      ...(duration !== null ? { duration: Number(duration) } : {}),
      ...(q.get('environment') ? { environment: q.get('environment') } : {}),
    },
    [],
  );
  if (Array.isArray(parsed)) {
    recordOutcome({
      projectId: key.projectId,
      category: 'monitor',
      outcome: 'invalid',
      reason: `validation: ${parsed[0].path.join('.')}`,
    });
    return answer(
      400,
      'Validation error',
      undefined,
      parsed.map((i) => ({ ...i, path: [...(SOURCE[String(i.path[0])] ?? i.path.slice(0, 1)), ...i.path.slice(1)] })),
    );
  }
  const done = await processCheckIn(key.projectId, parsed, { events: failureEvents(key), placeholder: false });
  if (done !== 'stored') {
    recordOutcome({ projectId: key.projectId, category: 'monitor', outcome: 'invalid', reason: 'unknown_monitor' });
    return answer(
      404,
      `No monitor ${req.slug} in this project: create it in the dashboard or send monitor_config from an SDK first`,
    );
  }
  recordOutcome({ projectId: key.projectId, category: 'monitor', outcome: 'accepted', reason: '' });
  return answer(202, 'Check-in accepted', { id: parsed.id });
}
