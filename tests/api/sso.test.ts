// #35: instance rules for self-hosters and an organization's SSO requirement, through the API. PASSWORD_SIGNIN=false
// turns every password and passcode route into a 403 saying how to sign in; SIGNUP_ALLOWED_DOMAINS limits new
// accounts; an OWNER may require single sign-on once the server has an OpenID Connect provider, and then a member
// without a linked account is refused a password sign-in with the way to link it. (The sign-in through a real
// OpenID provider is e2e/sso.spec.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { autoJoin } from '@/lib/auth/instance-rules';
import { TestClient } from '../support/client';
import { PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { inviteAndJoin } from '../support/teams';

const ENV = [
  'PASSWORD_SIGNIN',
  'SSO_AUTO_JOIN_ORG',
  'SIGNUP_ALLOWED_DOMAINS',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_NAME',
];
afterEach(() => {
  for (const n of ENV) delete process.env[n];
});
const withOidc = () =>
  Object.assign(process.env, {
    OIDC_ISSUER: 'https://idp.example.com',
    OIDC_CLIENT_ID: 'tracker',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_NAME: 'Company SSO',
  });

describe('PASSWORD_SIGNIN=false', () => {
  it('every password and passcode route answers 403 with the way in', async () => {
    const existing = await signUp();
    withOidc();
    process.env.PASSWORD_SIGNIN = 'false';
    const c = new TestClient();
    const message = 'Password sign-in is turned off on this server: continue with Company SSO';
    for (const [path, body] of [
      ['/api/v1/auth/register', { name: 'Ada', email: uniqueEmail('ada'), password: PASSWORD }],
      ['/api/v1/auth/login', { email: existing.email, password: PASSWORD }],
      ['/api/v1/auth/send-otp', { email: existing.email }],
      ['/api/v1/auth/verify-otp', { email: existing.email, otp: 'ABC123' }],
      ['/api/v1/auth/forgot-password', { email: existing.email }],
      ['/api/v1/auth/reset-password', { token: 'x'.repeat(43), password: 'another password 1' }],
    ] as const) {
      const res = await c.post(path, body);
      expect([res.status, res.body.message], path).toEqual([403, message]);
    }
    // An existing session is not touched.
    expect((await existing.client.get('/api/v1/auth/me')).status).toBe(200);
  });
});

describe('SIGNUP_ALLOWED_DOMAINS', () => {
  it.each([
    ['ada@example.com', 201, 'Registered. A passcode was sent to your email.'],
    ['ada@EXAMPLE.com', 201, 'Registered. A passcode was sent to your email.'],
    ['ada@corp.example.org', 201, 'Registered. A passcode was sent to your email.'],
    ['ada@other.org', 403, 'New accounts are limited to email addresses at example.com, corp.example.org'],
    ['ada@example.com.evil.org', 403, 'New accounts are limited to email addresses at example.com, corp.example.org'],
  ])('%s → %i', async (email, status, message) => {
    process.env.SIGNUP_ALLOWED_DOMAINS = 'example.com, @corp.example.org';
    const local = `${Math.random().toString(36).slice(2)}-${email}`;
    const res = await new TestClient().post('/api/v1/auth/register', { name: 'Ada', email: local, password: PASSWORD });
    expect([res.status, res.body.message]).toEqual([status, message]);
  });
});

describe("an organization's SSO requirement", () => {
  it('OWNER only, only with a provider; then a member without a linked account cannot sign in by password', async () => {
    const owner = await signUp({ name: 'Owner' });
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const org = (await owner.client.get('/api/v1/auth/me')).body.data.organization as { id: string; name: string };

    const noProvider = await owner.client.patch('/api/v1/organization/sso', { requireSso: true });
    expect([noProvider.status, noProvider.body.error]).toEqual([
      400,
      [
        {
          path: ['requireSso'],
          message:
            'This server has no single sign-on provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET first',
        },
      ],
    ]);
    withOidc();
    expect((await owner.client.patch('/api/v1/organization/sso', { requireSso: 'yes' })).status).toBe(400);
    expect((await member.client.patch('/api/v1/organization/sso', { requireSso: true })).status).toBe(403);
    // The owner must be able to come back in through the provider before shutting the other ways.
    const unlinked = await owner.client.patch('/api/v1/organization/sso', { requireSso: true });
    expect([unlinked.status, unlinked.body.error]).toEqual([
      400,
      [
        {
          path: ['requireSso'],
          message: 'Sign in with Company SSO once first: your own account is not linked to it yet',
        },
      ],
    ]);
    await db.account.create({
      data: { userId: owner.user.id, type: 'oauth', provider: 'oidc', providerAccountId: `sub-${owner.user.id}` },
    });
    const on = await owner.client.patch('/api/v1/organization/sso', { requireSso: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data).toMatchObject({
      available: true,
      providerName: 'Company SSO',
      requireSso: true,
      linked: true,
    });

    const refused = await new TestClient().post('/api/v1/auth/login', { email: member.email, password: PASSWORD });
    const message = `${org.name} requires single sign-on: continue with Company SSO (your account is linked by its verified email)`;
    expect([refused.status, refused.body.message]).toEqual([403, message]);
    // Linked to the provider or not, the password stays shut (someone removed at the provider is out).
    await db.account.create({
      data: { userId: member.userId, type: 'oauth', provider: 'oidc', providerAccountId: `sub-${member.userId}` },
    });
    const still = await new TestClient().post('/api/v1/auth/login', { email: member.email, password: PASSWORD });
    expect([still.status, still.body.message]).toEqual([403, message]);
    // Without a provider configured the requirement cannot lock anyone out.
    for (const n of ENV) delete process.env[n];
    expect((await new TestClient().post('/api/v1/auth/login', { email: owner.email, password: PASSWORD })).status).toBe(
      200,
    );
    // Another organization's owner cannot change it.
    const stranger = await signUp();
    withOidc();
    await stranger.client.patch('/api/v1/organization/sso', { requireSso: true });
    expect((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).requireSso).toBe(true);
  });
});

describe('SSO_AUTO_JOIN_ORG', () => {
  it('a provider sign-in at an allowed domain joins the named organization as MEMBER, once; other domains do not', async () => {
    const owner = await signUp({ name: 'Company owner' });
    const org = (await owner.client.get('/api/v1/auth/me')).body.data.organization as { id: string; slug: string };
    const insider = await signUp({ email: uniqueEmail('ada').replace(/@.*$/, '@corp.example') });
    const outsider = await signUp({ email: uniqueEmail('eve').replace(/@.*$/, '@elsewhere.example') });
    process.env.SSO_AUTO_JOIN_ORG = org.slug;
    // Without SIGNUP_ALLOWED_DOMAINS no domain is "listed": nobody joins.
    await autoJoin(insider.user.id, insider.email);
    expect(await db.membership.count({ where: { orgId: org.id, userId: insider.user.id } })).toBe(0);
    process.env.SIGNUP_ALLOWED_DOMAINS = 'corp.example';
    await autoJoin(insider.user.id, insider.email);
    await autoJoin(insider.user.id, insider.email);
    await autoJoin(outsider.user.id, outsider.email);
    expect(
      await db.membership.findMany({
        where: { orgId: org.id },
        select: { userId: true, role: true },
        orderBy: { role: 'asc' },
      }),
    ).toEqual(expect.arrayContaining([{ userId: insider.user.id, role: 'MEMBER' }]));
    expect(await db.membership.count({ where: { orgId: org.id, userId: insider.user.id } })).toBe(1);
    expect(await db.membership.count({ where: { orgId: org.id, userId: outsider.user.id } })).toBe(0);
  });
});
