// #63: what /mcp answers a request it refuses, before any tool runs: no token or an unknown one is a 401 with
// WWW-Authenticate (and the SDK's client cannot connect), a token without a read scope is 403, a stateless server
// has no stream to open (405), and a body that is not JSON, not parseable or too large is refused before it is
// buffered. A refused request writes nothing to the audit log.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { MAX_JSON_BODY } from '@/lib/http/route';
import { signUp } from '../support/accounts';
import { mcpFetch } from '../support/mcp';
import { createToken } from '../support/tokens';

const URL_ = 'http://localhost/mcp';
// Where an MCP client finds our authorization server (RFC 9728, #63: mcp-oauth.test.ts).
const RESOURCE_METADATA = `${env.appOrigin}/.well-known/oauth-protected-resource/mcp`;
const ACCEPT = 'application/json, text/event-stream';
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
let read: string;
let releases: string;

beforeAll(async () => {
  const owner = await signUp({ name: 'Http Shop' });
  read = (await createToken(owner.client, ['read'])).token;
  releases = (await createToken(owner.client, ['releases'])).token;
}, 60_000);

type Case = {
  name: string;
  init: () => RequestInit;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
};

const post = (token: string | null, body: BodyInit, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { accept: ACCEPT, 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body,
});
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

describe('/mcp refuses', () => {
  const cases: Case[] = [
    {
      name: 'no token',
      init: () => post(null, LIST),
      status: 401,
      body: {
        statusCode: 401,
        message: 'An API token is required: send "Authorization: Bearer <token>" (Settings → API tokens)',
      },
      headers: { 'www-authenticate': `Bearer realm="tracker-mcp", resource_metadata="${RESOURCE_METADATA}"` },
    },
    {
      name: 'an unknown token',
      init: () => post('trk_nosuchtoken', LIST),
      status: 401,
      body: { statusCode: 401, message: 'Invalid or revoked API token' },
      headers: {
        'www-authenticate': `Bearer realm="tracker-mcp", resource_metadata="${RESOURCE_METADATA}", error="invalid_token"`,
      },
    },
    {
      name: 'a token with only the releases scope',
      init: () => post(releases, LIST),
      status: 403,
      body: { statusCode: 403, message: 'This API token lacks the "read" scope' },
    },
    {
      name: 'a GET (no stream on a stateless server)',
      init: () => ({ method: 'GET', headers: { accept: ACCEPT, authorization: `Bearer ${read}` } }),
      status: 405,
      body: rpcError(-32000, 'Method not allowed: this server is stateless, send POST'),
      headers: { allow: 'POST' },
    },
    {
      name: 'a body that is not JSON',
      init: () => post(read, LIST, 'text/plain'),
      status: 415,
      body: rpcError(-32000, 'Content-Type must be application/json'),
    },
    {
      name: 'a malformed JSON body',
      init: () => post(read, '{"jsonrpc": "2.0", '),
      status: 400,
      body: rpcError(-32700, 'Parse error: the body is not JSON'),
    },
    {
      name: 'a body over the cap',
      init: () =>
        post(read, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', params: { pad: 'a'.repeat(MAX_JSON_BODY) } })),
      status: 413,
      body: rpcError(-32000, `Request body too large (at most ${MAX_JSON_BODY} bytes)`),
    },
  ];

  it.each(cases)('$name: $status', async ({ init, status, body, headers }) => {
    const before = await db.auditLogEntry.count({ where: { action: 'mcp.tool_called' } });
    const res = await mcpFetch(URL_, init());
    expect(res.status).toBe(status);
    const json = (await res.json()) as Record<string, unknown>;
    expect(status >= 401 && status <= 403 ? { statusCode: json.statusCode, message: json.message } : json).toEqual(
      body,
    );
    for (const [k, v] of Object.entries(headers ?? {})) expect(res.headers.get(k)).toBe(v);
    expect(await db.auditLogEntry.count({ where: { action: 'mcp.tool_called' } })).toBe(before);
  });

  it('keeps the SDK client without a token from connecting', async () => {
    const client = new Client({ name: 'no-token', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(URL_), { fetch: mcpFetch });
    await expect(client.connect(transport)).rejects.toThrow(/401|Unauthorized/i);
  });

  it('answers a tools/list with a read token, as JSON', async () => {
    const res = await mcpFetch(URL_, post(read, LIST));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { result: { tools: { name: string }[] } };
    expect(body.result.tools).toHaveLength(12);
  });
});
