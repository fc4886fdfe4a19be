// #63: what the OAuth endpoints of the MCP server refuse, each with the exact status and the JSON body RFC 7591 §3.2.2
// (registration) and RFC 6749 §5.2 (token) name: redirect URIs that are not https or loopback http, PKCE missing or
// plain, a wrong verifier, a code used twice (the grant it made is revoked) or expired, another resource, an unknown
// client, a refresh token used twice (its whole family revoked); the authorization request's faults are shown (a
// wrong client or redirect URI) or sent back to the client with their error; registration is throttled per address.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { checkAuthorization } from '@/lib/oauth/authorize';
import { signUp } from '../support/accounts';
import { TestClient } from '../support/client';
import { FORM_TYPE, postForm } from '../support/forms';
import { appFetch, MCP_URL } from '../support/mcp-oauth';

const REDIRECT = 'http://127.0.0.1:4000/cb';
let owner: Awaited<ReturnType<typeof signUp>>;
let clientId: string;
let otherClientId: string;

const agent = new TestClient();
const register = (body: unknown) => agent.post('/oauth/register', body);
const token = (fields: Record<string, string>) =>
  agent.post('/oauth/token', new URLSearchParams(fields).toString(), { headers: { 'content-type': FORM_TYPE } });
const oauthError = (error: string, error_description: string) => ({ error, error_description });

function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization request's parameters, valid unless overridden. */
function request(over: Record<string, string | undefined> = {}, challenge = pkce().challenge) {
  const all: Record<string, string | undefined> = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's1',
    scope: 'read write',
    resource: MCP_URL(),
    ...over,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/** A code the owner allowed, with its verifier. */
async function code(access: 'read' | 'write' = 'read') {
  const { verifier, challenge } = pkce();
  const res = await postForm(owner.client, '/api/forms/oauth-consent', {
    ...request({}, challenge),
    orgId: owner.orgId,
    access,
    decision: 'allow',
  });
  return { code: new URL(res.headers.get('location')!).searchParams.get('code')!, verifier };
}

/** Exchanges the code; an override with an empty value stands for a parameter not sent. */
const exchange = (c: { code: string; verifier: string }, over: Record<string, string> = {}) => {
  const fields = {
    grant_type: 'authorization_code',
    client_id: clientId,
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: REDIRECT,
    resource: MCP_URL(),
    ...over,
  };
  return token(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '')));
};

async function mcpStatus(accessToken: string): Promise<number> {
  const res = await appFetch(MCP_URL(), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  await res.body?.cancel();
  return res.status;
}

beforeAll(async () => {
  owner = await signUp({ name: 'Ada' });
  clientId = (await register({ client_name: 'Agent', redirect_uris: [REDIRECT] })).body.client_id;
  otherClientId = (await register({ redirect_uris: ['https://other.example/cb'] })).body.client_id;
}, 60_000);

describe('registration refuses', () => {
  const uriError = (uri: string, why: string) => oauthError('invalid_redirect_uri', `The redirect URI ${uri} ${why}`);
  const HTTPS_OR_LOOPBACK = 'must use https, or http on localhost, 127.0.0.1 or [::1]';
  it.each([
    [
      'no redirect URI',
      {},
      400,
      oauthError('invalid_redirect_uri', 'redirect_uris is required: at least one redirect URI'),
    ],
    [
      'http on another host',
      { redirect_uris: ['http://evil.example/cb'] },
      400,
      uriError('http://evil.example/cb', HTTPS_OR_LOOPBACK),
    ],
    ['a custom scheme', { redirect_uris: ['myapp://cb'] }, 400, uriError('myapp://cb', HTTPS_OR_LOOPBACK)],
    [
      'javascript:',
      { redirect_uris: ['javascript:alert(1)'] },
      400,
      uriError('javascript:alert(1)', HTTPS_OR_LOOPBACK),
    ],
    [
      'a fragment',
      { redirect_uris: ['https://a.example/cb#x'] },
      400,
      uriError('https://a.example/cb#x', 'must not have a fragment'),
    ],
    ['a relative URI', { redirect_uris: ['/cb'] }, 400, uriError('/cb', 'is not an absolute URL')],
    [
      'eleven redirect URIs',
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
      400,
      oauthError(
        'invalid_redirect_uri',
        'redirect_uris is invalid (strings, at most 10 redirect URIs of 2000 characters)',
      ),
    ],
    [
      'a client secret method',
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' },
      400,
      oauthError('invalid_client_metadata', 'token_endpoint_auth_method must be "none": clients are public, with PKCE'),
    ],
    [
      'the client credentials grant',
      { redirect_uris: [REDIRECT], grant_types: ['client_credentials'] },
      400,
      oauthError('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token'),
    ],
    [
      'an implicit response type',
      { redirect_uris: [REDIRECT], response_types: ['token'] },
      400,
      oauthError('invalid_client_metadata', 'response_types may only be code'),
    ],
    [
      'a name that is not a string',
      { redirect_uris: [REDIRECT], client_name: 7 },
      400,
      oauthError(
        'invalid_client_metadata',
        'client_name is invalid (strings, at most 10 redirect URIs of 2000 characters)',
      ),
    ],
    ['a JSON array', [REDIRECT], 400, oauthError('invalid_client_metadata', 'The body is not a JSON object')],
  ])('%s', async (_name, body, status, expected) => {
    const before = await db.oAuthClient.count();
    const res = await register(body);
    expect([res.status, res.body]).toEqual([status, expected]);
    expect(await db.oAuthClient.count()).toBe(before);
  });

  it('a body that is not JSON (415) or too large (413)', async () => {
    const text = await agent.post('/oauth/register', 'redirect_uris=x', { headers: { 'content-type': FORM_TYPE } });
    expect([text.status, text.body]).toEqual([
      415,
      oauthError('invalid_request', 'Content-Type must be application/json'),
    ]);
    const big = await register({ redirect_uris: [REDIRECT], client_name: 'x'.repeat(17_000) });
    expect([big.status, big.body]).toEqual([
      413,
      oauthError('invalid_request', 'Request body too large (at most 16384 bytes)'),
    ]);
  });

  it('more than 30 registrations an hour from one address (429 with Retry-After)', async () => {
    const flood = new TestClient();
    for (let i = 0; i < 30; i++) expect((await flood.post('/oauth/register', {})).status).toBe(400);
    const res = await flood.post('/oauth/register', { redirect_uris: [REDIRECT] });
    expect([res.status, res.body]).toEqual([
      429,
      oauthError('temporarily_unavailable', 'Too many requests: try again later'),
    ]);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the authorization request', () => {
  it('is shown, never redirected, when its client or redirect URI is wrong', async () => {
    for (const [over, message] of [
      [{ client_id: 'mcp_nosuchclient' }, 'This application is not registered with this server.'],
      [{ client_id: undefined }, 'This application is not registered with this server.'],
      [
        { redirect_uri: 'https://evil.example/cb' },
        'This application asked to return to an address it did not register.',
      ],
      [{ client_id: otherClientId }, 'This application asked to return to an address it did not register.'],
    ] as const)
      expect(await checkAuthorization(request(over))).toEqual({ ok: false, redirect: null, message });
  });

  it.each([
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request', 'code_challenge is required (PKCE)'],
    ['the plain method', { code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method must be S256'],
    ['no method', { code_challenge_method: undefined }, 'invalid_request', 'code_challenge_method must be S256'],
    [
      'a challenge that is no S256',
      { code_challenge: 'short' },
      'invalid_request',
      'code_challenge is not a S256 challenge',
    ],
    [
      'another resource',
      { resource: 'https://evil.example/mcp' },
      'invalid_target',
      `resource must be ${env.appUrl}/mcp`,
    ],
    [
      'an unknown scope',
      { scope: 'read admin' },
      'invalid_scope',
      'Unknown scope admin: the scopes are read and write',
    ],
    ['the implicit flow', { response_type: 'token' }, 'unsupported_response_type', 'response_type must be code'],
  ])('sends %s back to the client with its error', async (_name, over, error, description) => {
    const check = await checkAuthorization(request(over));
    expect(check.ok).toBe(false);
    const url = new URL((check as { redirect: string }).redirect);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      error,
      error_description: description,
      state: 's1',
      iss: env.appUrl,
    });
  });

  it('takes a loopback redirect URI on another port (RFC 8252), and a denial is access_denied', async () => {
    const loopback = await checkAuthorization(request({ redirect_uri: 'http://127.0.0.1:51234/cb' }));
    expect(loopback).toMatchObject({ ok: true, request: { redirectUri: 'http://127.0.0.1:51234/cb' } });
    const res = await postForm(owner.client, '/api/forms/oauth-consent', {
      ...request(),
      orgId: owner.orgId,
      access: 'read',
      decision: 'deny',
    });
    const url = new URL(res.headers.get('location')!);
    expect([res.status, Object.fromEntries(url.searchParams)]).toEqual([
      303,
      { error: 'access_denied', error_description: 'The person declined', state: 's1', iss: env.appUrl },
    ]);
  });
});

describe('the token endpoint refuses', () => {
  const INVALID_CODE = oauthError('invalid_grant', 'The authorization code is invalid');
  it.each([
    [
      'an unknown client',
      { client_id: 'mcp_nosuchclient' },
      401,
      oauthError('invalid_client', 'Unknown client_id: register the client first'),
    ],
    ['no client', { client_id: '' }, 401, oauthError('invalid_client', 'client_id is required')],
    [
      'the password grant',
      { grant_type: 'password' },
      400,
      oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token'),
    ],
    ['no grant type', { grant_type: '' }, 400, oauthError('invalid_request', 'grant_type is required')],
    ['no verifier', { code_verifier: '' }, 400, oauthError('invalid_request', 'code_verifier is required (PKCE)')],
    [
      'a malformed verifier',
      { code_verifier: 'short' },
      400,
      oauthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters'),
    ],
    [
      'a wrong verifier',
      { code_verifier: pkce().verifier },
      400,
      oauthError('invalid_grant', 'code_verifier does not match the code_challenge'),
    ],
    [
      'another redirect URI',
      { redirect_uri: 'http://127.0.0.1:4000/other' },
      400,
      oauthError('invalid_grant', 'redirect_uri differs from the one the code was issued for'),
    ],
    [
      'another resource',
      { resource: 'https://evil.example/mcp' },
      400,
      oauthError('invalid_target', `resource must be ${env.appUrl}/mcp`),
    ],
    ['a code of another client', { client_id: '<other>' }, 400, INVALID_CODE],
    ['an unknown code', { code: 'nosuchcode' }, 400, INVALID_CODE],
  ])('%s', async (_name, over, status, expected) => {
    const c = await code();
    const fields = Object.fromEntries(
      Object.entries(over).map(([k, v]) => [k, v === '<other>' ? otherClientId : v]),
    ) as Record<string, string>;
    const res = await exchange(c, fields);
    expect([res.status, res.body]).toEqual([status, expected]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('an expired code', async () => {
    const c = await code();
    await db.oAuthCode.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await exchange(c);
    expect([res.status, res.body]).toEqual([400, oauthError('invalid_grant', 'The authorization code expired')]);
  });

  it('a code used twice, and revokes the tokens the first use got', async () => {
    const c = await code();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    expect(await mcpStatus(first.body.access_token)).toBe(200);
    const again = await exchange(c);
    expect([again.status, again.body]).toEqual([
      400,
      oauthError('invalid_grant', 'The authorization code was already used: the tokens issued for it are revoked'),
    ]);
    expect(await mcpStatus(first.body.access_token)).toBe(401);
  });

  it('a refresh token used twice, and revokes its family', async () => {
    const first = (await exchange(await code())).body;
    const refresh = (t: string) => token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: t });
    const second = await refresh(first.refresh_token);
    expect([second.status, second.body.scope, second.body.token_type]).toEqual([200, 'read', 'Bearer']);
    expect(await mcpStatus(second.body.access_token)).toBe(200);
    const reused = await refresh(first.refresh_token);
    expect([reused.status, reused.body]).toEqual([
      400,
      oauthError('invalid_grant', 'The refresh token was already used: this grant is revoked'),
    ]);
    expect(await mcpStatus(second.body.access_token)).toBe(401);
    const latest = await refresh(second.body.refresh_token);
    expect([latest.status, latest.body]).toEqual([
      400,
      oauthError('invalid_grant', 'The refresh token is invalid or revoked'),
    ]);
    const grant = await db.oAuthGrant.findFirstOrThrow({
      where: { orgId: owner.orgId },
      orderBy: { createdAt: 'desc' },
    });
    expect(grant.revokedAt).not.toBeNull();
  });

  it('an unknown refresh token, a repeated parameter and a body that is not a form', async () => {
    const unknown = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'trk_ort_nope' });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      oauthError('invalid_grant', 'The refresh token is invalid or revoked'),
    ]);
    const twice = await agent.post('/oauth/token', `grant_type=refresh_token&grant_type=authorization_code`, {
      headers: { 'content-type': FORM_TYPE },
    });
    expect([twice.status, twice.body]).toEqual([
      400,
      oauthError('invalid_request', 'The parameter grant_type was sent more than once'),
    ]);
    const json = await agent.post('/oauth/token', { grant_type: 'refresh_token' });
    expect([json.status, json.body]).toEqual([
      415,
      oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'),
    ]);
  });
});
