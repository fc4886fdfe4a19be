// #48: the organization's audit log. Each security-relevant action is performed through the API (billing through a
// signed Stripe webhook) and its entry read back through the audit-log API: who, from which address, on what, and
// what changed. A refused action writes nothing; a MEMBER gets 403; another organization sees none of it; the
// filters, the cursor and the retention period hold.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { purgeOldData } from '@/lib/retention/purge-old-data';
import { TestClient, type ApiResponse } from '../support/client';
import { signUp, uniqueEmail } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin, seedIssue } from '../support/teams';

type Entry = {
  id: string;
  action: string;
  actorLabel: string | null;
  actorType: string;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ipAddress: string | null;
  changes: unknown;
  createdAt: string;
};
type Session = Awaited<ReturnType<typeof signUp>>;

const WEBHOOK_SECRET = 'whsec_test_audit_log_secret';
const OIDC_ENV = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'];

beforeAll(() => {
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
});
afterEach(() => {
  for (const n of [...OIDC_ENV, 'AUDIT_LOG_RETENTION_DAYS']) delete process.env[n];
});

async function entries(client: TestClient, query = ''): Promise<Entry[]> {
  const res = await client.get(`/api/v1/organization/audit-log${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.entries as Entry[];
}

/** Delivers a Stripe event the way Stripe does: the raw JSON signed with the endpoint secret. */
async function stripeWebhook(type: string, object: Record<string, unknown>) {
  const id = `evt_${crypto.randomBytes(8).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await new TestClient().post('/api/webhooks/stripe', payload, { headers: { 'stripe-signature': header } });
  expect(res.status, res.text).toBe(200);
  return id;
}

function checkoutCompleted(orgId: string) {
  return stripeWebhook('checkout.session.completed', {
    id: `cs_test_${crypto.randomBytes(6).toString('hex')}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: orgId,
    metadata: { orgId },
    payment_status: 'paid',
    status: 'complete',
    customer: `cus_${crypto.randomBytes(6).toString('hex')}`,
    subscription: `sub_${crypto.randomBytes(6).toString('hex')}`,
  });
}

/** What one row expects of its entry; the actor is the signed-up owner unless said. */
type Expected = {
  targetType: string;
  targetId: string;
  targetLabel?: string;
  changes: unknown;
  actor?: { type: string; label: string | null; address: string | null };
};

const ACTIONS: [string, (s: Session) => Promise<Expected>][] = [
  [
    'token.created',
    async (s) => {
      const res = await s.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
      expect(res.status).toBe(201);
      return { targetType: 'token', targetId: res.body.data.id, targetLabel: 'ci', changes: { scopes: ['read'] } };
    },
  ],
  [
    'token.revoked',
    async (s) => {
      const made = await s.client.post('/api/v1/organization/tokens', { name: 'old', scopes: ['read'] });
      const res = await s.client.delete(`/api/v1/organization/tokens/${made.body.data.id}`);
      expect(res.status).toBe(200);
      return { targetType: 'token', targetId: made.body.data.id, targetLabel: 'old', changes: null };
    },
  ],
  [
    'member.invited',
    async (s) => {
      const email = uniqueEmail('invitee');
      const res = await s.client.post('/api/v1/organization/invites', { email, role: 'ADMIN' });
      expect(res.status).toBe(201);
      return {
        targetType: 'invite',
        targetId: res.body.data.id,
        targetLabel: email,
        changes: { email, role: 'ADMIN' },
      };
    },
  ],
  [
    'member.invite_revoked',
    async (s) => {
      const email = uniqueEmail('invitee');
      const made = await s.client.post('/api/v1/organization/invites', { email, role: 'MEMBER' });
      const res = await s.client.delete(`/api/v1/organization/invites/${made.body.data.id}`);
      expect(res.status).toBe(200);
      return {
        targetType: 'invite',
        targetId: made.body.data.id,
        targetLabel: email,
        changes: { email, role: 'MEMBER' },
      };
    },
  ],
  [
    'member.joined',
    async (s) => {
      const joined = await inviteAndJoin(s.client, 'MEMBER');
      return {
        targetType: 'member',
        targetId: joined.userId,
        targetLabel: joined.email,
        changes: { role: 'MEMBER' },
        // The person joining acts, from their own machine.
        actor: { type: 'user', label: joined.email, address: joined.client.address },
      };
    },
  ],
  [
    'member.role_changed',
    async (s) => {
      const m = await inviteAndJoin(s.client, 'MEMBER');
      const res = await s.client.patch(`/api/v1/organization/members/${m.userId}`, { role: 'ADMIN' });
      expect(res.status).toBe(200);
      return {
        targetType: 'member',
        targetId: m.userId,
        targetLabel: m.email,
        changes: { role: { from: 'MEMBER', to: 'ADMIN' } },
      };
    },
  ],
  [
    'member.removed',
    async (s) => {
      const m = await inviteAndJoin(s.client, 'ADMIN');
      const res = await s.client.delete(`/api/v1/organization/members/${m.userId}`);
      expect(res.status).toBe(200);
      return {
        targetType: 'member',
        targetId: m.userId,
        targetLabel: m.email,
        changes: { role: { from: 'ADMIN', to: null } },
      };
    },
  ],
  [
    'member.left',
    async (s) => {
      const m = await inviteAndJoin(s.client, 'MEMBER');
      const res = await m.client.post('/api/v1/organization/leave');
      expect(res.status).toBe(200);
      return {
        targetType: 'member',
        targetId: m.userId,
        targetLabel: m.email,
        changes: { role: { from: 'MEMBER', to: null } },
        actor: { type: 'user', label: m.email, address: m.client.address },
      };
    },
  ],
  [
    'org.sso_changed',
    async (s) => {
      Object.assign(process.env, {
        OIDC_ISSUER: 'https://idp.example.com',
        OIDC_CLIENT_ID: 'tracker',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_NAME: 'Company SSO',
      });
      await db.account.create({
        data: { userId: s.user.id, type: 'oauth', provider: 'oidc', providerAccountId: `sub-${s.user.id}` },
      });
      const res = await s.client.patch('/api/v1/organization/sso', { requireSso: true });
      expect(res.status, res.text).toBe(200);
      return { targetType: 'organization', targetId: s.orgId, changes: { requireSso: { from: false, to: true } } };
    },
  ],
  [
    'org.scrubbing_required_changed',
    async (s) => {
      const res = await s.client.patch('/api/v1/organization/privacy', { requireScrubbing: true });
      expect(res.status).toBe(200);
      return {
        targetType: 'organization',
        targetId: s.orgId,
        changes: { requireScrubbing: { from: false, to: true } },
      };
    },
  ],
  [
    'org.billing_plan_changed',
    async (s) => {
      const eventId = await checkoutCompleted(s.orgId);
      return {
        targetType: 'organization',
        targetId: s.orgId,
        changes: { plan: { from: 'FREE', to: 'PRO' }, stripeEvent: eventId },
        // Stripe's webhook: no person acted.
        actor: { type: 'system', label: null, address: null },
      };
    },
  ],
  [
    'project.created',
    async (s) => {
      const p = await createProject(s.client, 'Checkout API', 'node');
      return {
        targetType: 'project',
        targetId: p.id,
        targetLabel: 'Checkout API',
        changes: { name: 'Checkout API', slug: p.slug, platform: 'node' },
      };
    },
  ],
  [
    'project.deleted',
    async (s) => {
      const p = await createProject(s.client, 'Old site');
      const res = await s.client.delete(`/api/v1/projects/${p.id}`);
      expect(res.status).toBe(200);
      return {
        targetType: 'project',
        targetId: p.id,
        targetLabel: 'Old site',
        changes: { name: 'Old site', slug: p.slug },
      };
    },
  ],
  [
    'key.created',
    async (s) => {
      const p = await createProject(s.client, 'Web');
      const res = await s.client.post(`/api/v1/projects/${p.id}/keys`, { label: 'Mobile' });
      expect(res.status).toBe(201);
      return {
        targetType: 'key',
        targetId: res.body.data.id,
        targetLabel: `Mobile (${p.slug})`,
        changes: { label: 'Mobile' },
      };
    },
  ],
  [
    'key.updated',
    async (s) => {
      const p = await createProject(s.client, 'Web');
      const key = p.keys[0];
      const res = await s.client.patch(`/api/v1/projects/${p.id}/keys/${key.id}`, {
        enabled: false,
        rateLimitPerMinute: 100,
      });
      expect(res.status).toBe(200);
      return {
        targetType: 'key',
        targetId: key.id,
        targetLabel: `Default (${p.slug})`,
        changes: { enabled: { from: true, to: false }, rateLimitPerMinute: { from: null, to: 100 } },
      };
    },
  ],
  [
    'key.revoked',
    async (s) => {
      const p = await createProject(s.client, 'Web');
      const key = p.keys[0];
      const res = await s.client.delete(`/api/v1/projects/${p.id}/keys/${key.id}`);
      expect(res.status).toBe(200);
      return { targetType: 'key', targetId: key.id, targetLabel: `Default (${p.slug})`, changes: { label: 'Default' } };
    },
  ],
  [
    'project.scrubbing_changed',
    async (s) => {
      const p = await createProject(s.client, 'Web');
      const before = (await s.client.get(`/api/v1/projects/${p.id}/privacy`)).body.data;
      const res = await s.client.patch(`/api/v1/projects/${p.id}/privacy`, {
        scrubIpAddresses: !before.scrubIpAddresses,
        sensitiveFields: ['card_holder'],
        // Unchanged: not listed.
        safeFields: before.safeFields,
      });
      expect(res.status).toBe(200);
      return {
        targetType: 'project',
        targetId: p.id,
        targetLabel: 'Web',
        changes: {
          scrubIpAddresses: { from: before.scrubIpAddresses, to: !before.scrubIpAddresses },
          sensitiveFields: { from: before.sensitiveFields, to: ['card_holder'] },
        },
      };
    },
  ],
  [
    'issue.discarded',
    async (s) => {
      const p = await createProject(s.client, 'Web');
      const issue = await seedIssue(p.id, 'TypeError: spam');
      const res = await s.client.post(`/api/v1/projects/${p.id}/issues/${issue.id}/discard`);
      expect(res.status).toBe(200);
      return {
        targetType: 'issue',
        targetId: issue.id,
        targetLabel: 'TypeError: spam',
        changes: { project: p.slug, fingerprint: issue.fingerprint, eventsDeleted: 1 },
      };
    },
  ],
  [
    'issue.undiscarded',
    async (s) => {
      const p = await createProject(s.client, 'Web');
      const issue = await seedIssue(p.id, 'TypeError: spam');
      await s.client.post(`/api/v1/projects/${p.id}/issues/${issue.id}/discard`);
      const res = await s.client.delete(`/api/v1/projects/${p.id}/filters/discarded/${issue.fingerprint}`);
      expect(res.status).toBe(200);
      return {
        targetType: 'fingerprint',
        targetId: issue.fingerprint,
        targetLabel: 'TypeError: spam',
        changes: { project: p.slug },
      };
    },
  ],
];

describe('audit log', () => {
  it.each(ACTIONS)('%s: the entry names who, from where, on what and what changed', async (action, perform) => {
    const s = await signUp();
    const expected = await perform(s);
    const found = await entries(s.client, `?action=${action}`);
    expect(found).toHaveLength(1);
    const actor = expected.actor ?? { type: 'user', label: s.email, address: s.client.address };
    expect(found[0]).toMatchObject({
      action,
      actorType: actor.type,
      actorLabel: actor.label,
      ipAddress: actor.address,
      targetType: expected.targetType,
      targetId: expected.targetId,
      ...(expected.targetLabel ? { targetLabel: expected.targetLabel } : {}),
      changes: expected.changes,
    });
    expect(Date.now() - Date.parse(found[0].createdAt)).toBeLessThan(60_000);
  });

  it('a token acting is named by its name', async () => {
    const s = await signUp();
    const made = await s.client.post('/api/v1/organization/tokens', { name: 'deploy bot', scopes: ['write'] });
    const bot = new TestClient();
    const res = await bot.post(
      '/api/v1/projects',
      { name: 'From CI' },
      { headers: { authorization: `Bearer ${made.body.data.token}` } },
    );
    expect(res.status, res.text).toBe(201);
    const [entry] = await entries(s.client, '?action=project.created');
    expect(entry).toMatchObject({
      actorType: 'token',
      actorId: made.body.data.id,
      actorLabel: 'deploy bot',
      ipAddress: bot.address,
      targetId: res.body.data.id,
    });
  });

  it('a refused or unchanged action writes no entry', async () => {
    const owner = await signUp();
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const before = await entries(owner.client);
    // A MEMBER cannot change roles; an ADMIN cannot make an OWNER; nobody demotes the last owner.
    expect((await member.client.patch(`/api/v1/organization/members/${admin.userId}`, { role: 'MEMBER' })).status).toBe(
      403,
    );
    expect((await admin.client.patch(`/api/v1/organization/members/${member.userId}`, { role: 'OWNER' })).status).toBe(
      403,
    );
    expect((await owner.client.patch(`/api/v1/organization/members/${owner.user.id}`, { role: 'ADMIN' })).status).toBe(
      400,
    );
    // Only an OWNER changes the scrubbing requirement; an unknown project's key is 404.
    expect((await admin.client.patch('/api/v1/organization/privacy', { requireScrubbing: true })).status).toBe(403);
    expect((await owner.client.post('/api/v1/projects/nope/keys', { label: 'x' })).status).toBe(404);
    // Setting what is already set changes nothing and records nothing.
    expect((await owner.client.patch(`/api/v1/organization/members/${member.userId}`, { role: 'MEMBER' })).status).toBe(
      200,
    );
    expect((await owner.client.patch('/api/v1/organization/privacy', { requireScrubbing: false })).status).toBe(200);
    expect(await entries(owner.client)).toEqual(before);
  });

  it('a MEMBER gets 403; another organization sees none of it', async () => {
    const owner = await signUp();
    await owner.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
    const other = await signUp();
    expect(await entries(other.client, '?action=token')).toEqual([]);
    // Not even by naming the first organization's token as a target.
    const [mine] = await entries(owner.client, '?action=token');
    expect(await entries(other.client, `?target=${mine.targetId}`)).toEqual([]);
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const res = await member.client.get('/api/v1/organization/audit-log');
    expect([res.status, res.body.message]).toEqual([403, expect.stringMatching(/ADMIN/i)]);
    // An ADMIN reads it.
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    expect((await entries(admin.client)).map((e) => e.action)).toContain('token.created');
  });

  it('filters by area, action, actor, target and time, and pages by cursor', async () => {
    const owner = await signUp();
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const m = await inviteAndJoin(owner.client, 'MEMBER');
    await admin.client.patch(`/api/v1/organization/members/${m.userId}`, { role: 'ADMIN' });
    await owner.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
    // (Sign-ins are recorded too: these checks read the member and token areas.)
    const all = (await entries(owner.client)).filter((e) => /^(member|token)\./.test(e.action));
    expect(all.map((e) => e.action)).toEqual([
      'token.created',
      'member.role_changed',
      'member.joined',
      'member.invited',
      'member.joined',
      'member.invited',
    ]);
    expect((await entries(owner.client, '?action=member')).map((e) => e.id)).toEqual(all.slice(1).map((e) => e.id));
    expect((await entries(owner.client, '?action=token')).map((e) => e.id)).toEqual([all[0].id]);
    expect((await entries(owner.client, '?action=member.role_changed')).map((e) => e.id)).toEqual([all[1].id]);
    // The actor by part of their email, any case, or by id.
    const byAdmin = await entries(owner.client, `?actor=${encodeURIComponent(admin.email.slice(0, 12).toUpperCase())}`);
    expect(byAdmin.map((e) => e.action)).toEqual(['member.role_changed', 'member.joined']);
    expect((await entries(owner.client, `?actor=${admin.userId}`)).map((e) => e.id)).toEqual(byAdmin.map((e) => e.id));
    // The target by id or label.
    expect((await entries(owner.client, `?target=${m.userId}`)).map((e) => e.action)).toEqual([
      'member.role_changed',
      'member.joined',
    ]);
    expect((await entries(owner.client, `?target=${encodeURIComponent(m.email)}`)).length).toBe(3);
    // Time: since is inclusive, until exclusive.
    const at = all[1].createdAt;
    const ids = (l: Entry[]) => l.map((e) => e.id);
    expect(ids(await entries(owner.client, `?action=member&since=${at}`))).toEqual([all[1].id]);
    expect(ids(await entries(owner.client, `?action=member&until=${at}`))).toEqual(ids(all.slice(2)));
    // Pages of two, newest first, until the cursor runs out.
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await owner.client.get('/api/v1/organization/audit-log', {
        query: { action: 'member', limit: 2, ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      pages.push(ids(res.body.data.entries));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(pages).toEqual([all.slice(1, 3), all.slice(3, 5), all.slice(5, 6)].map(ids));
    // A bad filter is a 400 naming it.
    const bad = await owner.client.get('/api/v1/organization/audit-log?action=nope');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('action must be one of');
  });

  it('entries older than AUDIT_LOG_RETENTION_DAYS are purged', async () => {
    const s = await signUp();
    const DAY = 86_400_000;
    const at = (days: number) => new Date(clock.nowMs() - days * DAY);
    const make = (days: number) =>
      db.auditLogEntry.create({
        data: { orgId: s.orgId, actorType: 'system', action: 'org.sso_changed', createdAt: at(days) },
      });
    const [old, year, recent] = await Promise.all([make(400), make(300), make(10)]);
    const kept = async () => (await entries(s.client, '?action=org.sso_changed')).map((e) => e.id);
    expect(await kept()).toEqual([recent.id, year.id, old.id]);
    // The audit log is purged in the whole-instance run (the nightly job's).
    await purgeOldData();
    // Default: 365 days.
    expect(await kept()).toEqual([recent.id, year.id]);
    process.env.AUDIT_LOG_RETENTION_DAYS = '30';
    await purgeOldData();
    expect(await kept()).toEqual([recent.id]);
  });
});
