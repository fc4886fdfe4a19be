import { respond } from '@/lib/http/envelope';
import { APP_VERSION } from '@/lib/version/app-version';
import { checkHealth, healthDetailAllowed, publicHealth } from '@/lib/health/check-health';

// Public, unauthenticated: for load balancers and uptime checks. 503 when the database is unreachable.
// Anyone sees the status, timing and the running version (package.json's); the probes' details (error texts,
// queue backlog) need HEALTH_TOKEN.
export async function GET(req: Request): Promise<Response> {
  const health = await checkHealth();
  const data = { ...(healthDetailAllowed(req.headers) ? health : publicHealth(health)), version: APP_VERSION };
  return health.ok
    ? respond({ statusCode: 200, message: 'Healthy', data })
    : respond({ statusCode: 503, message: 'Database unreachable', data });
}
