import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { sha256 } from '@/lib/auth/tokens';
import { signUp, uniqueEmail } from '../support/accounts';
import type { ApiResponse, TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { inviteAndJoin, orgState, seedIssue } from '../support/teams';
import { createToken, TokenClient } from '../support/tokens';

type Ids = Record<string, string>;
type Ctx = { owner: TestClient; projectId: string; orgId: string };
type Scope = 'read' | 'write' | 'releases';
type Row = {
  action: string;
  /** The scopes that may make the call; the first is the one a refusal names. */
  scopes: Scope[];
  ok: number;
  prepare?: (ctx: Ctx) => Promise<Ids>;
  call: (client: TestClient, ids: Ids) => Promise<ApiResponse>;
};

const p = (ids: Ids) => `/api/v1/projects/${ids.projectId}`;
const onProject = async (ctx: Ctx): Promise<Ids> => ({ projectId: ctx.projectId });
const withIssue = async (ctx: Ctx): Promise<Ids> => ({
  projectId: ctx.projectId,
  issueId: (await seedIssue(ctx.projectId)).id,
});
const withKey = async (ctx: Ctx): Promise<Ids> => ({
  projectId: ctx.projectId,
  keyId: (await ctx.owner.post(`${p({ projectId: ctx.projectId })}/keys`, { label: 'x' })).body.data.id,
});
const READ: Scope[] = ['read', 'write'];
const WRITE: Scope[] = ['write'];
const RELEASES_READ: Scope[] = ['releases', 'read', 'write'];
const RELEASES: Scope[] = ['releases'];

// One row per endpoint class and method kind: project and organization reads, writes at MEMBER and ADMIN level, release endpoints.
const ROWS: Row[] = [
  { action: 'GET projects', scopes: READ, ok: 200, call: (c) => c.get('/api/v1/projects') },
  { action: 'GET issues', scopes: READ, ok: 200, prepare: onProject, call: (c, ids) => c.get(`${p(ids)}/issues`) },
  {
    action: 'GET issue',
    scopes: READ,
    ok: 200,
    prepare: withIssue,
    call: (c, ids) => c.get(`${p(ids)}/issues/${ids.issueId}`),
  },
  { action: 'GET members', scopes: READ, ok: 200, call: (c) => c.get('/api/v1/organization/members') },
  { action: 'GET usage', scopes: READ, ok: 200, call: (c) => c.get('/api/v1/usage') },
  {
    action: 'PATCH issue status',
    scopes: WRITE,
    ok: 200,
    prepare: withIssue,
    call: (c, ids) => c.patch(`${p(ids)}/issues/${ids.issueId}`, { status: 'RESOLVED' }),
  },
  {
    action: 'POST comment',
    scopes: WRITE,
    ok: 201,
    prepare: withIssue,
    call: (c, ids) => c.post(`${p(ids)}/issues/${ids.issueId}/comments`, { body: 'from CI' }),
  },
  {
    action: 'POST keys (ADMIN)',
    scopes: WRITE,
    ok: 201,
    prepare: onProject,
    call: (c, ids) => c.post(`${p(ids)}/keys`, { label: 'ci' }),
  },
  {
    action: 'PATCH key (ADMIN)',
    scopes: WRITE,
    ok: 200,
    prepare: withKey,
    call: (c, ids) => c.patch(`${p(ids)}/keys/${ids.keyId}`, { enabled: false }),
  },
  {
    action: 'POST alerts (ADMIN)',
    scopes: WRITE,
    ok: 201,
    prepare: onProject,
    call: (c, ids) => c.post(`${p(ids)}/alerts`, { name: 'n', notifyEmail: 'a@example.com' }),
  },
  {
    action: 'GET releases',
    scopes: RELEASES_READ,
    ok: 200,
    prepare: onProject,
    call: (c, ids) => c.get(`${p(ids)}/releases`),
  },
  {
    action: 'POST releases',
    scopes: RELEASES,
    ok: 201,
    prepare: onProject,
    call: (c, ids) => c.post(`${p(ids)}/releases`, { version: `v${Math.random().toString(36).slice(2, 8)}` }),
  },
];
const SCOPES: Scope[] = ['read', 'write', 'releases'];
const CASES = ROWS.flatMap((row) => SCOPES.map((scope) => ({ ...row, scope, allowed: row.scopes.includes(scope) })));

let ctx: Ctx;
let admin: TestClient;
let member: TestClient;
let tokens: Record<Scope, TokenClient>;
let foreign: TokenClient;

beforeAll(async () => {
  const owner = await signUp({ name: 'Owner' });
  await setPlan(owner.orgId, 'PRO');
  const project = await createProject(owner.client, 'Tokened app');
  ctx = { owner: owner.client, projectId: project.id, orgId: owner.orgId };
  admin = (await inviteAndJoin(owner.client, 'ADMIN')).client;
  member = (await inviteAndJoin(owner.client, 'MEMBER')).client;
  tokens = {
    read: new TokenClient((await createToken(admin, ['read'])).token),
    write: new TokenClient((await createToken(admin, ['write'])).token),
    releases: new TokenClient((await createToken(admin, ['releases'])).token),
  };
  const other = await signUp({ name: 'Other org' });
  await createProject(other.client, 'Theirs');
  foreign = new TokenClient((await createToken(other.client, ['read', 'write', 'releases'])).token);
});

describe('scope × endpoint class', () => {
  it.each(CASES)('$action with a $scope token → allowed: $allowed', async (c) => {
    const ids = c.prepare ? await c.prepare(ctx) : {};
    const before = await orgState(ctx.orgId);
    const res = await c.call(tokens[c.scope], ids);
    if (c.allowed) {
      expect(res.status, res.text).toBe(c.ok);
    } else {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        status: 'failed',
        message: `This API token lacks the "${c.scopes[0]}" scope`,
      });
      expect(await orgState(ctx.orgId)).toEqual(before);
    }
  });
});

describe("another organization's token", () => {
  it.each(ROWS.filter((r) => r.prepare))('$action → 404, nothing changed', async (row) => {
    const ids = await row.prepare!(ctx);
    const before = await orgState(ctx.orgId);
    const res = await row.call(foreign, ids);
    expect(res.status, res.text).toBe(404);
    expect(await orgState(ctx.orgId)).toEqual(before);
  });

  it("organization-wide reads answer with the token's own organization", async () => {
    const res = await foreign.get('/api/v1/projects');
    expect(res.body.data.map((x: { name: string }) => x.name)).toEqual(['Theirs']);
  });
});

describe('token checks', () => {
  const BAD: [string, string, string][] = [
    ['an unknown token of ours', 'Bearer trk_not-a-real-token', 'Invalid or revoked API token'],
    ['a token of ours in lower-case scheme', 'bearer trk_unknown', 'Invalid or revoked API token'],
    ['another format (no cookie either)', 'Bearer x', 'You need to be logged in!'],
    ['another scheme', 'Basic dXNlcjpwYXNz', 'You need to be logged in!'],
  ];
  it.each(BAD)('%s → 401 %s', async (_name, authorization, message) => {
    const res = await new TokenClient('unused').get('/api/v1/projects', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, status: 'failed', message });
  });

  it('a foreign bearer beside a valid cookie: the cookie decides', async () => {
    const res = await admin.get('/api/v1/projects', { headers: { authorization: 'Bearer not-ours' } });
    expect(res.status).toBe(200);
  });

  it('a revoked token → 401, and its last-used time stays', async () => {
    const { id, token } = await createToken(admin, ['read']);
    const client = new TokenClient(token);
    expect((await client.get('/api/v1/projects')).status).toBe(200);
    const row = await db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(row.lastUsedAt).not.toBeNull();
    const del = await admin.delete(`/api/v1/organization/tokens/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.data.revokedAt).toEqual(expect.any(String));
    const res = await client.get('/api/v1/projects');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid or revoked API token');
  });

  it('writes with a token skip the Origin check (no cookie to forge)', async () => {
    const issue = await seedIssue(ctx.projectId);
    const res = await tokens.write.patch(
      `/api/v1/projects/${ctx.projectId}/issues/${issue.id}`,
      { status: 'IGNORED' },
      { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
    );
    expect(res.status, res.text).toBe(200);
  });

  const REFUSED: [string, (c: TestClient) => Promise<ApiResponse>, string][] = [
    [
      'POST billing portal (OWNER)',
      (c) => c.post('/api/v1/billing/portal'),
      'API tokens cannot perform actions that require the OWNER role',
    ],
    [
      'DELETE organization (OWNER)',
      (c) => c.delete('/api/v1/organization'),
      'API tokens cannot perform actions that require the OWNER role',
    ],
    [
      'POST leave (personal)',
      (c) => c.post('/api/v1/organization/leave'),
      'This endpoint needs a signed-in session; API tokens are not accepted',
    ],
    [
      'GET tokens (sessions only)',
      (c) => c.get('/api/v1/organization/tokens'),
      'This endpoint needs a signed-in session; API tokens are not accepted',
    ],
    [
      'POST tokens (sessions only)',
      (c) => c.post('/api/v1/organization/tokens', { name: 'x', scopes: ['write'] }),
      'This endpoint needs a signed-in session; API tokens are not accepted',
    ],
    [
      'GET auth/me (unscoped)',
      (c) => c.get('/api/v1/auth/me'),
      'This endpoint needs a signed-in session; API tokens are not accepted',
    ],
  ];
  it.each(REFUSED)('%s with an all-scopes token → 403', async (_name, call, message) => {
    const { token } = await createToken(admin, ['read', 'write', 'releases']);
    const before = await orgState(ctx.orgId);
    const res = await call(new TokenClient(token));
    expect(res.status, res.text).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, status: 'failed', message });
    expect(await orgState(ctx.orgId)).toEqual(before);
  });
});

describe('a token follows its owner', () => {
  it("a demoted ADMIN's token loses ADMIN powers at once: it cannot re-invite its owner as ADMIN (403), reads still work", async () => {
    const owner = await signUp({ name: 'Olga Owner' });
    const dana = await inviteAndJoin(owner.client, 'ADMIN', 'Dana');
    const { token } = await createToken(dana.client, ['read', 'write']);
    const client = new TokenClient(token);
    const invite = { email: uniqueEmail('dana-alt'), role: 'ADMIN' };
    expect((await client.get('/api/v1/organization/invites')).status).toBe(200);
    const demoted = await owner.client.patch(`/api/v1/organization/members/${dana.userId}`, { role: 'MEMBER' });
    expect(demoted.status).toBe(200);
    const before = await orgState(owner.orgId);
    const res = await client.post('/api/v1/organization/invites', invite);
    expect(res.body).toEqual({ statusCode: 403, status: 'failed', message: 'This action requires the ADMIN role' });
    expect(await orgState(owner.orgId)).toEqual(before);
    // Still a MEMBER: a MEMBER's reads and triage work with it.
    expect((await client.get('/api/v1/projects')).status).toBe(200);
  });

  it("a removed member's token stops working (401) and is listed as inactive", async () => {
    const owner = await signUp({ name: 'Omar Owner' });
    const eve = await inviteAndJoin(owner.client, 'ADMIN', 'Eve');
    const { id, token } = await createToken(eve.client, ['read', 'write']);
    const client = new TokenClient(token);
    expect((await client.get('/api/v1/projects')).status).toBe(200);
    expect((await owner.client.delete(`/api/v1/organization/members/${eve.userId}`)).status).toBe(200);
    const before = await orgState(owner.orgId);
    for (const res of [
      await client.get('/api/v1/projects'),
      await client.post('/api/v1/organization/invites', { email: eve.email, role: 'ADMIN' }),
    ]) {
      expect(res.body).toEqual({
        statusCode: 401,
        status: 'failed',
        message: "This API token's owner is no longer a member of the organization: it no longer works",
      });
    }
    expect(await orgState(owner.orgId)).toEqual(before);
    const listed = (await owner.client.get('/api/v1/organization/tokens')).body.data.find(
      (t: { id: string }) => t.id === id,
    );
    expect(listed).toMatchObject({ active: false, inactiveReason: 'owner_left', revokedAt: null });
  });
});

describe('managing tokens', () => {
  it('the token is shown once, stored as its sha256, never listed', async () => {
    const res = await admin.post('/api/v1/organization/tokens', { name: 'deploy', scopes: ['releases', 'releases'] });
    expect(res.status).toBe(201);
    const { token, id, scopes, tokenHint } = res.body.data;
    expect(token).toMatch(/^trk_[\w-]{43}$/);
    expect(scopes).toEqual(['releases']);
    expect(tokenHint).toBe(token.slice(0, 8));
    const row = await db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(row.tokenHash).toBe(sha256(token));
    const list = await admin.get('/api/v1/organization/tokens');
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain(row.tokenHash);
    expect(list.body.data.find((t: { id: string }) => t.id === id)).toMatchObject({
      name: 'deploy',
      scopes: ['releases'],
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  // Messages a person can read in the form: no API field names, no zod defaults.
  const INVALID: [string, unknown, { path: (string | number)[]; message: string }[]][] = [
    ['no name', { scopes: ['read'] }, [{ path: ['name'], message: 'Name is required' }]],
    ['a blank name', { name: '  ', scopes: ['read'] }, [{ path: ['name'], message: 'Name is required' }]],
    [
      'a 101-character name',
      { name: 'n'.repeat(101), scopes: ['read'] },
      [{ path: ['name'], message: 'Name must be at most 100 characters' }],
    ],
    ['no scopes', { name: 'x', scopes: [] }, [{ path: ['scopes'], message: 'Choose at least one scope' }]],
    ['scopes missing', { name: 'x' }, [{ path: ['scopes'], message: 'Choose at least one scope' }]],
    [
      'an unknown scope',
      { name: 'x', scopes: ['admin'] },
      [{ path: ['scopes', 0], message: 'Scopes must be read, write or releases' }],
    ],
  ];
  it.each(INVALID)('%s → 400', async (_n, body, error) => {
    const res = await admin.post('/api/v1/organization/tokens', body);
    expect([res.status, res.body]).toEqual([
      400,
      { statusCode: 400, status: 'failed', message: 'Validation error', error },
    ]);
  });

  it('a MEMBER may not list, create or revoke tokens', async () => {
    const { id } = await createToken(admin, ['read']);
    for (const res of [
      await member.get('/api/v1/organization/tokens'),
      await member.post('/api/v1/organization/tokens', { name: 'x', scopes: ['read'] }),
      await member.delete(`/api/v1/organization/tokens/${id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This action requires the ADMIN role');
    }
    expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });

  it('another organization cannot revoke our token (404, still valid)', async () => {
    const { id, token } = await createToken(admin, ['read']);
    const outsider = (await signUp({ name: 'Outsider' })).client;
    expect((await outsider.delete(`/api/v1/organization/tokens/${id}`)).status).toBe(404);
    expect((await new TokenClient(token).get('/api/v1/projects')).status).toBe(200);
  });

  it('last-used time is written at most once a minute', async () => {
    const { id, token } = await createToken(admin, ['read']);
    const client = new TokenClient(token);
    await client.get('/api/v1/projects');
    const first = (await db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    await client.get('/api/v1/projects');
    expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(first);
  });
});
