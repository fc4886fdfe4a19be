import { respond } from '@/lib/http/envelope';
import { checkHealth } from '@/lib/health/check-health';

// Public, unauthenticated: for load balancers and uptime checks. 503 when the database is unreachable.
export async function GET(): Promise<Response> {
  const health = await checkHealth();
  return health.ok ? respond(200, 'Healthy', health) : respond(503, 'Database unreachable', health);
}
