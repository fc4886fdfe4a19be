// #48: second factors. Authenticator app enrolment (codes computed here with otplib), the second step after a
// password, wrong and replayed codes, one-time recovery codes, throttling, an organization's requirement (session
// and token), emails and audit entries.
import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { encode } from 'next-auth/jwt';
import { generate } from 'otplib';
import { TestClient } from '../support/client';
import { withOAuthProviderEnabled } from '../support/oauth-env';
import { env } from '@/lib/env';
import { authOptions, COMPLETE_PATH } from '@/lib/auth/oauth/auth-options';
import { GET as complete } from '@/app/api/auth/complete/route';
import { outboxFor, signUp } from '../support/accounts';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { PENDING_EXPIRED } from '@/lib/auth/two-factor/pending-sign-in';

const LOGIN = '/api/v1/auth/login';
const SECOND = '/api/v1/auth/two-factor/sign-in';
const ME = '/api/v1/auth/me';
const INVALID = { statusCode: 401, status: 'failed', message: 'Invalid two-factor code' };

afterEach(() => clock.reset());

// Codes are computed for the app's clock, moved a whole 30-second step at a time so no two steps collide.
let step = Math.floor(Date.now() / 30_000) + 10;
function nextStep(): number {
  step += 3;
  clock.set(step * 30_000 + 5_000);
  return step;
}
const codeAt = (secret: string, at: number) => generate({ secret, epoch: at * 30 + 5 });

type Account = Awaited<ReturnType<typeof signUp>>;

async function enrolTotp(s: Account) {
  const setup = await s.client.post('/api/v1/auth/two-factor/totp/setup');
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data as { secret: string };
  const at = nextStep();
  const done = await s.client.post('/api/v1/auth/two-factor/totp', { code: await codeAt(secret, at) });
  expect(done.status).toBe(201);
  return { secret, recoveryCodes: done.body.data.recoveryCodes as string[] };
}

/** Password sign-in on a fresh client: the pending sign-in's cookie, and the client (no session yet). */
async function passwordStep(s: Account) {
  const client = new TestClient();
  const res = await client.post(LOGIN, { email: s.email, password: s.password });
  expect(res.status).toBe(200);
  const pending = res.headers
    .getSetCookie()
    .map((c) => /^two_factor=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  expect(pending).toBeTruthy();
  const headers = { cookie: `two_factor=${pending}` };
  const second = (body: unknown) => client.post(SECOND, body, { headers });
  return { client, res, second };
}

async function auditActions(orgId: string, userId: string) {
  const rows = await db.auditLogEntry.findMany({
    where: { orgId, targetId: userId },
    orderBy: { createdAt: 'asc' },
    select: { action: true, changes: true, actorId: true },
  });
  return rows;
}

describe('authenticator app (TOTP)', () => {
  it('enrols with a QR code and a first code, gives ten recovery codes once, emails and audits', async () => {
    const s = await signUp();
    const setup = await s.client.post('/api/v1/auth/two-factor/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, uri, qrSvg } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Tracker:${encodeURIComponent(s.email)}?secret=${secret}&issuer=Tracker`);
    expect(qrSvg).toMatch(/^<svg[^>]*>.*<path/s);
    // Not on yet: a sign-in still needs only the password.
    expect((await s.client.get('/api/v1/auth/two-factor')).body.data.enabled).toBe(false);

    const at = nextStep();
    const wrong = await s.client.post('/api/v1/auth/two-factor/totp', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'That code does not match: enter the current code from your app',
    });
    const done = await s.client.post('/api/v1/auth/two-factor/totp', { code: await codeAt(secret, at) });
    expect(done.status).toBe(201);
    const codes = done.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const rows = await db.recoveryCode.findMany({ where: { userId: s.user.id } });
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(codes.some((c) => r.codeHash.includes(c.replace('-', '')))).toBe(false);

    const status = await s.client.get('/api/v1/auth/two-factor');
    expect(status.body.data).toMatchObject({
      enabled: true,
      totp: { enabled: true },
      webauthn: [],
      recoveryCodes: { total: 10, remaining: 10 },
    });
    expect(status.text).not.toContain(secret);

    const mail = outboxFor(s.email, 'two-factor');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      subject: 'A second factor was added to your account',
      data: { change: 'added', factor: 'An authenticator app' },
    });
    const actions = (await auditActions(s.orgId, s.user.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['two_factor.totp_added', 'two_factor.recovery_codes_generated']));
  });

  it('password then code: wrong code 401, replayed code refused, the next code signs in', async () => {
    const s = await signUp();
    const { secret } = await enrolTotp(s);

    const first = await passwordStep(s);
    expect(first.res.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: 'Enter your second factor',
      data: { twoFactorRequired: true, methods: ['totp', 'recovery'] },
    });
    // No session yet: the pending sign-in opens nothing.
    expect(first.client.cookie).toBeUndefined();
    expect((await first.client.get(ME, { headers: { cookie: first.res.headers.getSetCookie()[0] } })).status).toBe(401);

    const at = nextStep();
    const code = await codeAt(secret, at);
    const wrong = await first.second({ method: 'totp', code: code === '123456' ? '654321' : '123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID);
    const ok = await first.second({ method: 'totp', code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ statusCode: 200, status: 'success', message: 'Logged in' });
    expect((await first.client.get(ME)).status).toBe(200);
    // Completed once: the same pending sign-in cannot start a second session.
    expect((await first.second({ method: 'totp', code })).body.message).toBe(PENDING_EXPIRED);

    // The same code again, in the same 30 seconds, on a new sign-in: refused as a replay.
    const replay = await passwordStep(s);
    const again = await replay.second({ method: 'totp', code });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID);
    // An older code is refused too; the next step's code works.
    const later = nextStep();
    expect((await replay.second({ method: 'totp', code: await codeAt(secret, later) })).status).toBe(200);

    const audit = await auditActions(s.orgId, s.user.id);
    expect(audit.filter((a) => a.action === 'auth.second_factor_failed')).toHaveLength(2);
    expect(audit.filter((a) => a.action === 'auth.sign_in').map((a) => a.changes)).toEqual(
      expect.arrayContaining([{ method: 'password', secondFactor: 'totp' }]),
    );
    expect(audit.every((a) => a.actorId === s.user.id)).toBe(true);
  });

  it('a wrong password is audited as a failed sign-in for every organization of the person', async () => {
    const s = await signUp();
    const other = await signUp();
    await db.membership.create({ data: { orgId: other.orgId, userId: s.user.id, role: 'MEMBER' } });
    const res = await new TestClient().post(LOGIN, { email: s.email, password: 'not the password' });
    expect(res.status).toBe(401);
    for (const orgId of [s.orgId, other.orgId]) {
      const failed = (await auditActions(orgId, s.user.id)).filter((a) => a.action === 'auth.sign_in_failed');
      expect(failed).toEqual([{ action: 'auth.sign_in_failed', changes: { method: 'password' }, actorId: s.user.id }]);
    }
  });
});

describe('recovery codes', () => {
  it('each works once, in any case and spacing; regenerating replaces them all', async () => {
    const s = await signUp();
    const { recoveryCodes } = await enrolTotp(s);
    const a = await passwordStep(s);
    const used = await a.second({ method: 'recovery', code: ` ${recoveryCodes[3].toUpperCase()} ` });
    expect(used.status).toBe(200);
    expect((await a.client.get(ME)).status).toBe(200);

    const b = await passwordStep(s);
    const twice = await b.second({ method: 'recovery', code: recoveryCodes[3] });
    expect(twice.status).toBe(401);
    expect(twice.body).toEqual(INVALID);
    expect((await s.client.get('/api/v1/auth/two-factor')).body.data.recoveryCodes).toEqual({
      total: 10,
      remaining: 9,
    });
    const audit = await auditActions(s.orgId, s.user.id);
    expect(audit.filter((x) => x.action === 'two_factor.recovery_code_used').map((x) => x.changes)).toEqual([
      { remaining: 9 },
    ]);

    const fresh = await s.client.post('/api/v1/auth/two-factor/recovery-codes');
    expect(fresh.status).toBe(201);
    const next = fresh.body.data.recoveryCodes as string[];
    expect(next).toHaveLength(10);
    expect((await b.second({ method: 'recovery', code: recoveryCodes[5] })).status).toBe(401);
    expect((await b.second({ method: 'recovery', code: next[0] })).status).toBe(200);
  });
});

describe('throttling', () => {
  it('five wrong codes burn the pending sign-in; ten per person in 15 minutes, then 429', async () => {
    const s = await signUp();
    const { secret } = await enrolTotp(s);
    const a = await passwordStep(s);
    for (let i = 0; i < 5; i++) expect((await a.second({ method: 'totp', code: '000001' })).body).toEqual(INVALID);
    const burned = await a.second({ method: 'totp', code: await codeAt(secret, nextStep()) });
    expect(burned.body).toEqual({ statusCode: 401, status: 'failed', message: PENDING_EXPIRED });

    const b = await passwordStep(s);
    for (let i = 0; i < 4; i++) expect((await b.second({ method: 'totp', code: '000001' })).status).toBe(401);
    // The eleventh try of this person, even with the right code.
    const limited = await b.second({ method: 'totp', code: await codeAt(secret, nextStep()) });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      status: 'failed',
      message: 'Too many two-factor attempts, try again later',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('removing a factor', () => {
  it('removes the app and the recovery codes, emails, audits and signs out the other sessions', async () => {
    const s = await signUp();
    const { secret } = await enrolTotp(s);
    const other = await passwordStep(s);
    expect((await other.second({ method: 'totp', code: await codeAt(secret, nextStep()) })).status).toBe(200);
    expect((await other.client.get(ME)).status).toBe(200);

    const res = await s.client.delete('/api/v1/auth/two-factor/totp');
    expect(res.status).toBe(200);
    expect((await s.client.get(ME)).status).toBe(200);
    expect((await other.client.get(ME)).status).toBe(401);
    expect(await db.recoveryCode.count({ where: { userId: s.user.id } })).toBe(0);
    expect(outboxFor(s.email, 'two-factor').map((m) => m.data.change)).toEqual(['added', 'removed']);
    const audit = await auditActions(s.orgId, s.user.id);
    expect(audit.filter((a) => a.action === 'two_factor.factor_removed').map((a) => a.changes)).toEqual([
      { factor: 'totp' },
    ]);
    // The password alone signs in again.
    const plain = await new TestClient().post(LOGIN, { email: s.email, password: s.password });
    expect(plain.body.message).toBe('Logged in');
  });
});

describe("an organization's two-factor requirement", () => {
  it('OWNER turns it on; a member without a factor gets 403 by session and by token until enrolled', async () => {
    const owner = await signUp();
    const member = await signUp();
    await db.membership.create({ data: { orgId: owner.orgId, userId: member.user.id, role: 'ADMIN' } });
    await db.session.updateMany({ where: { userId: member.user.id }, data: { activeOrgId: owner.orgId } });
    const made = await member.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.data.token}` };

    // The OWNER needs a factor first.
    const early = await owner.client.patch('/api/v1/organization/two-factor', { requireTwoFactor: true });
    expect(early.status).toBe(400);
    expect(early.body.error).toEqual([
      { path: ['requireTwoFactor'], message: 'Set up two-factor sign-in for your own account first' },
    ]);
    // Only the OWNER.
    expect((await member.client.patch('/api/v1/organization/two-factor', { requireTwoFactor: true })).status).toBe(403);
    await enrolTotp(owner);
    const on = await owner.client.patch('/api/v1/organization/two-factor', { requireTwoFactor: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ requireTwoFactor: true, enrolled: true, membersWithout: 1 });

    const orgName = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).name;
    // The member's existing session: 403 with the way out.
    const bySession = await member.client.get('/api/v1/organization/members');
    expect(bySession.status).toBe(403);
    expect(bySession.body).toEqual({
      statusCode: 403,
      status: 'failed',
      message: `${orgName} requires two-factor sign-in: set up a second factor at /settings/security to continue`,
    });
    // The member's token is refused too.
    const byToken = await new TestClient().get('/api/v1/projects', { headers: bearer });
    expect(byToken.status).toBe(403);
    expect(byToken.body.message).toBe(
      `${orgName} requires two-factor sign-in: this API token's creator has no second factor, so it is refused until they set one up`,
    );
    // Personal routes stay open: the member can enrol.
    expect((await member.client.get(ME)).status).toBe(200);
    // The OWNER is enrolled and not affected.
    expect((await owner.client.get('/api/v1/organization/members')).status).toBe(200);

    await enrolTotp(member);
    expect((await member.client.get('/api/v1/organization/members')).status).toBe(200);
    expect((await new TestClient().get('/api/v1/projects', { headers: bearer })).status).toBe(200);

    // The member cannot drop their last factor while the organization requires one.
    const drop = await member.client.delete('/api/v1/auth/two-factor/totp');
    expect(drop.status).toBe(403);
    expect(drop.body.message).toBe(
      `${orgName} requires two-factor sign-in: add another factor before removing your last one`,
    );

    const audit = await db.auditLogEntry.findMany({
      where: { orgId: owner.orgId, action: 'org.two_factor_required_changed' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: owner.user.id,
      changes: { requireTwoFactor: { from: false, to: true } },
    });
  });
});

describe('provider sign-ins', () => {
  withOAuthProviderEnabled();
  const finish = async (token: Record<string, unknown>) =>
    complete(
      new NextRequest(`${env.appUrl}${COMPLETE_PATH}`, {
        headers: {
          cookie: `next-auth.session-token=${await encode({ token, secret: env.sessionSecret, maxAge: 120 })}`,
        },
      }),
    );

  it('GitHub, Google and OIDC without MFA go to the second step; OIDC whose amr says MFA is trusted', async () => {
    const s = await signUp();
    const { secret } = await enrolTotp(s);
    for (const via of [
      { provider: 'github' },
      { provider: 'google', amr: ['mfa'] },
      { provider: 'oidc', amr: ['pwd'] },
    ]) {
      const res = await finish({ sub: s.user.id, ...via });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${env.appUrl}/login/two-factor`);
      const cookies = res.headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith('session='))).toBe(false);
      const pending = /^two_factor=([^;]+)/.exec(cookies.find((c) => c.startsWith('two_factor='))!)![1];
      const c = new TestClient();
      const ok = await c.post(
        SECOND,
        { method: 'totp', code: await codeAt(secret, nextStep()) },
        { headers: { cookie: `two_factor=${pending}` } },
      );
      expect(ok.status).toBe(200);
      expect((await c.get(ME)).status).toBe(200);
    }
    const trusted = await finish({ sub: s.user.id, provider: 'oidc', amr: ['pwd', 'mfa'] });
    expect(trusted.headers.get('location')).toBe(`${env.appUrl}/`);
    expect(trusted.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
    const signIns = (await auditActions(s.orgId, s.user.id))
      .filter((a) => a.action === 'auth.sign_in')
      .map((a) => a.changes);
    expect(signIns).toEqual(
      expect.arrayContaining([
        { method: 'github', secondFactor: 'totp' },
        { method: 'google', secondFactor: 'totp' },
        { method: 'oidc', secondFactor: 'totp' },
        { method: 'oidc', secondFactor: 'provider' },
      ]),
    );
  });

  it("the hand-off token keeps the provider and the ID token's amr", async () => {
    const jwt = authOptions().callbacks!.jwt!;
    const token = await jwt({
      token: { sub: 'u1' },
      account: { provider: 'oidc', type: 'oauth', providerAccountId: 'x' },
      profile: { amr: ['pwd', 'otp', 7] } as never,
      user: { id: 'u1' },
    } as never);
    expect(token).toEqual({ sub: 'u1', provider: 'oidc', amr: ['pwd', 'otp'] });
  });
});
