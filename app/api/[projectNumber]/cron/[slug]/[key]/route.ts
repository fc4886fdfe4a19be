import crypto from 'node:crypto';
import { envelope } from '@/lib/http/envelope';
import { processCheckIn } from '@/lib/monitors/monitors';
import { parseCheckIn } from '@/lib/monitors/parse-checkin';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { reserveIngestTokens } from '@/lib/quota/rate-limit';
import { keyShape } from '@/lib/ingest/resolve-key';
import { resolveSentryKey } from '@/lib/sentry/resolve-sentry-key';

// Sentry's plain HTTP check-in for shell and cURL jobs: GET or POST /api/<project>/cron/<monitor_slug>/<public_key>/
// with ?status=in_progress|ok|error (and check_in_id, duration in seconds, environment). The monitor must exist
// (made by an SDK's monitor_config or in the dashboard); answers 202 with the check-in's id, as Sentry does.
type Ctx = { params: Promise<{ projectNumber: string; slug: string; key: string }> };
const CORS = { 'access-control-allow-origin': '*' };
const answer = (status: number, message: string, data?: unknown) => Response.json(envelope(status, message, data), { status, headers: CORS });

async function handle(req: Request, ctx: Ctx): Promise<Response> {
  const { projectNumber, slug, key: publicKey } = await ctx.params;
  const key = await resolveSentryKey(publicKey, projectNumber);
  if (!key) return answer(401, 'Invalid or disabled key for this project');
  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key)))) return answer(429, 'Rate limit exceeded');
  const q = new URL(req.url).searchParams;
  const duration = q.get('duration');
  const parsed = parseCheckIn(
    {
      check_in_id: q.get('check_in_id') ?? crypto.randomUUID().replace(/-/g, ''),
      monitor_slug: slug,
      status: q.get('status') ?? 'ok',
      ...(duration !== null ? { duration: Number(duration) } : {}),
      ...(q.get('environment') ? { environment: q.get('environment') } : {}),
    },
    [],
  );
  if (Array.isArray(parsed)) {
    recordOutcome(key.projectId, 'monitor', 'invalid', `validation: ${parsed[0].path.join('.')}`);
    return answer(400, 'Validation error', undefined);
  }
  const done = await processCheckIn(key, parsed, { placeholder: false });
  if (done !== 'stored') {
    recordOutcome(key.projectId, 'monitor', 'invalid', 'unknown_monitor');
    return answer(404, `No monitor ${slug} in this project: create it in the dashboard or send monitor_config from an SDK first`);
  }
  recordOutcome(key.projectId, 'monitor', 'accepted', '');
  return answer(202, 'Check-in accepted', { id: parsed.id });
}

export const GET = handle;
export const POST = handle;
