// #58: the sign-in forms work without the page's script. A browser that has not run it posts the form itself
// (application/x-www-form-urlencoded) to /api/forms/*: the same services as the JSON routes sign the person in (the
// same session cookie, the second factor, the safe `next`, the throttles), the answer is a 303, a refusal goes back to
// the form with a code, and no answer ever carries what was typed.
import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { generate } from 'otplib';
import { TestClient } from '../support/client';
import { latestOtp, PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { cookiesOf, expectNoSecret, expectSeeOther, FORM_TYPE, postForm, postFormWith } from '../support/forms';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { sessionCookie } from '@/lib/auth/session';
import { proxy } from '@/proxy';

const LOGIN = '/api/forms/login';
const WRONG = 'wrong password 7Qz';

afterEach(() => clock.reset());

/** The page a form refused before reading it answers with (exact, as sent). */
const refusedPage = (message: string, back: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused · Tracker</title></head>' +
  `<body><h1>Refused</h1><p>${message}</p><p><a href="${back}">Back to the form</a></p></body></html>`;

describe('the sign-in form', () => {
  it('signs in: 303 to the dashboard with the same session cookie as the JSON login', async () => {
    const { email } = await signUp();
    const c = new TestClient();
    const res = await postForm(c, LOGIN, { email: email.toUpperCase(), password: PASSWORD, next: '' });
    expectSeeOther(res, '/');
    expectNoSecret(res, PASSWORD);
    const session = cookiesOf(res).session;
    // The JSON login's cookie, but for its random token.
    expect(session.replace(/^session=[^;]+/, 'session=T')).toBe(sessionCookie('T'));
    const me = await c.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);
  });

  it.each([
    ['a page of ours', '/issues?query=is%3Aunresolved', '/issues?query=is%3Aunresolved'],
    ['another host', '//evil.example.com/x', '/'],
    ['an absolute URL', 'https://evil.example.com/', '/'],
    ['a sign-in page (a loop)', '/login', '/'],
  ])('with next = %s (%s): 303 to %s', async (_label, next, location) => {
    const { email } = await signUp();
    expectSeeOther(await postForm(new TestClient(), LOGIN, { email, password: PASSWORD, next }), location);
  });

  it('a wrong password: back to the form with the email and the code, no session, no password', async () => {
    const { email } = await signUp();
    const c = new TestClient();
    const res = await postForm(c, LOGIN, { email, password: WRONG, next: '/issues' });
    expectSeeOther(res, `/login?email=${encodeURIComponent(email)}&next=%2Fissues&refused=credentials`);
    expect(res.headers.getSetCookie()).toEqual([]);
    expectNoSecret(res, WRONG);
    expect((await c.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('an unknown email answers as a wrong password does', async () => {
    const email = uniqueEmail('nobody');
    const res = await postForm(new TestClient(), LOGIN, { email, password: WRONG });
    expectSeeOther(res, `/login?email=${encodeURIComponent(email)}&refused=credentials`);
  });

  it('an unverified email: back to the form saying so (the page links to the passcode)', async () => {
    const email = uniqueEmail('unverified');
    await new TestClient().post('/api/v1/auth/register', { name: 'U', email, password: PASSWORD });
    const res = await postForm(new TestClient(), LOGIN, { email, password: PASSWORD });
    expectSeeOther(res, `/login?email=${encodeURIComponent(email)}&refused=unverified`);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each<[string, Record<string, string>, string]>([
    ['no fields', {}, '/login?refused=invalid&field=email'],
    ['no password', { email: 'a@example.com' }, '/login?email=a%40example.com&refused=invalid&field=password'],
    [
      'an empty password',
      { email: 'a@example.com', password: '' },
      '/login?email=a%40example.com&refused=invalid&field=password',
    ],
    [
      'a password over 1024 characters',
      { email: 'a@example.com', password: 'p'.repeat(1025) },
      '/login?email=a%40example.com&refused=invalid&field=password',
    ],
    // Typed into the wrong field, a password is no email: it is not kept.
    [
      'a password in the email field',
      { email: 'hunter2 Secret!', password: 'x' },
      '/login?refused=invalid&field=email',
    ],
    [
      'a control character in the password',
      { email: 'a@example.com', password: 'a\u0000b' },
      '/login?email=a%40example.com&refused=invalid&field=password',
    ],
  ])('%s: back to the form naming the field', async (_label, fields, location) => {
    const res = await postForm(new TestClient(), LOGIN, fields);
    expectSeeOther(res, location);
    expectNoSecret(res, 'hunter2', 'p'.repeat(1025));
  });

  it('shares the JSON login throttle: the 6th wrong try from one address is refused either way', async () => {
    const { email } = await signUp();
    const c = new TestClient();
    for (let i = 0; i < 3; i++)
      expect((await c.post('/api/v1/auth/login', { email, password: WRONG })).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expectSeeOther(
        await postForm(c, LOGIN, { email, password: WRONG }),
        `/login?email=${encodeURIComponent(email)}&refused=credentials`,
      );
    // Even the right password: the throttle is counted before the password is checked.
    const res = await postForm(c, LOGIN, { email, password: PASSWORD });
    expectSeeOther(res, `/login?email=${encodeURIComponent(email)}&refused=throttled`);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a body over 16 KiB: 413 before it is read, nothing signed in', async () => {
    const { email } = await signUp();
    const big = new URLSearchParams({ email, password: PASSWORD, pad: 'x'.repeat(16 * 1024) }).toString();
    const res = await new TestClient().post(LOGIN, big, { headers: { 'content-type': FORM_TYPE } });
    expect({ status: res.status, body: res.text }).toEqual({
      status: 413,
      body: refusedPage('This form is larger than any of ours.', '/login'),
    });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a streamed body (no Content-Length) is cut at the cap too', async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        // Far more than the cap unless the reader stops: it must stop.
        if (sent > 10 * 1024 * 1024) return ctrl.close();
        sent += 8192;
        ctrl.enqueue(new TextEncoder().encode('a'.repeat(8192)));
      },
    });
    const res = await new TestClient().post(LOGIN, stream, { headers: { 'content-type': FORM_TYPE } });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024);
  });

  it.each<[string, Record<string, string>]>([
    ['a foreign Origin', { origin: 'https://evil.example.com' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: null (a page under no-referrer, or a sandboxed frame)', { origin: 'null' }],
  ])('from %s: 403 and no session', async (_label, headers) => {
    const { email } = await signUp();
    const res = await postFormWith(new TestClient(), { path: LOGIN, fields: { email, password: PASSWORD }, headers });
    expect({ status: res.status, body: res.text }).toEqual({
      status: 403,
      body: refusedPage('This form was sent from another site, so it was refused.', '/login'),
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('from our own origin: signed in', async () => {
    const { email } = await signUp();
    const res = await postFormWith(new TestClient(), {
      path: LOGIN,
      fields: { email, password: PASSWORD },
      headers: { origin: env.appOrigin, 'sec-fetch-site': 'same-origin' },
    });
    expectSeeOther(res, '/');
    expect(cookiesOf(res).session).toMatch(/^session=[A-Za-z0-9_-]{43};/);
  });

  it.each([['application/json'], ['multipart/form-data; boundary=x'], ['text/plain']])(
    'Content-Type %s: 415',
    async (type) => {
      const res = await new TestClient().post(LOGIN, 'email=a%40example.com&password=x', {
        headers: { 'content-type': type },
      });
      expect({ status: res.status, body: res.text }).toEqual({
        status: 415,
        body: refusedPage('This form was sent in a format this server does not take.', '/login'),
      });
    },
  );

  it('with password sign-in turned off: back to the form saying so', async () => {
    const { email } = await signUp();
    process.env.PASSWORD_SIGNIN = 'false';
    try {
      const res = await postForm(new TestClient(), LOGIN, { email, password: PASSWORD });
      expectSeeOther(res, `/login?email=${encodeURIComponent(email)}&refused=password-off`);
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      delete process.env.PASSWORD_SIGNIN;
    }
  });
});

describe('the second factor without the script', () => {
  let step = Math.floor(Date.now() / 30_000) + 1000;
  const codeAt = (secret: string, at: number) => generate({ secret, epoch: at * 30 + 5 });
  const nextStep = () => {
    step += 3;
    clock.set(step * 30_000 + 5_000);
    return step;
  };

  async function withTotp() {
    const account = await signUp();
    const setup = await account.client.post('/api/v1/auth/two-factor/totp/setup');
    const secret = setup.body.data.secret as string;
    const done = await account.client.post('/api/v1/auth/two-factor/totp', { code: await codeAt(secret, nextStep()) });
    expect(done.status).toBe(201);
    return { ...account, secret, recoveryCodes: done.body.data.recoveryCodes as string[] };
  }

  /** The password step through the form: its pending sign-in cookie, and a client holding no session. */
  async function passwordStep(email: string, next = '/issues') {
    const c = new TestClient();
    const res = await postForm(c, LOGIN, { email, password: PASSWORD, next });
    expectSeeOther(res, '/login/two-factor?next=%2Fissues');
    expect(cookiesOf(res).session).toBeUndefined();
    // The client sends it from here on, as a browser would.
    c.cookie = `two_factor=${/^two_factor=([^;]+)/.exec(cookiesOf(res).two_factor)![1]}`;
    return c;
  }

  it('the password goes on to the two-factor page, and a right code signs in and returns to next', async () => {
    const { email, secret } = await withTotp();
    const c = await passwordStep(email);
    const code = await codeAt(secret, nextStep());
    const res = await postForm(c, '/api/forms/two-factor', { method: 'totp', code, next: '/issues' });
    expectSeeOther(res, '/issues');
    expectNoSecret(res, code);
    expect(cookiesOf(res).two_factor).toMatch(/^two_factor=; .*Max-Age=0/);
    expect((await c.get('/api/v1/auth/me')).body.data.email).toBe(email);
  });

  it('a wrong code: back to the page with the code refused; a recovery code keeps its kind', async () => {
    const { email } = await withTotp();
    const c = await passwordStep(email);
    nextStep();
    const wrong = await postForm(c, '/api/forms/two-factor', { method: 'totp', code: '000000', next: '/issues' });
    expectSeeOther(wrong, '/login/two-factor?next=%2Fissues&refused=code');
    expect(cookiesOf(wrong).session).toBeUndefined();
    const recovery = await postForm(c, '/api/forms/two-factor', { method: 'recovery', code: 'nope-nope' });
    expectSeeOther(recovery, '/login/two-factor?method=recovery&refused=code');
    const empty = await postForm(c, '/api/forms/two-factor', { method: 'totp', code: '' });
    expectSeeOther(empty, '/login/two-factor?refused=invalid&field=code');
  });

  it('a recovery code signs in once', async () => {
    const { email, recoveryCodes } = await withTotp();
    const c = await passwordStep(email);
    const res = await postForm(c, '/api/forms/two-factor', { method: 'recovery', code: recoveryCodes[0] });
    expectSeeOther(res, '/');
    expect(await db.recoveryCode.count({ where: { usedAt: { not: null }, user: { email } } })).toBe(1);
  });

  it('without a pending sign-in: back to the page, which says to sign in again', async () => {
    const res = await postForm(new TestClient(), '/api/forms/two-factor', { method: 'totp', code: '123456' });
    expectSeeOther(res, '/login/two-factor?refused=expired');
  });

  it('five wrong codes burn the pending sign-in: the sixth try is told it expired', async () => {
    const { email, secret } = await withTotp();
    const c = await passwordStep(email);
    nextStep();
    for (let i = 0; i < 5; i++)
      expectSeeOther(
        await postForm(c, '/api/forms/two-factor', { method: 'totp', code: '000000' }),
        '/login/two-factor?refused=code',
      );
    const code = await codeAt(secret, step);
    const late = await postForm(c, '/api/forms/two-factor', { method: 'totp', code });
    expectSeeOther(late, '/login/two-factor?refused=expired');
    expect(cookiesOf(late).session).toBeUndefined();
  });
});

describe('sign-up and the passcode without the script', () => {
  it('sign-up goes on to the passcode page; the passcode (any case) signs in and returns to next', async () => {
    const email = uniqueEmail('form-signup');
    const c = new TestClient();
    const res = await postForm(c, '/api/forms/signup', { name: 'Ada', email, password: PASSWORD, next: '/issues' });
    expectSeeOther(res, `/verify?email=${encodeURIComponent(email)}&next=%2Fissues`);
    expectNoSecret(res, PASSWORD);
    const otp = latestOtp(email);
    const verified = await postForm(c, '/api/forms/verify', { email, otp: otp.toLowerCase(), next: '/issues' });
    expectSeeOther(verified, '/issues');
    expectNoSecret(verified, otp, otp.toLowerCase());
    expect((await c.get('/api/v1/auth/me')).body.data).toMatchObject({ email, emailVerified: true });
  });

  it.each<[string, Record<string, string>, string]>([
    ['a short password', { name: 'A', password: 'short' }, '/signup?refused=invalid&field=password'],
    ['no name', { password: PASSWORD }, '/signup?refused=invalid&field=name'],
    ['an email already registered', { name: 'A', password: PASSWORD, email: 'TAKEN' }, '/signup?refused=taken'],
  ])('sign-up with %s: back to the form, no account', async (_label, fields, location) => {
    const taken = (await signUp()).email;
    const email = fields.email === 'TAKEN' ? taken : uniqueEmail('form-bad');
    const res = await postForm(new TestClient(), '/api/forms/signup', { ...fields, email });
    expectSeeOther(res, location);
    expectNoSecret(res, 'short', PASSWORD);
    if (email !== taken) expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it('a wrong passcode: back to the page with the email and the code, not signed in', async () => {
    const email = uniqueEmail('form-otp');
    await new TestClient().post('/api/v1/auth/register', { name: 'O', email, password: PASSWORD });
    const c = new TestClient();
    const res = await postForm(c, '/api/forms/verify', { email, otp: 'ZZZZZZ' });
    expectSeeOther(res, `/verify?email=${encodeURIComponent(email)}&refused=passcode`);
    expectNoSecret(res, 'ZZZZZZ');
    expect((await c.get('/api/v1/auth/me')).status).toBe(401);
  });
});

describe('a secret in a page address (the belt)', () => {
  const run = (path: string, cookie?: string) =>
    proxy(new NextRequest(new URL(path, env.appUrl), { headers: cookie ? { cookie } : {} }));

  it.each([
    ['/login?email=a%40example.com&password=hunter2&next=%2Fissues', '/login?email=a%40example.com&next=%2Fissues'],
    ['/verify?email=a%40example.com&otp=ABC123', '/verify?email=a%40example.com'],
    ['/login/two-factor?method=totp&code=123456', '/login/two-factor?method=totp'],
    ['/settings/account?currentPassword=a&newPassword=b&confirmPassword=b', '/settings/account'],
  ])('GET %s: 303 to the same page without it', (path, clean) => {
    const res = run(path, 'session=x');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${env.appUrl}${clean}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('leaves the sign-in pages alone otherwise, and the reset link its token', () => {
    for (const path of ['/login?email=a%40example.com&refused=credentials', '/reset-password?token=abc', '/invite/t'])
      expect(run(path).headers.get('location'), path).toBeNull();
  });

  it('still sends the signed-out from dashboard pages to sign in', () => {
    expect(run('/issues').headers.get('location')).toBe(`${env.appUrl}/login?next=%2Fissues`);
  });
});
