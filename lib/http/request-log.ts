import { observeHttp } from '@/lib/metrics/metrics';
import { logger } from '@/lib/log';

/** One answered request: its metric and its log line (ids only, never a body, cookie or query). */
export function recordRequest(
  req: Request,
  res: Response,
  { started, ...ids }: { started: number; requestId: string; userId?: string; tokenId?: string },
): Response {
  const path = new URL(req.url).pathname;
  const ms = performance.now() - started;
  observeHttp({ pathname: path, method: req.method, status: res.status, seconds: ms / 1000 });
  logger.info({ ...ids, method: req.method, path, status: res.status, ms: Math.round(ms) }, 'request');
  return res;
}
