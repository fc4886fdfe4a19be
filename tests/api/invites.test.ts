// Invites (#49): creating one (emailed, throttled, replaced), its states, and accepting it by sign-up, by a signed-in
// user or through a provider sign-in.
import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { encode } from 'next-auth/jwt';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { clock } from '@/lib/clock';
import { THROTTLE_LIMITS } from '@/lib/auth/throttle';
import { oauthAdapter } from '@/lib/auth/oauth/adapter';
import { COMPLETE_PATH } from '@/lib/auth/oauth/auth-options';
import { GET as complete } from '@/app/api/auth/complete/route';
import { outboxFor, PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { TestClient } from '../support/client';
import { inviteAndJoin, invitePath, orgState, tokenOf } from '../support/teams';
import { withOAuthProviderEnabled } from '../support/oauth-env';

afterEach(() => clock.reset());

async function ownerWithInvite(role: 'OWNER' | 'ADMIN' | 'MEMBER' = 'MEMBER') {
  const owner = await signUp({ name: 'Olivia Owner' });
  const email = uniqueEmail('invitee');
  const res = await owner.client.post('/api/v1/organization/invites', { email, role });
  expect(res.status, res.text).toBe(201);
  return { owner, email, invite: res.body.data, token: tokenOf(res.body.data.url) };
}

describe('creating an invite', () => {
  it('201 with the pending invite and its link, emailed through the outbox, listed as pending', async () => {
    const { owner, email, invite, token } = await ownerWithInvite('ADMIN');
    expect(invite).toMatchObject({ email, role: 'ADMIN', state: 'pending', invitedBy: 'Olivia Owner', emailed: true });
    expect(invite.url).toBe(`${env.appUrl}/invite/${encodeURIComponent(token)}`);
    expect(Date.parse(invite.expiresAt) - Date.parse(invite.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    const [mail] = outboxFor(email, 'invite');
    expect(mail.subject).toBe("Join Olivia Owner's organization on Tracker");
    expect(mail.data).toEqual({
      inviterName: 'Olivia Owner',
      orgName: "Olivia Owner's organization",
      role: 'ADMIN',
      url: invite.url,
    });
    expect(mail.html).toContain(invite.url);
    const list = await owner.client.get('/api/v1/organization/invites');
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([invite.id]);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it.each<[string, unknown, string[]]>([
    ['a missing email', { role: 'MEMBER' }, ['email']],
    ['an invalid email', { email: 'nope', role: 'MEMBER' }, ['email']],
    ['an unknown role', { email: 'a@example.com', role: 'BOSS' }, ['role']],
    ['a lower-case role', { email: 'a@example.com', role: 'member' }, ['role']],
  ])('400 for %s, nothing created', async (_label, body, paths) => {
    const owner = await signUp();
    const before = await orgState(owner.orgId);
    const res = await owner.client.post('/api/v1/organization/invites', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation error');
    expect(res.body.error.map((e: { path: string[] }) => e.path[0])).toEqual(paths);
    expect(await orgState(owner.orgId)).toEqual(before);
  });

  it("429 once one organization has sent an address its invites for the hour; another organization's invites still go out", async () => {
    const email = uniqueEmail('spammed');
    const first = await signUp();
    const second = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE_LIMITS.inviteEmailsPerRecipient; i++)
      statuses.push((await first.client.post('/api/v1/organization/invites', { email, role: 'MEMBER' })).status);
    expect(statuses).toEqual(Array(THROTTLE_LIMITS.inviteEmailsPerRecipient).fill(201));
    const mailsBefore = outboxFor(email, 'invite').length;
    const refused = await first.client.post('/api/v1/organization/invites', {
      email: email.toUpperCase(),
      role: 'MEMBER',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      status: 'failed',
      message: 'Too many invites sent, try again later',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(outboxFor(email, 'invite')).toHaveLength(mailsBefore);
    const pending = await first.client.get('/api/v1/organization/invites');
    expect(pending.body.data.filter((i: { email: string }) => i.email === email)).toHaveLength(1);
    // Anyone could otherwise block every invite to a person for an hour by spending its limit.
    const other = await second.client.post('/api/v1/organization/invites', { email, role: 'MEMBER' });
    expect(other.status).toBe(201);
    expect(outboxFor(email, 'invite')).toHaveLength(mailsBefore + 1);
  });

  it('409 for someone already a member; an ADMIN cannot invite an OWNER (403)', async () => {
    const owner = await signUp();
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const again = await owner.client.post('/api/v1/organization/invites', { email: admin.email, role: 'MEMBER' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This person is already a member of the organization');
    const before = await orgState(owner.orgId);
    const res = await admin.client.post('/api/v1/organization/invites', { email: uniqueEmail(), role: 'OWNER' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This action requires the OWNER role');
    expect(await orgState(owner.orgId)).toEqual(before);
  });

  it('a new invite to the same address replaces the pending one: only the newest link works', async () => {
    const { owner, email, token } = await ownerWithInvite();
    const second = await owner.client.post('/api/v1/organization/invites', { email, role: 'MEMBER' });
    expect((await new TestClient().get(invitePath(token))).body.message).toBe('This invite has been revoked');
    expect((await new TestClient().get(invitePath(tokenOf(second.body.data.url)))).status).toBe(200);
  });
});

describe('invite states', () => {
  type Spend = (o: Awaited<ReturnType<typeof ownerWithInvite>>) => Promise<void>;
  const STATES: [string, Spend, number, string][] = [
    ['unknown', async () => {}, 404, 'Invite not found'],
    [
      'used',
      async ({ token }) =>
        void (await new TestClient().post(`${invitePath(token)}/register`, { name: 'First', password: PASSWORD })),
      400,
      'This invite has already been used',
    ],
    [
      'revoked',
      async ({ owner, invite }) => void (await owner.client.delete(`/api/v1/organization/invites/${invite.id}`)),
      400,
      'This invite has been revoked',
    ],
    ['expired', async () => clock.advance(7 * 24 * 60 * 60 * 1000 + 1), 400, 'This invite has expired'],
  ];

  it.each(STATES)(
    '%s: the page, accepting, signing up and revoking all answer %i, nothing changes',
    async (state, spend, status, message) => {
      const o = await ownerWithInvite();
      await spend(o);
      const token = state === 'unknown' ? 'not-a-real-token' : o.token;
      const other = await signUp({ name: 'Someone' });
      const before = {
        org: await orgState(o.owner.orgId),
        users: await db.user.count(),
        other: await orgState(other.orgId),
      };

      const failed = { statusCode: status, status: 'failed', message };
      expect((await new TestClient().get(invitePath(token))).body).toEqual(failed);
      expect((await other.client.post(`${invitePath(token)}/accept`)).body).toEqual(failed);
      expect(
        (await new TestClient().post(`${invitePath(token)}/register`, { name: 'Late', password: PASSWORD })).body,
      ).toEqual(failed);
      expect(await db.user.count()).toBe(before.users);
      expect(await orgState(o.owner.orgId)).toEqual(before.org);
      expect(await orgState(other.orgId)).toEqual(before.other);
      expect((await other.client.get('/api/v1/auth/me')).body.data.organizations).toHaveLength(1);
      if (state !== 'unknown') {
        const revoke = await o.owner.client.delete(`/api/v1/organization/invites/${o.invite.id}`);
        expect(revoke.body).toEqual(failed);
        expect((await o.owner.client.get('/api/v1/organization/invites')).body.data).toEqual([]);
      }
    },
  );

  it('revoking an invite of another organization is 404 and leaves it pending', async () => {
    const o = await ownerWithInvite();
    const stranger = await signUp();
    const res = await stranger.client.delete(`/api/v1/organization/invites/${o.invite.id}`);
    expect(res.status).toBe(404);
    expect((await new TestClient().get(invitePath(o.token))).status).toBe(200);
  });
});

describe('accepting', () => {
  withOAuthProviderEnabled();
  it('a new user signs up from the link: verified by it, no organization of their own, member of the inviting one, signed in', async () => {
    const { owner, email, token } = await ownerWithInvite('ADMIN');
    const page = await new TestClient().get(invitePath(token));
    expect(page.body.data).toMatchObject({
      email,
      role: 'ADMIN',
      organization: { id: owner.orgId },
      invitedBy: 'Olivia Owner',
      accountExists: false,
    });

    const client = new TestClient();
    const orgsBefore = await db.organization.count();
    const res = await client.post(`${invitePath(token)}/register`, { name: 'Ada', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Ada', email, emailVerified: true });
    expect(await db.organization.count()).toBe(orgsBefore);
    const me = await client.get('/api/v1/auth/me');
    expect(me.body.data.organization).toEqual({
      id: owner.orgId,
      name: "Olivia Owner's organization",
      slug: expect.any(String),
      plan: 'FREE',
    });
    expect(me.body.data.organizations).toEqual([{ ...me.body.data.organization, role: 'ADMIN' }]);
    // And the password works for a later sign-in.
    expect((await new TestClient().post('/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ['a short password', { name: 'A', password: 'short' }, 'password'],
    ['no name', { password: PASSWORD }, 'name'],
  ])('signing up from the link with %s is 400 and the invite stays pending', async (_l, body, field) => {
    const { token } = await ownerWithInvite();
    const res = await new TestClient().post(`${invitePath(token)}/register`, body);
    expect(res.status).toBe(400);
    expect(res.body.error[0].path).toEqual([field]);
    expect((await new TestClient().get(invitePath(token))).status).toBe(200);
  });

  it('signing up from the link with an email that has an account is 409: sign in instead', async () => {
    const owner = await signUp();
    const existing = await signUp();
    const inv = await owner.client.post('/api/v1/organization/invites', { email: existing.email, role: 'MEMBER' });
    const token = tokenOf(inv.body.data.url);
    expect((await new TestClient().get(invitePath(token))).body.data.accountExists).toBe(true);
    const res = await new TestClient().post(`${invitePath(token)}/register`, { name: 'Dup', password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists: sign in to accept the invite');
  });

  it('a signed-in user accepts: joins with the role, the session switches to it, and can switch back', async () => {
    const owner = await signUp({ name: 'Olivia Owner' });
    const bob = await signUp({ name: 'Bob' });
    const inv = await owner.client.post('/api/v1/organization/invites', {
      email: bob.email.toUpperCase(),
      role: 'MEMBER',
    });
    const token = tokenOf(inv.body.data.url);
    const res = await bob.client.post(`${invitePath(token)}/accept`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orgId: owner.orgId, role: 'MEMBER' });
    const me = (await bob.client.get('/api/v1/auth/me')).body.data;
    expect(me.organization.id).toBe(owner.orgId);
    expect(me.organizations.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([
      [bob.orgId, 'OWNER'],
      [owner.orgId, 'MEMBER'],
    ]);
    const back = await bob.client.post('/api/v1/auth/switch-organization', { orgId: bob.orgId });
    expect(back.status).toBe(200);
    expect(back.body.data.organization.id).toBe(bob.orgId);
    expect((await bob.client.get('/api/v1/projects')).body.data).toEqual([]);
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const owner = await signUp({ name: 'Olivia Owner' });
    const a = await signUp();
    const inv = await owner.client.post('/api/v1/organization/invites', { email: a.email, role: 'MEMBER' });
    const token = tokenOf(inv.body.data.url);
    const results = await Promise.all([
      a.client.post(`${invitePath(token)}/accept`),
      a.client.post(`${invitePath(token)}/accept`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await db.membership.count({ where: { orgId: owner.orgId } })).toBe(2);
  });

  it('an invite belongs to its email: another signed-in user is refused (403) and nothing changes', async () => {
    const { owner, email, token } = await ownerWithInvite('ADMIN');
    const mallory = await signUp({ name: 'Mallory' });
    const before = { org: await orgState(owner.orgId), mallory: await orgState(mallory.orgId) };
    const res = await mallory.client.post(`${invitePath(token)}/accept`);
    expect(res.body).toEqual({
      statusCode: 403,
      status: 'failed',
      message: `This invite was sent to ${email}: sign in with that email address (verified) to accept it`,
    });
    expect(await orgState(owner.orgId)).toEqual(before.org);
    expect(await orgState(mallory.orgId)).toEqual(before.mallory);
    // The invite is still there for the person it was sent to.
    expect((await new TestClient().get(invitePath(token))).status).toBe(200);
    expect(
      (await new TestClient().post(`${invitePath(token)}/register`, { name: 'Ada', password: PASSWORD })).status,
    ).toBe(201);
  });

  it('through a provider sign-in from the invite page: a new user joins and gets no organization of their own', async () => {
    const { owner, email, token } = await ownerWithInvite('MEMBER');
    const adapter = oauthAdapter();
    const user = await adapter.createUser!({ email, name: 'Gita', emailVerified: null });
    const handoff = await encode({ token: { sub: user.id, email }, secret: env.sessionSecret, maxAge: 120 });
    const res = await complete(
      new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, {
        headers: { cookie: `next-auth.session-token=${handoff}; invite_token=${encodeURIComponent(token)}` },
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${env.appUrl}/`);
    expect(res.headers.getSetCookie()).toContain('invite_token=; Path=/; SameSite=Lax; Max-Age=0');
    const memberships = await db.membership.findMany({ where: { userId: user.id } });
    expect(memberships.map((m) => [m.orgId, m.role])).toEqual([[owner.orgId, 'MEMBER']]);
    expect(await db.organization.count({ where: { name: "Gita's organization" } })).toBe(0);
  });

  it('a provider sign-in with a spent invite signs in, changes no membership and returns to the invite page', async () => {
    const { owner, invite, token } = await ownerWithInvite('MEMBER');
    await owner.client.delete(`/api/v1/organization/invites/${invite.id}`);
    const existing = await signUp({ name: 'Hal' });
    const user = await db.user.findUniqueOrThrow({ where: { email: existing.email } });
    const handoff = await encode({
      token: { sub: user.id, email: existing.email },
      secret: env.sessionSecret,
      maxAge: 120,
    });
    const res = await complete(
      new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, {
        headers: { cookie: `next-auth.session-token=${handoff}; invite_token=${encodeURIComponent(token)}` },
      }),
    );
    expect(res.headers.get('location')).toBe(`${env.appUrl}/invite/${encodeURIComponent(token)}`);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
    expect((await db.membership.findMany({ where: { userId: user.id } })).map((m) => m.orgId)).toEqual([
      existing.orgId,
    ]);
  });
});
