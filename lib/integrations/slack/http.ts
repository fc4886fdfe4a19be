// The HTTP side of Slack's requests to us (#64): interactions and events. Throttled by address first, the body
// capped before it is buffered (413), the signature and its timestamp checked (401) before anything is parsed.
import { AppError } from '@/lib/errors';
import { clientAddress } from '@/lib/auth/client-address';
import { enforceThrottle, perAddress } from '@/lib/auth/throttle';
import { logger, requestIdFrom } from '@/lib/log';
import { respond } from '@/lib/http/envelope';
import { readCappedBody } from '@/lib/http/read-body';
import { errorToResponse } from '@/lib/http/to-response';
import { slackSigningSecret, verifySlackRequest } from './signing';

const MAX_BYTES = 1024 * 1024;

/** `json`: answered as it is (Slack reads `challenge`); otherwise the usual envelope with `message`. */
export type SlackAnswer = { message: string; json?: unknown };

export async function handleSlackRequest(
  req: Request,
  name: string,
  receive: (body: Buffer) => Promise<SlackAnswer>,
): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const headers = { 'x-request-id': requestId };
  let res: Response;
  try {
    await enforceThrottle([{ key: `${name}:a:${clientAddress(req)}`, limit: perAddress(600), windowMs: 60_000 }]);
    const secret = slackSigningSecret();
    const body = await readCappedBody(req, MAX_BYTES);
    if (body === null) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    const check = verifySlackRequest({ headers: req.headers, body, nowMs: Date.now() }, secret);
    if (!check.ok) throw new AppError('UNAUTHORIZED', check.message);
    const answer = await receive(body);
    res =
      answer.json !== undefined
        ? Response.json(answer.json, { headers })
        : respond({ statusCode: 200, message: answer.message, headers });
  } catch (err) {
    res = errorToResponse(err, headers, requestId);
  }
  logger.info({ requestId, method: 'POST', webhook: name, status: res.status }, 'request');
  return res;
}
