import crypto from 'node:crypto';
import { getBoss } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { metricsText, setReplicaGauges } from '@/lib/metrics/metrics';
import { replicaConfigured, replicaState } from '@/lib/replica';

// Prometheus scrape (#36): the text format, only with METRICS_TOKEN (Authorization: Bearer <token>); 404 when the
// token is not set, so an instance never exposes its metrics by default.
export async function GET(req: Request): Promise<Response> {
  const token = process.env.METRICS_TOKEN?.trim();
  if (!token) return Response.json({ statusCode: 404, message: 'Metrics are off: set METRICS_TOKEN' }, { status: 404 });
  const given = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  if (!crypto.timingSafeEqual(a, b))
    return Response.json(
      { statusCode: 401, message: 'Send Authorization: Bearer <METRICS_TOKEN>' },
      { status: 401, headers: { 'www-authenticate': 'Bearer' } },
    );
  if (replicaConfigured()) {
    const replica = replicaState();
    setReplicaGauges(replica?.lagSeconds ?? null, replica?.usable ?? false);
  }
  const { body, contentType } = await metricsText(async () => {
    const boss = await getBoss();
    const out: Record<string, number> = {};
    for (const name of Object.values(QUEUES)) out[name] = await boss.getQueueSize(name);
    return out;
  });
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}
