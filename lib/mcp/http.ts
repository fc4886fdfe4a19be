// `/mcp`: the MCP server over Streamable HTTP, stateless (a server and transport per request, as the SDK's
// stateless example; nothing is kept between calls, so any instance of the app answers any call). An API token is
// a credential (`Authorization: Bearer trk_…`, checked as /api/0 checks it: lib/http/route.ts), and so is an OAuth
// access token issued for /mcp (lib/oauth, #63); without one the answer is 401 with `WWW-Authenticate` naming the
// protected resource metadata (RFC 9728), from which an MCP client finds our authorization server. The body is capped before
// it is buffered; answers are JSON (no server-sent stream: every tool answers at once).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { assertTwoFactorSatisfied } from '@/lib/auth/two-factor/org-requirement';
import { bearerToken } from '@/lib/api-tokens/resolve-api-token';
import { AppError } from '@/lib/errors';
import { setAuditActor, withRequestActor } from '@/lib/http/audit-actor';
import { readCappedBody } from '@/lib/http/read-body';
import { recordRequest } from '@/lib/http/request-log';
import { authenticateToken, isJsonContentType, MAX_JSON_BODY } from '@/lib/http/route';
import { errorToResponse } from '@/lib/http/to-response';
import { requestIdFrom } from '@/lib/log';
import { resolveTokenTenant } from '@/lib/orgs/resolve-tenant';
import { resourceMetadataUrl } from '@/lib/oauth/config';
import { isOAuthAccessToken, resolveOAuthAccessToken } from '@/lib/oauth/resolve-access-token';
import { mcpContext, type McpContext } from './context';
import { buildMcpServer } from './server';

const realm = () => `Bearer realm="tracker-mcp", resource_metadata="${resourceMetadataUrl()}"`;
const NO_TOKEN = 'An API token is required: send "Authorization: Bearer <token>" (Settings → API tokens)';

/** The token's context: no token or an unknown/revoked one → 401 with WWW-Authenticate; a scope-less one → 403. */
async function authenticate(req: Request): Promise<McpContext> {
  const bearer = bearerToken(req.headers.get('authorization'));
  if (!bearer) throw new AppError('UNAUTHORIZED', NO_TOKEN, undefined, { 'WWW-Authenticate': realm() });
  // Every tool reads, so the session needs what a read of /api/0 needs; a changing tool checks for more itself.
  const resolve = isOAuthAccessToken(bearer) ? resolveOAuthAccessToken : undefined;
  const token = await authenticateToken(bearer, 'GET', { scope: 'organization', resolve }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'UNAUTHORIZED')
      throw new AppError('UNAUTHORIZED', err.message, undefined, {
        'WWW-Authenticate': `${realm()}, error="invalid_token"`,
      });
    throw err;
  });
  setAuditActor({ tokenId: token.tokenId });
  const tenant = await resolveTokenTenant({ ...token, projectId: undefined });
  await assertTwoFactorSatisfied(token.createdById, tenant.orgId, 'token');
  return mcpContext(tenant, token.scopes, token.createdById);
}

const jsonRpcError = (status: number, code: number, message: string, headers: Headers) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });

/** The JSON-RPC message(s) of a POST, read with a cap; a refusal is the Response to answer. */
async function readMessage(req: Request, headers: Headers): Promise<{ body: unknown } | Response> {
  if (!isJsonContentType(req.headers.get('content-type')))
    return jsonRpcError(415, -32000, 'Content-Type must be application/json', headers);
  const bytes = await readCappedBody(req, MAX_JSON_BODY).catch(() => undefined);
  if (bytes === undefined) return jsonRpcError(400, -32700, 'Parse error: could not read the body', headers);
  if (bytes === null)
    return jsonRpcError(413, -32000, `Request body too large (at most ${MAX_JSON_BODY} bytes)`, headers);
  try {
    return { body: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    return jsonRpcError(400, -32700, 'Parse error: the body is not JSON', headers);
  }
}

async function answer(req: Request, ctx: McpContext, headers: Headers): Promise<Response> {
  if (req.method !== 'POST') {
    // Stateless: no session to open a stream on or to end.
    headers.set('Allow', 'POST');
    return jsonRpcError(405, -32000, 'Method not allowed: this server is stateless, send POST', headers);
  }
  const read = await readMessage(req, headers);
  if (read instanceof Response) return read;
  const server = buildMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const res = await transport.handleRequest(req, { parsedBody: read.body });
    const body = res.status === 202 || res.status === 204 ? null : await res.arrayBuffer();
    for (const [k, v] of res.headers) headers.set(k, v);
    return new Response(body, { status: res.status, headers });
  } finally {
    await transport.close();
    await server.close();
  }
}

export function handleMcp(req: Request): Promise<Response> {
  return withRequestActor(req, async () => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    const headers = new Headers({ 'x-request-id': requestId, 'cache-control': 'no-store' });
    let tokenId: string | undefined;
    try {
      const ctx = await authenticate(req);
      tokenId = ctx.tenant.tokenId;
      const res = await answer(req, ctx, headers);
      return recordRequest(req, res, { started, requestId, tokenId });
    } catch (err) {
      await req.body?.cancel().catch(() => {});
      return recordRequest(req, errorToResponse(err, headers, requestId), { started, requestId, tokenId });
    }
  });
}
