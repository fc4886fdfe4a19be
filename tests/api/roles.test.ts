import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp, uniqueEmail } from '../support/accounts';
import type { ApiResponse, TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { startStripeMock } from '../support/stripe-mock';
import { inviteAndJoin, orgState, seedIssue, tokenOf, type Role } from '../support/teams';

// Every role × action pair: allowed → the action's success status, refused → 403 naming the role and
// nothing changed, and a user of another organization → 404 and nothing changed.

type Ids = Record<string, string>;
type Ctx = { owner: TestClient; projectId: string; orgId: string };
type Row = {
  action: string;
  min: Role;
  ok: number;
  /** Creates what the call acts on, as the owner, so each call gets fresh targets. */
  prepare?: (ctx: Ctx) => Promise<Ids>;
  call: (client: TestClient, ids: Ids) => Promise<ApiResponse>;
  /** Organization-scoped reads name no foreign id: they answer with the caller's own organization. */
  foreign?: false;
};

const p = (ids: Ids) => `/api/v1/projects/${ids.projectId}`;
const i = (ids: Ids) => `${p(ids)}/issues/${ids.issueId}`;

async function newProject(ctx: Ctx): Promise<Ids> {
  return { projectId: (await createProject(ctx.owner, 'Throwaway')).id };
}
async function withKey(ctx: Ctx): Promise<Ids> {
  const res = await ctx.owner.post(`/api/v1/projects/${ctx.projectId}/keys`, { label: 'extra' });
  return { projectId: ctx.projectId, keyId: res.body.data.id };
}
async function withAlert(ctx: Ctx): Promise<Ids> {
  const res = await ctx.owner.post(`/api/v1/projects/${ctx.projectId}/alerts`, {
    name: 'r',
    notifyEmail: 'ops@example.com',
  });
  return { projectId: ctx.projectId, alertId: res.body.data.id };
}
async function withIssue(ctx: Ctx): Promise<Ids> {
  return { projectId: ctx.projectId, issueId: (await seedIssue(ctx.projectId)).id };
}
async function withMember(ctx: Ctx): Promise<Ids> {
  return { userId: (await inviteAndJoin(ctx.owner, 'MEMBER')).userId };
}
async function withInvite(ctx: Ctx): Promise<Ids> {
  const res = await ctx.owner.post('/api/v1/organization/invites', { email: uniqueEmail('pending'), role: 'MEMBER' });
  return { inviteId: res.body.data.id, token: tokenOf(res.body.data.url) };
}
const onProject = async (ctx: Ctx): Promise<Ids> => ({ projectId: ctx.projectId });

const ROWS: Row[] = [
  { action: 'GET projects', min: 'MEMBER', ok: 200, call: (c) => c.get('/api/v1/projects'), foreign: false },
  {
    action: 'POST projects',
    min: 'ADMIN',
    ok: 201,
    call: (c) => c.post('/api/v1/projects', { name: 'New one' }),
    foreign: false,
  },
  { action: 'GET project', min: 'MEMBER', ok: 200, prepare: onProject, call: (c, ids) => c.get(p(ids)) },
  {
    action: 'PATCH project',
    min: 'ADMIN',
    ok: 200,
    prepare: onProject,
    call: (c, ids) => c.patch(p(ids), { name: 'Renamed' }),
  },
  { action: 'DELETE project', min: 'ADMIN', ok: 200, prepare: newProject, call: (c, ids) => c.delete(p(ids)) },
  { action: 'GET keys', min: 'MEMBER', ok: 200, prepare: onProject, call: (c, ids) => c.get(`${p(ids)}/keys`) },
  {
    action: 'POST keys',
    min: 'ADMIN',
    ok: 201,
    prepare: onProject,
    call: (c, ids) => c.post(`${p(ids)}/keys`, { label: 'ci' }),
  },
  {
    action: 'PATCH key',
    min: 'ADMIN',
    ok: 200,
    prepare: withKey,
    call: (c, ids) => c.patch(`${p(ids)}/keys/${ids.keyId}`, { enabled: false }),
  },
  {
    action: 'DELETE key',
    min: 'ADMIN',
    ok: 200,
    prepare: withKey,
    call: (c, ids) => c.delete(`${p(ids)}/keys/${ids.keyId}`),
  },
  { action: 'GET alerts', min: 'MEMBER', ok: 200, prepare: onProject, call: (c, ids) => c.get(`${p(ids)}/alerts`) },
  {
    action: 'POST alerts',
    min: 'ADMIN',
    ok: 201,
    prepare: onProject,
    call: (c, ids) => c.post(`${p(ids)}/alerts`, { name: 'n', notifyEmail: 'a@example.com' }),
  },
  {
    action: 'PATCH alert',
    min: 'ADMIN',
    ok: 200,
    prepare: withAlert,
    call: (c, ids) => c.patch(`${p(ids)}/alerts/${ids.alertId}`, { enabled: false }),
  },
  {
    action: 'DELETE alert',
    min: 'ADMIN',
    ok: 200,
    prepare: withAlert,
    call: (c, ids) => c.delete(`${p(ids)}/alerts/${ids.alertId}`),
  },
  {
    action: 'GET alert logs',
    min: 'MEMBER',
    ok: 200,
    prepare: withAlert,
    call: (c, ids) => c.get(`${p(ids)}/alerts/${ids.alertId}/logs`),
  },
  { action: 'GET issues', min: 'MEMBER', ok: 200, prepare: onProject, call: (c, ids) => c.get(`${p(ids)}/issues`) },
  { action: 'GET issue', min: 'MEMBER', ok: 200, prepare: withIssue, call: (c, ids) => c.get(i(ids)) },
  {
    action: 'PATCH issue status',
    min: 'MEMBER',
    ok: 200,
    prepare: withIssue,
    call: (c, ids) => c.patch(i(ids), { status: 'RESOLVED' }),
  },
  {
    action: 'POST issues bulk',
    min: 'MEMBER',
    ok: 200,
    prepare: withIssue,
    call: (c, ids) => c.post(`${p(ids)}/issues/bulk`, { ids: [ids.issueId], status: 'IGNORED' }),
  },
  {
    action: 'PUT issue assignee',
    min: 'MEMBER',
    ok: 200,
    prepare: withIssue,
    call: (c, ids) => c.request('PUT', `${i(ids)}/assignee`, { body: { assigneeId: null } }),
  },
  {
    action: 'POST comment',
    min: 'MEMBER',
    ok: 201,
    prepare: withIssue,
    call: (c, ids) => c.post(`${i(ids)}/comments`, { body: 'Looking' }),
  },
  { action: 'GET activity', min: 'MEMBER', ok: 200, prepare: withIssue, call: (c, ids) => c.get(`${i(ids)}/activity`) },
  { action: 'GET events', min: 'MEMBER', ok: 200, prepare: withIssue, call: (c, ids) => c.get(`${i(ids)}/events`) },
  {
    action: 'GET vitals',
    min: 'MEMBER',
    ok: 200,
    prepare: onProject,
    call: (c, ids) => c.get(`${p(ids)}/performance/vitals`),
  },
  { action: 'GET usage', min: 'MEMBER', ok: 200, call: (c) => c.get('/api/v1/usage'), foreign: false },
  { action: 'GET billing', min: 'MEMBER', ok: 200, call: (c) => c.get('/api/v1/billing'), foreign: false },
  {
    action: 'POST billing portal',
    min: 'OWNER',
    ok: 200,
    call: (c) => c.post('/api/v1/billing/portal'),
    foreign: false,
  },
  { action: 'GET members', min: 'MEMBER', ok: 200, call: (c) => c.get('/api/v1/organization/members'), foreign: false },
  {
    action: 'PATCH member role',
    min: 'ADMIN',
    ok: 200,
    prepare: withMember,
    call: (c, ids) => c.patch(`/api/v1/organization/members/${ids.userId}`, { role: 'ADMIN' }),
  },
  {
    action: 'DELETE member',
    min: 'ADMIN',
    ok: 200,
    prepare: withMember,
    call: (c, ids) => c.delete(`/api/v1/organization/members/${ids.userId}`),
  },
  { action: 'GET invites', min: 'MEMBER', ok: 200, call: (c) => c.get('/api/v1/organization/invites'), foreign: false },
  {
    action: 'POST invites',
    min: 'ADMIN',
    ok: 201,
    call: (c) => c.post('/api/v1/organization/invites', { email: uniqueEmail('new'), role: 'MEMBER' }),
    foreign: false,
  },
  {
    action: 'DELETE invite',
    min: 'ADMIN',
    ok: 200,
    prepare: withInvite,
    call: (c, ids) => c.delete(`/api/v1/organization/invites/${ids.inviteId}`),
  },
];

const RANK: Record<Role, number> = { MEMBER: 1, ADMIN: 2, OWNER: 3 };
const CASES = ROWS.flatMap((row) =>
  (['OWNER', 'ADMIN', 'MEMBER'] as const).map((role) => ({ ...row, role, allowed: RANK[role] >= RANK[row.min] })),
);

let ctx: Ctx;
let clients: Record<Role, TestClient>;
let outsider: TestClient;
let stripe: Awaited<ReturnType<typeof startStripeMock>>;

beforeAll(async () => {
  stripe = await startStripeMock();
  process.env.STRIPE_SECRET_KEY = 'sk_test_roles';
  process.env.STRIPE_PRICE_ID = 'price_roles';
  process.env.STRIPE_API_BASE = stripe.url;
  const owner = await signUp({ name: 'Owner' });
  await setPlan(owner.orgId, 'PRO');
  await db.organization.update({
    where: { id: owner.orgId },
    data: { stripeCustomerId: `cus_roles_${owner.orgId.slice(0, 8)}` },
  });
  const project = await createProject(owner.client, 'Shared app');
  ctx = { owner: owner.client, projectId: project.id, orgId: owner.orgId };
  clients = {
    OWNER: owner.client,
    ADMIN: (await inviteAndJoin(owner.client, 'ADMIN')).client,
    MEMBER: (await inviteAndJoin(owner.client, 'MEMBER')).client,
  };
  outsider = (await signUp({ name: 'Outsider' })).client;
});
afterAll(async () => {
  await stripe.close();
});

describe('role × action', () => {
  it.each(CASES)('$action as $role → allowed: $allowed', async (c) => {
    const ids = c.prepare ? await c.prepare(ctx) : {};
    const before = await orgState(ctx.orgId);
    const res = await c.call(clients[c.role], ids);
    if (c.allowed) {
      expect(res.status, res.text).toBe(c.ok);
    } else {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        status: 'failed',
        message: `This action requires the ${c.min} role`,
      });
      expect(await orgState(ctx.orgId)).toEqual(before);
    }
  });
});

describe('another organization', () => {
  it.each(ROWS.filter((r) => r.foreign !== false))(
    '$action on organization A by a user of B → 404, nothing changed',
    async (row) => {
      const ids = row.prepare ? await row.prepare(ctx) : {};
      const before = await orgState(ctx.orgId);
      const res = await row.call(outsider, ids);
      expect(res.status, res.text).toBe(404);
      expect(res.body.status).toBe('failed');
      expect(await orgState(ctx.orgId)).toEqual(before);
    },
  );

  it("organization-wide reads answer with the caller's own organization only", async () => {
    const members = await outsider.get('/api/v1/organization/members');
    expect(members.body.data.map((m: { name: string }) => m.name)).toEqual(['Outsider']);
    const projects = await outsider.get('/api/v1/projects');
    expect(projects.body.data).toEqual([]);
  });

  it('switching to an organization one is not a member of → 404, the active one stays', async () => {
    const before = (await outsider.get('/api/v1/auth/me')).body.data.organization;
    const res = await outsider.post('/api/v1/auth/switch-organization', { orgId: ctx.orgId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Organization not found' });
    expect((await outsider.get('/api/v1/auth/me')).body.data.organization).toEqual(before);
  });
});
