import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { latestOtp, outboxFor, PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';

const REGISTER = '/api/v1/auth/register';
const VERIFY = '/api/v1/auth/verify-otp';
const SEND = '/api/v1/auth/send-otp';
const LOGIN = '/api/v1/auth/login';
const ME = '/api/v1/auth/me';
const LOGOUT = '/api/v1/auth/logout';

afterEach(() => {
  clock.reset();
});

/** Text of a response, to check that no secret ever leaves the service. */
function assertNoSecrets(text: string) {
  expect(text).not.toMatch(/argon2/);
  expect(text).not.toMatch(/passwordHash|password_hash|codeHash|tokenHash|webhookSecret/);
}

describe('register', () => {
  it('creates an unverified user with a FREE organization and emails a 6-character passcode', async () => {
    const c = new TestClient();
    const email = uniqueEmail('Reg').toUpperCase();
    const res = await c.post(REGISTER, { name: 'Ada', email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      statusCode: 201,
      status: 'success',
      data: { name: 'Ada', email: email.toLowerCase(), emailVerified: false },
    });
    expect(Object.keys(res.body.data).sort()).toEqual(
      ['createdAt', 'emailVerified', 'email', 'id', 'image', 'name'].sort(),
    );
    assertNoSecrets(res.text);
    const otp = latestOtp(email.toLowerCase());
    expect(otp).toMatch(/^[A-Z0-9]{6}$/);
    const user = await db.user.findUniqueOrThrow({
      where: { email: email.toLowerCase() },
      include: { organization: true },
    });
    expect(user.organization).toMatchObject({ name: "Ada's organization", plan: 'FREE' });
    const row = await db.passcode.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.codeHash).not.toContain(otp);
  });

  it('gives every organization a unique slug', async () => {
    const a = await signUp({ name: 'Same Name' });
    const b = await signUp({ name: 'Same Name' });
    const orgs = await db.organization.findMany({ where: { id: { in: [a.orgId, b.orgId] } } });
    expect(new Set(orgs.map((o) => o.slug)).size).toBe(2);
  });

  const bad: [string, unknown, (string | number)[]][] = [
    ['missing name', { email: uniqueEmail(), password: PASSWORD }, ['name']],
    ['empty name', { name: '  ', email: uniqueEmail(), password: PASSWORD }, ['name']],
    ['name over 100 characters', { name: 'x'.repeat(101), email: uniqueEmail(), password: PASSWORD }, ['name']],
    ['missing email', { name: 'A', password: PASSWORD }, ['email']],
    ['bad email', { name: 'A', email: 'not-an-email', password: PASSWORD }, ['email']],
    ['missing password', { name: 'A', email: uniqueEmail() }, ['password']],
    ['short password', { name: 'A', email: uniqueEmail(), password: 'short' }, ['password']],
    ['password over 128 characters', { name: 'A', email: uniqueEmail(), password: 'p'.repeat(129) }, ['password']],
    ['name not a string', { name: 5, email: uniqueEmail(), password: PASSWORD }, ['name']],
  ];
  it.each(bad)('400 for %s', async (_label, body, pathExpected) => {
    const res = await new TestClient().post(REGISTER, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(pathExpected);
  });

  it('400 for malformed JSON', async () => {
    const res = await new TestClient().post(REGISTER, '{"name": "A",', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: [], message: 'Malformed JSON body' }],
    });
  });

  it('concurrent sign-ups with the same name all succeed with distinct organization slugs', async () => {
    const emails = [1, 2, 3, 4, 5].map(() => uniqueEmail('same'));
    const results = await Promise.all(
      emails.map((email) => new TestClient().post(REGISTER, { name: 'Twin Name', email, password: PASSWORD })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const users = await db.user.findMany({ where: { email: { in: emails } }, include: { organization: true } });
    expect(new Set(users.map((u) => u.organization!.slug)).size).toBe(5);
  });

  it('concurrent sign-ups with the same email: one 201, the rest 409', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2, 3].map(() => new TestClient().post(REGISTER, { name: 'Racer', email, password: PASSWORD })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('409 for an email already registered (any case)', async () => {
    const { email } = await signUp();
    const res = await new TestClient().post(REGISTER, {
      name: 'Again',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, status: 'failed', message: 'Email already registered' });
  });
});

describe('verify-otp and send-otp', () => {
  async function registered() {
    const c = new TestClient();
    const email = uniqueEmail('otp');
    await c.post(REGISTER, { name: 'Otp', email, password: PASSWORD });
    return { c, email };
  }
  const invalid = { statusCode: 400, status: 'failed', message: 'Invalid or expired passcode' };

  it('verifies with the right passcode and then allows login', async () => {
    const { c, email } = await registered();
    expect((await c.post(LOGIN, { email, password: PASSWORD })).status).toBe(403);
    const res = await c.post(VERIFY, { email, otp: latestOtp(email).toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', data: { email, emailVerified: true } });
    assertNoSecrets(res.text);
    expect((await c.post(LOGIN, { email, password: PASSWORD })).status).toBe(200);
  });

  it('the right passcode signs the person in (#38): /me answers with the session it sets, no login needed', async () => {
    const { c, email } = await registered();
    expect((await c.get('/api/v1/auth/me')).status).toBe(401);
    const res = await c.post(VERIFY, { email, otp: latestOtp(email) });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/session=[^;]+;.*HttpOnly/i);
    const me = await c.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, emailVerified: true, organization: { name: "Otp's organization" } });
  });

  it('a wrong passcode sets no session', async () => {
    const { c, email } = await registered();
    const otp = latestOtp(email);
    const res = await c.post(VERIFY, { email, otp: otp === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await c.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('400 for a wrong passcode', async () => {
    const { c, email } = await registered();
    const otp = latestOtp(email);
    const wrong = otp === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const res = await c.post(VERIFY, { email, otp: wrong });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid);
  });

  it('400 for an expired passcode (after 10 minutes)', async () => {
    const { c, email } = await registered();
    const otp = latestOtp(email);
    clock.advance(10 * 60 * 1000 + 1000);
    const res = await c.post(VERIFY, { email, otp });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid);
  });

  it('burns the passcode after 5 wrong tries, until a new one is sent', async () => {
    const { c, email } = await registered();
    const otp = latestOtp(email);
    const wrong = otp === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i++) expect((await c.post(VERIFY, { email, otp: wrong })).status).toBe(400);
    const burned = await c.post(VERIFY, { email, otp });
    expect(burned.status).toBe(400);
    expect(burned.body).toEqual(invalid);
    expect((await c.post(SEND, { email })).status).toBe(200);
    const fresh = latestOtp(email);
    expect((await c.post(VERIFY, { email, otp: fresh })).status).toBe(200);
  });

  it('send-otp replaces the old passcode', async () => {
    const { c, email } = await registered();
    const first = latestOtp(email);
    await c.post(SEND, { email });
    const second = latestOtp(email);
    expect(outboxFor(email, 'otp')).toHaveLength(2);
    if (first !== second) expect((await c.post(VERIFY, { email, otp: first })).status).toBe(400);
    expect((await c.post(VERIFY, { email, otp: second })).status).toBe(200);
  });

  it('send-otp: 400 for a verified account, 200 and nothing sent for an unknown email', async () => {
    const { email } = await signUp();
    const verified = await new TestClient().post(SEND, { email });
    expect(verified.status).toBe(400);
    expect(verified.body).toEqual({ statusCode: 400, status: 'failed', message: 'Email already verified' });
    const unknown = uniqueEmail('nobody');
    const res = await new TestClient().post(SEND, { email: unknown });
    expect(res.status).toBe(200);
    expect(outboxFor(unknown)).toHaveLength(0);
  });

  const bad: [string, string, unknown, (string | number)[]][] = [
    ['verify without otp', VERIFY, { email: 'a@example.com' }, ['otp']],
    ['verify with bad email', VERIFY, { email: 'nope', otp: 'ABCDEF' }, ['email']],
    ['send-otp without email', SEND, {}, ['email']],
  ];
  it.each(bad)('400 validation for %s', async (_l, p, body, pathExpected) => {
    const res = await new TestClient().post(p, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation error');
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(pathExpected);
  });
});

describe('login, sessions and logout', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and /me returns the user with the FREE organization', async () => {
    const { email } = await signUp({ name: 'Grace' });
    const c = new TestClient();
    const res = await c.post(LOGIN, { email, password: PASSWORD });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith('session='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    assertNoSecrets(res.text);
    const me = await c.get(ME);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      name: 'Grace',
      email,
      emailVerified: true,
      organization: { name: "Grace's organization", plan: 'FREE' },
    });
    expect(Object.keys(me.body.data.organization).sort()).toEqual(['id', 'name', 'plan', 'slug']);
    assertNoSecrets(me.text);
    const token = c.cookie!.slice('session='.length);
    const rows = await db.session.findMany({ where: { user: { email } } });
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('401 for a wrong password or unknown email, 403 for an unverified account', async () => {
    const { email } = await signUp();
    const wrong = await new TestClient().post(LOGIN, { email, password: 'wrong password!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ statusCode: 401, status: 'failed', message: 'Invalid email or password' });
    const unknown = await new TestClient().post(LOGIN, { email: uniqueEmail(), password: PASSWORD });
    expect(unknown.body).toEqual({ statusCode: 401, status: 'failed', message: 'Invalid email or password' });
    const c = new TestClient();
    const e2 = uniqueEmail();
    await c.post(REGISTER, { name: 'U', email: e2, password: PASSWORD });
    const unverified = await c.post(LOGIN, { email: e2, password: PASSWORD });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toEqual({ statusCode: 403, status: 'failed', message: 'Email not verified' });
    expect(unverified.headers.getSetCookie()).toHaveLength(0);
  });

  it('refuses further attempts with 429 after 5 failures for one email from one address', async () => {
    const { email } = await signUp();
    const attacker = new TestClient();
    for (let i = 0; i < 5; i++)
      expect((await attacker.post(LOGIN, { email, password: 'wrong password!' })).status).toBe(401);
    const blocked = await attacker.post(LOGIN, { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.status).toBe('failed');
  });

  it('logout deletes the server-side session: the old cookie then gets 401', async () => {
    const { client } = await signUp();
    const old = client.cookie!;
    const out = await client.post(LOGOUT);
    expect(out.status).toBe(200);
    const again = await new TestClient().get(ME, { headers: { cookie: old } });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
  });

  const unauth: [string, Record<string, string>][] = [
    ['no cookie', {}],
    ['garbage cookie', { cookie: 'session=not-a-real-token' }],
    ['empty cookie', { cookie: 'session=' }],
  ];
  it.each(unauth)('401 You need to be logged in! with %s', async (_l, headers) => {
    const res = await new TestClient().get(ME, { headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
  });

  it('401 once the session has expired (30 days without use)', async () => {
    const { client } = await signUp();
    clock.advance(30 * 24 * 3600 * 1000 + 60_000);
    const res = await client.get(ME);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('You need to be logged in!');
  });

  it('slides the 30-day lifetime on use', async () => {
    const { client } = await signUp();
    clock.advance(20 * 24 * 3600 * 1000);
    expect((await client.get(ME)).status).toBe(200);
    clock.advance(20 * 24 * 3600 * 1000);
    expect((await client.get(ME)).status).toBe(200);
  });

  it('403 for a cookie-authenticated write from a foreign Origin, allowed from the app origin', async () => {
    const { client } = await signUp();
    const foreign = await client.post(LOGOUT, undefined, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ statusCode: 403, status: 'failed', message: 'Cross-origin request refused' });
    expect((await client.get(ME)).status).toBe(200);
    const same = await client.post(LOGOUT, undefined, { headers: { origin: 'http://localhost:3000' } });
    expect(same.status).toBe(200);
  });
});
