import { respond } from '@/lib/http/envelope';
import { readCappedBody } from '@/lib/http/read-body';
import { errorToResponse } from '@/lib/http/to-response';
import { AppError } from '@/lib/errors';
import { logger, requestIdFrom } from '@/lib/log';
import { receiveStripeEvent } from '@/lib/billing/receive-stripe-event';

// Stripe's events are a few KiB; the cap is read before anything is buffered.
const MAX_STRIPE_BODY = 256 * 1024;

// Not the session wrapper: the signature is computed over the exact raw body, so it is read as text.
export async function POST(req: Request): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const headers = { 'x-request-id': requestId };
  let res: Response;
  try {
    const raw = await readCappedBody(req, MAX_STRIPE_BODY);
    if (raw === null) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    const outcome = await receiveStripeEvent(raw.toString('utf8'), req.headers.get('stripe-signature'));
    res = respond({ statusCode: 200, message: outcome.message, headers });
  } catch (err) {
    res = errorToResponse(err, headers, requestId);
  }
  logger.info({ requestId, method: 'POST', path: '/api/webhooks/stripe', status: res.status }, 'request');
  return res;
}
