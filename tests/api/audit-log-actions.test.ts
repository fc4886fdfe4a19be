// #48: the organization's audit log. Each security-relevant action is performed through the API (billing through a
// signed Stripe webhook) and its entry read back through the audit-log API: who, from which address, on what, and
// what changed.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp, uniqueEmail } from '../support/accounts';
import { checkoutCompleted, entries, useAuditLogEnv, type Expected, type Session } from '../support/audit-log';
import { createProject } from '../support/fixtures';
import { inviteAndJoin, seedIssue } from '../support/teams';

useAuditLogEnv();

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
});
