// #58: the other forms that carry a secret work without the page's script: the password reset (its request and its
// link), the invite page's three forms, and the Security page's password change and authenticator code. Each answers
// a 303, sends a refusal back to its page with a code, and keeps the JSON routes' rules (Origin, session, throttles).
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { TestClient } from '../support/client';
import { PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { cookiesOf, expectNoSecret, expectSeeOther, postForm, postFormWith } from '../support/forms';
import { orgState, tokenOf } from '../support/teams';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { randomToken, sha256 } from '@/lib/auth/tokens';
import { verifyPassword } from '@/lib/auth/password';

const NEW_PASSWORD = 'a brand new password 9';

afterEach(() => clock.reset());

async function passwordHashOf(email: string): Promise<string> {
  return (await db.user.findUniqueOrThrow({ where: { email }, omit: { passwordHash: false } })).passwordHash!;
}

describe('forgot password and the reset link', () => {
  it('asking for a link: 303 back to the page saying it is on its way', async () => {
    const { email } = await signUp();
    const res = await postForm(new TestClient(), '/api/forms/forgot-password', { email });
    expectSeeOther(res, `/forgot-password?email=${encodeURIComponent(email)}&sent=1`);
  });

  it('a bad address: back to the form naming the field', async () => {
    const res = await postForm(new TestClient(), '/api/forms/forgot-password', { email: 'nope' });
    expectSeeOther(res, '/forgot-password?refused=invalid&field=email');
  });

  async function resetLink(email: string): Promise<string> {
    const token = randomToken(32);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await db.passwordReset.create({
      data: { tokenHash: sha256(token), userId: user.id, expiresAt: new Date(clock.nowMs() + 3_600_000) },
    });
    return token;
  }

  it('the link sets the new password and signs out every session; used once', async () => {
    const { client, email } = await signUp();
    const token = await resetLink(email);
    const res = await postForm(new TestClient(), '/api/forms/reset-password', { token, password: NEW_PASSWORD });
    expectSeeOther(res, '/login?reset=1');
    expectNoSecret(res, NEW_PASSWORD, token);
    expect(await verifyPassword(await passwordHashOf(email), NEW_PASSWORD)).toBe(true);
    expect((await client.get('/api/v1/auth/me')).status).toBe(401);
    const again = await postForm(new TestClient(), '/api/forms/reset-password', { token, password: 'another one 12' });
    expectSeeOther(again, `/reset-password?token=${token}&refused=reset-link`);
  });

  it.each<[string, (t: string) => Record<string, string>, (t: string) => string]>([
    [
      'a short password',
      (t) => ({ token: t, password: 'short' }),
      (t) => `/reset-password?token=${t}&refused=invalid&field=password`,
    ],
    [
      'an unknown token',
      () => ({ token: 'unknown', password: NEW_PASSWORD }),
      () => '/reset-password?token=unknown&refused=reset-link',
    ],
    ['no token', () => ({ password: NEW_PASSWORD }), () => '/reset-password?refused=reset-link'],
  ])('%s: back to the link page, password unchanged', async (_label, fields, location) => {
    const { email } = await signUp();
    const token = await resetLink(email);
    const before = await passwordHashOf(email);
    const res = await postForm(new TestClient(), '/api/forms/reset-password', fields(token));
    expectSeeOther(res, location(token));
    expectNoSecret(res, 'short', NEW_PASSWORD);
    expect(await passwordHashOf(email)).toBe(before);
  });
});

describe('the invite page', () => {
  async function invite(email = uniqueEmail('invitee')) {
    const owner = await signUp({ name: 'Olivia Owner' });
    const res = await owner.client.post('/api/v1/organization/invites', { email, role: 'MEMBER' });
    expect(res.status, res.text).toBe(201);
    return { owner, email, token: tokenOf(res.body.data.url) };
  }
  const formOf = (token: string, step: string) => `/api/forms/invites/${encodeURIComponent(token)}/${step}`;
  const memberOf = (orgId: string, email: string) =>
    db.membership.count({ where: { orgId, user: { email } } }).then((n) => n === 1);

  it('sign up from the link: signed in as a member, 303 to the dashboard', async () => {
    const { owner, email, token } = await invite();
    const c = new TestClient();
    const res = await postForm(c, formOf(token, 'signup'), { name: 'Ivy', email, password: PASSWORD });
    expectSeeOther(res, '/');
    expectNoSecret(res, PASSWORD);
    expect((await c.get('/api/v1/auth/me')).body.data.organization.id).toBe(owner.orgId);
  });

  it('log in and accept: a member, and the new session is in the organization', async () => {
    const { email } = await signUp();
    const { owner, token } = await invite(email);
    const c = new TestClient();
    const res = await postForm(c, formOf(token, 'login'), { email, password: PASSWORD });
    expectSeeOther(res, '/');
    expect(await memberOf(owner.orgId, email)).toBe(true);
    expect((await c.get('/api/v1/auth/me')).body.data.organization.id).toBe(owner.orgId);
  });

  it('log in with a wrong password: back to the invite page, nothing joined', async () => {
    const { email } = await signUp();
    const { owner, token } = await invite(email);
    const res = await postForm(new TestClient(), formOf(token, 'login'), { email, password: 'wrong password' });
    expectSeeOther(res, `/invite/${encodeURIComponent(token)}?refused=credentials`);
    expectNoSecret(res, 'wrong password');
    expect(await memberOf(owner.orgId, email)).toBe(false);
  });

  it("another organization's invite, sent to someone else: refused, signed in as oneself, nothing joined", async () => {
    const { token, owner } = await invite();
    const stranger = await signUp();
    const before = await orgState(owner.orgId);
    const c = new TestClient();
    const res = await postForm(c, formOf(token, 'login'), { email: stranger.email, password: PASSWORD });
    expectSeeOther(res, `/invite/${encodeURIComponent(token)}?refused=wrong-invitee`);
    // The sign-in itself was right: the page then says whom the invite is for.
    expect(cookiesOf(res).session).toBeDefined();
    expect(await orgState(owner.orgId)).toEqual(before);
    const accept = await postForm(c, formOf(token, 'accept'), {});
    expectSeeOther(accept, `/invite/${encodeURIComponent(token)}?refused=wrong-invitee`);
    expect(await orgState(owner.orgId)).toEqual(before);
  });

  it('accept as the signed-in invitee; signed out, the accept goes to sign in first', async () => {
    const invitee = await signUp();
    const { owner, token } = await invite(invitee.email);
    const signedOut = await postForm(new TestClient(), formOf(token, 'accept'), {});
    expectSeeOther(signedOut, `/login?next=${encodeURIComponent(`/invite/${encodeURIComponent(token)}`)}`);
    expect(await memberOf(owner.orgId, invitee.email)).toBe(false);
    expectSeeOther(await postForm(invitee.client, formOf(token, 'accept'), {}), '/');
    expect(await memberOf(owner.orgId, invitee.email)).toBe(true);
  });

  it('an unknown or malformed link: the invite refused, or 404', async () => {
    const unknown = await postForm(new TestClient(), formOf('nope', 'signup'), { name: 'A', password: PASSWORD });
    expectSeeOther(unknown, '/invite/nope?refused=invite');
    const malformed = await postForm(new TestClient(), formOf('x'.repeat(201), 'signup'), { name: 'A' });
    expect(malformed.status).toBe(404);
  });
});

describe('the Security page', () => {
  const PASSWORD_FORM = '/api/forms/account/password';

  it('changes the password; every other session is signed out, this one stays', async () => {
    const { client, email, password } = await signUp();
    const other = new TestClient();
    await other.post('/api/v1/auth/login', { email, password });
    const res = await postForm(client, PASSWORD_FORM, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expectSeeOther(res, '/settings/security?done=password');
    expectNoSecret(res, password, NEW_PASSWORD);
    expect(await verifyPassword(await passwordHashOf(email), NEW_PASSWORD)).toBe(true);
    expect((await client.get('/api/v1/auth/me')).status).toBe(200);
    expect((await other.get('/api/v1/auth/me')).status).toBe(401);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'new passwords that differ',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'x' },
      'confirmPassword',
    ],
    [
      'a wrong current password',
      { currentPassword: 'not it', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'currentPassword',
    ],
    ['no current password', { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'currentPassword'],
    [
      'a short new password',
      { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
    ],
  ])('%s: back to the page naming the field, unchanged', async (_label, fields, field) => {
    const { client, email } = await signUp();
    const before = await passwordHashOf(email);
    const res = await postForm(client, PASSWORD_FORM, fields);
    expectSeeOther(res, `/settings/security?refused=invalid&field=${field}`);
    expectNoSecret(res, PASSWORD, NEW_PASSWORD, 'not it');
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('signed out: to sign in and back; from a foreign page: 403, unchanged', async () => {
    const fields = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expectSeeOther(await postForm(new TestClient(), PASSWORD_FORM, fields), '/login?next=%2Fsettings%2Fsecurity');
    const { client, email } = await signUp();
    const before = await passwordHashOf(email);
    const res = await postFormWith(client, {
      path: PASSWORD_FORM,
      fields,
      headers: { origin: 'https://evil.example.com' },
    });
    expect(res.status).toBe(403);
    expect(await passwordHashOf(email)).toBe(before);
  });

  it("the authenticator app's first code turns it on; a wrong one is refused", async () => {
    const { client, user } = await signUp();
    const setup = await client.post('/api/v1/auth/two-factor/totp/setup');
    const secret = setup.body.data.secret as string;
    const wrong = await postForm(client, '/api/forms/account/totp', { code: '000000' });
    expectSeeOther(wrong, '/settings/security?refused=app-code');
    const code = await generate({ secret });
    const res = await postForm(client, '/api/forms/account/totp', { code });
    expectSeeOther(res, '/settings/security?done=totp');
    expectNoSecret(res, code);
    expect(await db.totpFactor.count({ where: { userId: user.id, confirmedAt: { not: null } } })).toBe(1);
  });
});
