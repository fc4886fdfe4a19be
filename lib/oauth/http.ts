// #63: the adapter of the OAuth endpoints (metadata, registration, token). They speak OAuth, not our envelope: an
// answer is the JSON document itself, a refusal `{ error, error_description }` (RFC 6749 §5.2), never stored by a
// cache, and open to any origin (a browser-based MCP client reads them; no cookie is ever read here).
import { AppError } from '@/lib/errors';
import { enforceThrottle, type ThrottleRule } from '@/lib/auth/throttle';
import { clientAddress } from '@/lib/auth/client-address';
import { withRequestActor } from '@/lib/http/audit-actor';
import { readCappedBody } from '@/lib/http/read-body';
import { recordRequest } from '@/lib/http/request-log';
import { errorStatus } from '@/lib/http/to-response';
import { isJsonContentType } from '@/lib/http/route';
import { logger, requestIdFrom } from '@/lib/log';
import { OAuthRefusal, refuse } from './errors';

/** Registration and token requests are a few short fields. */
export const MAX_OAUTH_BODY = 16 * 1024;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
};
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

type OAuthHandler = (req: Request) => Promise<{ status?: number; body: unknown }>;

/** An OAuth endpoint: throttled per address when `throttle` is given, answers and refusals as OAuth JSON. */
export function oauthEndpoint(handler: OAuthHandler, throttle?: (address: string) => ThrottleRule[]) {
  return (req: Request): Promise<Response> =>
    withRequestActor(req, async () => {
      const started = performance.now();
      const requestId = requestIdFrom(req.headers);
      const headers = new Headers({ ...CORS, ...NO_STORE, 'x-request-id': requestId });
      const done = (res: Response) => recordRequest(req, res, { started, requestId });
      try {
        if (throttle) await enforceThrottle(throttle(clientAddress(req)), 'Too many requests: try again later');
        const { status = 200, body } = await handler(req);
        return done(Response.json(body, { status, headers }));
      } catch (err) {
        await req.body?.cancel().catch(() => {});
        return done(oauthErrorResponse(err, headers, requestId));
      }
    });
}

function oauthErrorResponse(err: unknown, headers: Headers, requestId: string): Response {
  if (err instanceof AppError) for (const [k, v] of Object.entries(err.headers ?? {})) headers.set(k, v);
  if (err instanceof OAuthRefusal) {
    // RFC 6749 §5.2: a client that failed to authenticate is told how (here: it sends its client_id).
    if (err.error === 'invalid_client') headers.set('www-authenticate', 'Bearer realm="tracker-oauth"');
    const body = { error: err.error, error_description: err.message };
    return Response.json(body, { status: errorStatus[err.code], headers });
  }
  if (err instanceof AppError) {
    const error = err.code === 'TOO_MANY_REQUESTS' ? 'temporarily_unavailable' : 'invalid_request';
    return Response.json({ error, error_description: err.message }, { status: errorStatus[err.code], headers });
  }
  logger.error({ requestId, err }, 'unhandled error');
  return Response.json({ error: 'server_error', error_description: 'Internal server error' }, { status: 500, headers });
}

/** The preflight of a browser-based client. */
export const oauthPreflight = async () => new Response(null, { status: 204, headers: CORS });

/** A GET of a metadata document. */
export const metadataEndpoint = (doc: () => unknown) => oauthEndpoint(async () => ({ body: doc() }));

/** The body of a POST as fields: form-encoded (the token endpoint) or JSON (registration), capped before buffering. */
export async function readOAuthBody(req: Request, type: 'form' | 'json'): Promise<Record<string, unknown>> {
  const ct = req.headers.get('content-type');
  const form = ct?.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';
  if (type === 'form' ? !form : !isJsonContentType(ct))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type must be ${type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'}`,
    );
  const bytes = await readCappedBody(req, MAX_OAUTH_BODY).catch(() => undefined);
  if (bytes === undefined) throw refuse('invalid_request', 'The request body could not be read');
  if (bytes === null)
    throw new AppError('PAYLOAD_TOO_LARGE', `Request body too large (at most ${MAX_OAUTH_BODY} bytes)`);
  const text = bytes.toString('utf8');
  if (type === 'form') {
    const out = new Map<string, string>();
    for (const [k, v] of new URLSearchParams(text)) {
      // RFC 6749 §3.2: a parameter sent twice is refused.
      if (out.has(k)) throw refuse('invalid_request', `The parameter ${k} was sent more than once`);
      out.set(k, v);
    }
    return Object.fromEntries(out);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw refuse('invalid_client_metadata', 'The body is not a JSON object');
}
