import { respond } from '@/lib/http/envelope';
import { errorToResponse } from '@/lib/http/to-response';
import { logger, requestIdFrom } from '@/lib/log';
import { receiveStripeEvent } from '@/lib/billing/receive-stripe-event';

// Not the session wrapper: the signature is computed over the exact raw body, so it is read as text.
export async function POST(req: Request): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const headers = { 'x-request-id': requestId };
  let res: Response;
  try {
    const outcome = await receiveStripeEvent(await req.text(), req.headers.get('stripe-signature'));
    res = respond(200, outcome.message, undefined, undefined, headers);
  } catch (err) {
    res = errorToResponse(err, headers, requestId);
  }
  logger.info({ requestId, method: 'POST', path: '/api/webhooks/stripe', status: res.status }, 'request');
  return res;
}
