import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { encode } from 'next-auth/jwt';
import type { Account, Profile } from 'next-auth';
import { TestClient } from '../support/client';
import { latestOtp, PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { oauthAdapter } from '@/lib/auth/oauth/adapter';
import { authOptions, COMPLETE_PATH } from '@/lib/auth/oauth/auth-options';
import { GET as complete } from '@/app/api/auth/complete/route';
import { withOAuthProviderEnabled } from '../support/oauth-env';

const adapter = oauthAdapter();

function githubAccount(userId: string, providerAccountId = String(Math.floor(Math.random() * 1e9))) {
  return {
    userId,
    type: 'oauth' as const,
    provider: 'github',
    providerAccountId,
    access_token: 'gho_secret',
    token_type: 'bearer',
    scope: 'read:user,user:email',
  };
}

describe('createUser (a new email from a provider)', () => {
  it('creates a verified user with their own FREE organization', async () => {
    const email = uniqueEmail('new');
    const user = await adapter.createUser!({
      email,
      name: 'Linus',
      image: 'https://example.com/a.png',
      emailVerified: null,
    });
    const row = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { organization: true },
      omit: { passwordHash: false },
    });
    expect(row).toMatchObject({ email, name: 'Linus', image: 'https://example.com/a.png', passwordHash: null });
    expect(row.emailVerified).toBeInstanceOf(Date);
    expect(row.organization).toMatchObject({ name: "Linus's organization", plan: 'FREE' });
  });

  it.each([
    ['no name', undefined, 'no-name'],
    ['a blank name', '   ', 'no-name'],
    ['a name longer than 100 characters', 'x'.repeat(150), 'x'.repeat(100)],
  ])('with %s uses %s', async (_label, name, expected) => {
    const email = `${expected === 'no-name' ? 'no-name' : 'long'}-${Math.random().toString(36).slice(2)}@Example.com`;
    const user = await adapter.createUser!({ email, name, emailVerified: null });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.email).toBe(email.toLowerCase());
    expect(row.name).toBe(expected === 'no-name' ? email.split('@')[0].toLowerCase() : expected);
  });
});

describe('linkAccount (a provider email that matches an existing user)', () => {
  it('adds one provider-linked account to a verified password user: no second user or organization, password kept', async () => {
    const name = `Grace ${Math.random().toString(36).slice(2)}`;
    const { client, email, orgId } = await signUp({ name });
    const user = await db.user.findUniqueOrThrow({ where: { email } });

    expect(await adapter.getUserByEmail!(email)).toMatchObject({ id: user.id });
    await adapter.linkAccount!(githubAccount(user.id, '4242'));

    const accounts = await db.account.findMany({ where: { userId: user.id } });
    expect(accounts).toHaveLength(1);
    // Only non-secret fields are stored: the provider's tokens are never used after sign-in.
    expect(accounts[0]).toMatchObject({
      provider: 'github',
      providerAccountId: '4242',
      type: 'oauth',
      access_token: null,
      refresh_token: null,
      id_token: null,
      scope: 'read:user,user:email',
    });
    expect(await db.organization.count({ where: { name: `${name}'s organization` } })).toBe(1);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(after.orgId).toBe(orgId);
    expect(after.passwordHash).not.toBeNull();
    expect((await client.post('/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);

    const byAccount = await adapter.getUserByAccount!({ provider: 'github', providerAccountId: '4242' });
    expect(byAccount).toMatchObject({ id: user.id, email });
    expect(byAccount).not.toHaveProperty('passwordHash');
  });

  it("claims an unverified password account: verified, password dropped (never proven to be the owner's), passcode gone", async () => {
    const c = new TestClient();
    const email = uniqueEmail('pending');
    expect((await c.post('/api/v1/auth/register', { name: 'Squatter', email, password: PASSWORD })).status).toBe(201);
    expect(latestOtp(email)).toMatch(/^[A-Z0-9]{6}$/);
    const user = await db.user.findUniqueOrThrow({ where: { email } });

    await adapter.linkAccount!(githubAccount(user.id));

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(after.emailVerified).toBeInstanceOf(Date);
    expect(after.passwordHash).toBeNull();
    expect(await db.passcode.findUnique({ where: { userId: user.id } })).toBeNull();
    const login = await c.post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid email or password');
  });

  it('refuses a second link of the same provider account (unique provider + id)', async () => {
    const { email } = await signUp();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await adapter.linkAccount!(githubAccount(user.id, '777001'));
    await expect(adapter.linkAccount!(githubAccount(user.id, '777001'))).rejects.toThrow();
    expect(await db.account.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe('signIn callback (runs before any user is created or linked)', () => {
  const signIn = authOptions().callbacks!.signIn!;
  const account = (provider: string): Account => ({ provider, type: 'oauth', providerAccountId: '1' });
  const refused = (provider: string) => `${env.appUrl}/login?error=OAuthEmailUnverified&provider=${provider}`;

  it.each<[string, string, Record<string, unknown> | undefined, true | string]>([
    ['GitHub, primary email verified', 'github', { email: 'a@example.com', email_verified: true }, true],
    [
      'GitHub, primary email unverified',
      'github',
      { email: 'a@example.com', email_verified: false },
      refused('github'),
    ],
    ['GitHub, no primary email', 'github', { email: undefined, email_verified: false }, refused('github')],
    ['Google, email_verified claim true', 'google', { email: 'a@example.com', email_verified: true }, true],
    ['Google, email_verified claim "true"', 'google', { email: 'a@example.com', email_verified: 'true' }, true],
    [
      'Google, email_verified claim false',
      'google',
      { email: 'a@example.com', email_verified: false },
      refused('google'),
    ],
    ['Google, no email_verified claim', 'google', { email: 'a@example.com' }, refused('google')],
    ['no profile', 'google', undefined, refused('google')],
  ])('%s', async (_label, provider, profile, expected) => {
    const user = { id: '1', email: 'a@example.com' };
    expect(await signIn({ user, account: account(provider), profile: profile as Profile | undefined })).toBe(expected);
  });

  it('sends every successful callback to the completion route', async () => {
    const redirect = authOptions().callbacks!.redirect!;
    expect(await redirect({ url: 'https://evil.example.com/', baseUrl: env.appUrl })).toBe(
      `${env.appUrl}${COMPLETE_PATH}`,
    );
  });
});

describe('GET /api/auth/complete', () => {
  withOAuthProviderEnabled();
  const tokenFor = (sub: string, maxAge = 120) =>
    encode({ token: { sub, email: 'x@example.com' }, secret: env.sessionSecret, maxAge });
  const call = (cookie?: string) =>
    complete(new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, { headers: cookie ? { cookie } : {} }));

  it("swaps next-auth's hand-off token for our server-side session and clears next-auth's cookies", async () => {
    const email = uniqueEmail('complete');
    const user = await adapter.createUser!({ email, name: 'Hand Off', emailVerified: null });
    const res = await call(
      `next-auth.session-token=${await tokenFor(user.id)}; next-auth.csrf-token=abc; next-auth.callback-url=x; other=1`,
    );

    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${env.appUrl}/`);
    const setCookies = res.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith('session='))!;
    expect(session).toMatch(/^session=[^;]+; HttpOnly; Path=\/; SameSite=Lax; Max-Age=2592000$/);
    expect(
      setCookies
        .filter((c) => /Max-Age=0/.test(c))
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['next-auth.callback-url', 'next-auth.csrf-token', 'next-auth.session-token']);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);

    const c = new TestClient();
    c.cookie = session.split(';')[0];
    const me = await c.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, emailVerified: true });
    expect((await c.post('/api/v1/auth/logout')).status).toBe(200);
    c.cookie = session.split(';')[0];
    expect((await c.get('/api/v1/auth/me')).status).toBe(401);
  });

  it.each<[string, (userId: string) => Promise<string | undefined>]>([
    ['no hand-off token', async () => undefined],
    [
      'a token encrypted with another secret',
      async (sub) =>
        `next-auth.session-token=${await encode({ token: { sub }, secret: 'another secret', maxAge: 60 })}`,
    ],
    // next-auth allows 15 s of clock skew.
    [
      'an expired token',
      async (sub) =>
        `next-auth.session-token=${await encode({ token: { sub }, secret: env.sessionSecret, maxAge: -60 })}`,
    ],
    [
      'a token for a user that does not exist',
      async () => `next-auth.session-token=${await tokenFor('00000000-0000-0000-0000-000000000000')}`,
    ],
  ])('with %s: back to the login page and no session', async (_label, cookieFor) => {
    const user = await adapter.createUser!({ email: uniqueEmail('refused'), name: 'Late', emailVerified: null });
    const res = await call(await cookieFor(user.id));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${env.appUrl}/login?error=SessionExpired`);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('GET /api/auth/complete returns to the page sign-in started from', () => {
  withOAuthProviderEnabled();
  const tokenFor = (sub: string) =>
    encode({ token: { sub, email: 'x@example.com' }, secret: env.sessionSecret, maxAge: 120 });

  it.each<[string, string, string]>([
    ['an issue page', encodeURIComponent('/projects/p1/issues/i1?eventsPage=2'), '/projects/p1/issues/i1?eventsPage=2'],
    ['billing', '/settings/billing', '/settings/billing'],
    ['a protocol-relative URL', encodeURIComponent('//evil.example/x'), '/'],
    ['a backslash host', encodeURIComponent('/\\evil.example'), '/'],
    ['an absolute URL', encodeURIComponent('https://evil.example/'), '/'],
    ['javascript:', encodeURIComponent('javascript:alert(1)'), '/'],
    ['the login page', encodeURIComponent('/login'), '/'],
  ])('login_next = %s', async (_label, cookieValue, target) => {
    const user = await adapter.createUser!({ email: uniqueEmail('next'), name: 'Next', emailVerified: null });
    const res = await complete(
      new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, {
        headers: { cookie: `next-auth.session-token=${await tokenFor(user.id)}; login_next=${cookieValue}` },
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${env.appUrl}${target}`);
    // Read once: cleared with the answer, beside the new session.
    const cookies = res.headers.getSetCookie();
    expect(cookies).toContain('login_next=; Path=/; SameSite=Lax; Max-Age=0');
    expect(cookies.some((c) => c.startsWith('session='))).toBe(true);
  });

  it('a refused hand-off still goes to the login page, whatever login_next says', async () => {
    const res = await complete(
      new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, { headers: { cookie: 'login_next=%2Fsettings%2Fbilling' } }),
    );
    expect(res.headers.get('location')).toBe(`${env.appUrl}/login?error=SessionExpired`);
  });
});

describe('GET /api/auth/complete with no provider enabled', () => {
  it('answers 404 and mints no session, even for a valid hand-off token', async () => {
    const user = await adapter.createUser!({ email: uniqueEmail('nooauth'), name: 'No OAuth', emailVerified: null });
    const token = await encode({ token: { sub: user.id }, secret: env.sessionSecret, maxAge: 120 });
    const res = await complete(
      new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, { headers: { cookie: `next-auth.session-token=${token}` } }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, status: 'failed', message: 'Not found' });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
