// The HTTP side of an inbound, signed webhook (#64), beside Stripe's (app/api/webhooks/stripe): throttled by the
// caller's address and the target before anything else, the target looked up (404) before the body is read, the
// body capped before it is buffered (413), then handed over raw, since signatures are computed over its exact bytes.
import { AppError } from '@/lib/errors';
import { hasControlCharacters } from '@/lib/text/control-characters';
import { clientAddress } from '@/lib/auth/client-address';
import { enforceThrottle, perAddress } from '@/lib/auth/throttle';
import { logger, requestIdFrom } from '@/lib/log';
import { respond } from './envelope';
import { readCappedBody } from './read-body';
import { errorToResponse } from './to-response';

const MINUTE = 60_000;

export type SignedWebhook<T> = {
  /** What the logs call it (no secret: the URL's token is never logged). */
  name: string;
  maxBytes: number;
  /** Per target and minute; per address it is 10× that (scaled by AUTH_THROTTLE_MULTIPLIER). */
  perTargetPerMinute: number;
  /** The target named in the URL, or throws (404). */
  target: (id: string) => Promise<T>;
  receive: (target: T, body: Buffer) => Promise<{ message: string }>;
};

export async function handleSignedWebhook<T>(req: Request, id: string, spec: SignedWebhook<T>): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const headers = { 'x-request-id': requestId };
  let res: Response;
  try {
    // A path segment with a NUL or another control character names nothing that exists (nor the throttle's table or SQL: no database call).
    if (hasControlCharacters(id)) throw new AppError('NOT_FOUND', 'Not found');
    const address = clientAddress(req);
    await enforceThrottle([
      { key: `${spec.name}:a:${address}`, limit: perAddress(10 * spec.perTargetPerMinute), windowMs: MINUTE },
      { key: `${spec.name}:t:${id.slice(0, 100)}`, limit: spec.perTargetPerMinute, windowMs: MINUTE },
    ]);
    const target = await spec.target(id);
    const body = await readCappedBody(req, spec.maxBytes);
    if (body === null) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    const outcome = await spec.receive(target, body);
    res = respond({ statusCode: 200, message: outcome.message, headers });
  } catch (err) {
    res = errorToResponse(err, headers, requestId);
  }
  logger.info({ requestId, method: 'POST', webhook: spec.name, target: id, status: res.status }, 'request');
  return res;
}
