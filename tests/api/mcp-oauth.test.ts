// #63: an MCP client that only speaks the MCP authorization spec connects with OAuth 2.1. The real
// @modelcontextprotocol/sdk client finds our metadata from /mcp's 401 (RFC 9728, RFC 8414), registers itself (RFC
// 7591), sends its person to consent (a signed-in browser posting the consent form), exchanges the code with PKCE,
// lists the tools and calls one. A read grant is refused every change; a write grant resolves. The grant acts for its
// organization only (another's issue: 404), not on /api/0 (its audience is /mcp), is in the audit log as a token, is
// listed in the person's settings and, revoked there, its token is refused at once. Tokens are kept as hashes only.
// (Bad inputs, codes and refresh tokens: mcp-oauth-errors.test.ts.)
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { sha256 } from '@/lib/auth/tokens';
import { shortIdOf } from '@/lib/sentry-api/ids';
import { signUp } from '../support/accounts';
import { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';
import { seedIssues } from '../support/issues';
import { callTool } from '../support/mcp';
import {
  appFetch,
  authorizeWithOAuth,
  closeOAuthClients,
  connectWithOAuth,
  MCP_URL,
  REDIRECT_URI,
} from '../support/mcp-oauth';
import { TokenClient } from '../support/tokens';

type Account = Awaited<ReturnType<typeof signUp>>;
let a: Account;
let b: Account;
let issueA: { id: string; number: bigint };
let issueB: { id: string; number: bigint };
let slugB: string;

beforeAll(async () => {
  a = await signUp({ name: 'Ada' });
  b = await signUp({ name: 'Bo' });
  const projectA = await createProject(a.client, 'Shop', 'node');
  const projectB = await createProject(b.client, 'Bolt', 'node');
  [issueA] = await seedIssues(projectA.id, [{ lastSeen: Date.now() - 60_000 }]);
  [issueB] = await seedIssues(projectB.id, [{ lastSeen: Date.now() - 60_000 }]);
  slugB = projectB.slug;
}, 60_000);

afterAll(closeOAuthClients);

const REFUSED =
  'Error: This API token lacks the "event:write" scope (a token with the "write" scope has it): nothing was changed';
const MISSING = { isError: true, text: 'Error: The requested resource does not exist' };

describe('discovery', () => {
  it('answers /mcp without a token 401 naming the protected resource metadata, which names us', async () => {
    const res = await appFetch(MCP_URL(), { method: 'POST', headers: { 'content-type': 'application/json' } });
    const metadataUrl = `${env.appOrigin}/.well-known/oauth-protected-resource/mcp`;
    expect([res.status, res.headers.get('www-authenticate')]).toEqual([
      401,
      `Bearer realm="tracker-mcp", resource_metadata="${metadataUrl}"`,
    ]);
    const expected = {
      resource: MCP_URL(),
      authorization_servers: [env.appUrl],
      scopes_supported: ['read', 'write'],
      bearer_methods_supported: ['header'],
      resource_name: 'Tracker MCP server',
    };
    for (const url of [metadataUrl, `${env.appOrigin}/.well-known/oauth-protected-resource`]) {
      const doc = await appFetch(url);
      expect([doc.status, doc.headers.get('access-control-allow-origin'), await doc.json()]).toEqual([
        200,
        '*',
        expected,
      ]);
    }
    const as = await appFetch(`${env.appOrigin}/.well-known/oauth-authorization-server`);
    expect(await as.json()).toEqual({
      issuer: env.appUrl,
      authorization_endpoint: `${env.appUrl}/oauth/authorize`,
      token_endpoint: `${env.appUrl}/oauth/token`,
      registration_endpoint: `${env.appUrl}/oauth/register`,
      scopes_supported: ['read', 'write'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  });
});

describe('the SDK client connects with OAuth', () => {
  it('registers, authorizes with PKCE, lists the tools and reads; a read grant changes nothing', async () => {
    const { provider, location } = await authorizeWithOAuth(a.client, { orgId: a.orgId, access: 'read' });
    // The code came back to the registered redirect URI with the client's state and our issuer (RFC 9207).
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect([location.searchParams.get('state'), location.searchParams.get('iss')]).toEqual(['state-42', env.appUrl]);
    const tokens = provider.saved!;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read' });
    expect(tokens.access_token).toMatch(/^trk_oat_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^trk_ort_[A-Za-z0-9_-]{43}$/);
    // Kept as hashes: no row holds a token as sent.
    const rows = await db.oAuthToken.findMany({
      where: { tokenHash: { in: [tokens.access_token, sha256(tokens.access_token)] } },
    });
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(tokens.access_token)]);
    expect(provider.client).toMatchObject({ client_name: 'Test agent', token_endpoint_auth_method: 'none' });

    const client = await connectWithOAuth(provider);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    const found = await callTool(client, 'find_issues', { query: '' });
    expect(found.text).toContain('Error: issue 0');
    expect(await callTool(client, 'resolve_issue', { issue: String(issueA.number) })).toEqual({
      isError: true,
      text: REFUSED,
    });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueA.id } })).status).toBe('UNRESOLVED');
    const audit = await db.auditLogEntry.findFirstOrThrow({
      where: { orgId: a.orgId, action: 'mcp.tool_called', targetId: 'find_issues' },
    });
    expect(audit).toMatchObject({ actorType: 'token', actorLabel: 'Test agent (OAuth)' });
    const authorized = await db.auditLogEntry.findFirstOrThrow({
      where: { orgId: a.orgId, action: 'oauth.authorized' },
    });
    expect(authorized).toMatchObject({ actorType: 'user', actorId: a.user.id, targetLabel: 'Test agent' });
  });

  it('resolves with a write grant', async () => {
    const { provider } = await authorizeWithOAuth(a.client, { orgId: a.orgId, access: 'write' });
    expect(provider.saved!.scope).toBe('read write');
    const client = await connectWithOAuth(provider);
    const resolved = await callTool(client, 'resolve_issue', { issue: String(issueA.number) });
    expect(resolved.isError).toBe(false);
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueA.id } })).status).toBe('RESOLVED');
  });

  it('refreshes: the SDK trades its refresh token for a new pair, and the new access token works', async () => {
    const { provider } = await authorizeWithOAuth(a.client, { orgId: a.orgId, access: 'read' });
    const before = provider.saved!;
    expect(await auth(provider, { serverUrl: MCP_URL(), fetchFn: appFetch })).toBe('AUTHORIZED');
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    const client = await connectWithOAuth(provider);
    expect((await callTool(client, 'find_issues', { query: '' })).isError).toBe(false);
  });
});

describe('a grant is its organization only', () => {
  it("never reads or changes another organization's issue (404) and is no /api/0 token", async () => {
    const { provider } = await authorizeWithOAuth(a.client, { orgId: a.orgId, access: 'write' });
    const client = await connectWithOAuth(provider);
    for (const ref of [issueB.id, shortIdOf(slugB, issueB.number)]) {
      expect(await callTool(client, 'get_issue', { issue: ref }), ref).toEqual(MISSING);
      expect(await callTool(client, 'resolve_issue', { issue: ref }), ref).toEqual(MISSING);
    }
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueB.id } })).status).toBe('UNRESOLVED');
    // Its audience is /mcp (RFC 8707): the management API refuses it as it refuses an unknown token.
    const api = await new TokenClient(provider.saved!.access_token).get('/api/0/organizations/');
    expect([api.status, api.body]).toEqual([401, { detail: 'Invalid or revoked API token' }]);
  });

  it('a consent naming an organization the person is not in is refused and issues no code', async () => {
    const before = await db.oAuthCode.count();
    const { TestOAuthProvider, consentFields } = await import('../support/mcp-oauth');
    const provider = new TestOAuthProvider();
    expect(await auth(provider, { serverUrl: MCP_URL(), fetchFn: appFetch })).toBe('REDIRECT');
    const { postForm } = await import('../support/forms');
    const res = await postForm(
      a.client,
      '/api/forms/oauth-consent',
      consentFields(provider.authorizationUrl!, { orgId: b.orgId, access: 'read' }),
    );
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!, env.appUrl);
    expect([back.pathname, back.searchParams.get('refused')]).toEqual(['/oauth/authorize', 'oauth-org']);
    expect(await db.oAuthCode.count()).toBe(before);
  });
});

describe("the person's settings", () => {
  it('lists the grants, not among the API tokens; another person cannot revoke one; revoked, its token is refused', async () => {
    const { provider } = await authorizeWithOAuth(a.client, { orgId: a.orgId, access: 'read' });
    const listed = await a.client.get('/api/v1/account/oauth-grants');
    expect(listed.status).toBe(200);
    const grant = listed.body.data[0];
    expect(grant).toMatchObject({
      clientName: 'Test agent',
      organization: { id: a.orgId, name: expect.any(String) },
      scopes: ['read'],
      revokedAt: null,
    });
    const apiTokens = await a.client.get('/api/v1/organization/tokens');
    expect(apiTokens.body.data).toEqual([]);
    const stranger = await b.client.delete(`/api/v1/account/oauth-grants/${grant.id}`);
    expect([stranger.status, stranger.body]).toEqual([
      404,
      { status: 'failed', statusCode: 404, message: 'OAuth grant not found' },
    ]);
    expect((await db.oAuthGrant.findUniqueOrThrow({ where: { id: grant.id } })).revokedAt).toBeNull();
    const client = await connectWithOAuth(provider);
    expect((await callTool(client, 'find_issues', { query: '' })).isError).toBe(false);

    const revoked = await a.client.delete(`/api/v1/account/oauth-grants/${grant.id}`);
    expect([revoked.status, revoked.body.data.revokedAt]).toEqual([200, expect.any(String)]);
    const res = await appFetch(MCP_URL(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect([res.status, await res.json()]).toEqual([
      401,
      { status: 'failed', statusCode: 401, message: 'Invalid or revoked API token' },
    ]);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await db.oAuthToken.count({ where: { grantId: grant.id } })).toBe(0);
    const signedOut = await new TestClient().get('/api/v1/account/oauth-grants');
    expect(signedOut.status).toBe(401);
  });
});

describe('the minute job', () => {
  it('prunes expired codes and tokens and never-used old clients, and keeps what is still live', async () => {
    const { provider } = await authorizeWithOAuth(a.client, { orgId: a.orgId, access: 'read' });
    const live = await db.oAuthToken.count();
    const past = new Date(Date.now() - 11 * 60_000);
    await db.oAuthCode.create({
      data: {
        codeHash: 'old-code',
        clientId: 'c',
        userId: a.user.id,
        orgId: a.orgId,
        scopes: ['read'],
        redirectUri: REDIRECT_URI,
        codeChallenge: 'x',
        resource: MCP_URL(),
        expiresAt: past,
      },
    });
    const grant = await db.oAuthGrant.findFirstOrThrow({ where: { revokedAt: null } });
    await db.oAuthToken.create({
      data: { tokenHash: 'old-token', grantId: grant.id, kind: 'access', expiresAt: past },
    });
    const stale = await db.oAuthClient.create({
      data: {
        id: 'mcp_stale',
        name: 'Stale',
        redirectUris: [REDIRECT_URI],
        createdAt: new Date(Date.now() - 31 * 86_400_000),
      },
    });
    const { pruneOAuth } = await import('@/lib/oauth/prune');
    const pruned = await pruneOAuth();
    expect(pruned.codes).toBeGreaterThanOrEqual(1);
    expect([pruned.tokens, pruned.clients]).toEqual([1, 1]);
    expect(await db.oAuthCode.findUnique({ where: { codeHash: 'old-code' } })).toBeNull();
    expect(await db.oAuthClient.findUnique({ where: { id: stale.id } })).toBeNull();
    expect(await db.oAuthToken.count()).toBe(live);
    const client = await connectWithOAuth(provider);
    expect((await callTool(client, 'find_issues', { query: '' })).isError).toBe(false);
  });
});
